import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a program with `posix_spawn`, feeding it an input and collecting its output and
/// errors. Standard input is written and standard error read on threads of their own while
/// standard output is read here, so no pipe can fill up and block either side.
///
/// (Foundation's `Process` leaks a small allocation per run on Linux, which fails every
/// LeakSanitizer run of a tool that renders diagrams; this has no such leak.)
package enum Subprocess {
    /// What a run produced.
    package struct Result {
        /// The exit status (128 + the signal number when a signal ended it).
        package let status: Int32
        /// Everything written to standard output.
        package let output: Data
        /// Everything written to standard error.
        package let errors: Data
        /// Whether the program was killed because it ran past its time limit.
        package var timedOut = false
    }

    /// A program that could not be started.
    package struct SpawnError: Error, CustomStringConvertible {
        package let code: Int32
        package var description: String { String(cString: strerror(code)) }
    }

    /// Where the program's standard output or error goes.
    package enum Destination {
        /// A pipe, read whole into the result.
        case collected
        /// A file opened for writing (e.g. `/dev/full`); nothing is collected.
        case file(String)
        /// A pipe whose reading end is closed at once: the program's writes fail with
        /// `EPIPE` (it inherits `SIGPIPE` ignored).
        case closedPipe
    }

    /// Held while pipes are made and a program spawned (see `run`).
    private static let spawnLock = NSLock()

    /// Runs `path` with `arguments` on `input` and waits for it to end.
    package static func run(
        _ path: String, _ arguments: [String], input: Data,
        output outputDestination: Destination = .collected, errors errorsDestination: Destination = .collected,
        timeLimit: Duration? = nil,
        defaultSIGPIPE: Bool = false
    ) throws(SpawnError) -> Result {
        // A program that exits before reading all its input must not kill us with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        spawnLock.lock()
        var stdinPipe: [Int32] = [-1, -1], stdoutPipe: [Int32] = [-1, -1], stderrPipe: [Int32] = [-1, -1]
        // Pipes are made and the program spawned under one lock, and the pipes are
        // close-on-exec, so that a program started at the same time from another thread does
        // not inherit (and hold open) the ends of these pipes: `dot` would never see the end
        // of its input. The child's own 0, 1 and 2 are made by dup2, which clears the flag.
        guard makePipe(&stdinPipe) else { spawnLock.unlock(); throw SpawnError(code: errno) }
        guard makePipe(&stdoutPipe) else { closeAll(stdinPipe); spawnLock.unlock(); throw SpawnError(code: errno) }
        guard makePipe(&stderrPipe) else { closeAll(stdinPipe + stdoutPipe); spawnLock.unlock(); throw SpawnError(code: errno) }

        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // A closed pipe's reading end is closed before the program starts: closed after, a
        // program quick enough (or a parent slow enough, on a loaded machine) would write into
        // the pipe's buffer first, and succeed.
        if case .closedPipe = outputDestination { close(stdoutPipe[0]); stdoutPipe[0] = -1 }
        if case .closedPipe = errorsDestination { close(stderrPipe[0]); stderrPipe[0] = -1 }
        posix_spawn_file_actions_adddup2(&actions, stdinPipe[0], 0)
        for (destination, pipe, descriptor) in [(outputDestination, stdoutPipe, Int32(1)), (errorsDestination, stderrPipe, Int32(2))] {
            if case let .file(file) = destination {
                posix_spawn_file_actions_addopen(&actions, descriptor, file, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            } else {
                posix_spawn_file_actions_adddup2(&actions, pipe[1], descriptor)
            }
        }

        var argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        // With a time limit, the program leads a process group of its own, so that the limit
        // kills what it started too (a child holding the output pipes open would keep the
        // reads waiting). Without one, it stays in ours: a Ctrl-C that ends us ends it.
        #if canImport(Darwin)
        var attributes: posix_spawnattr_t?
        #else
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var flags: Int32 = 0
        if timeLimit != nil {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= Int32(POSIX_SPAWN_SETPGROUP)
        }
        // As a shell starts a program: SIGPIPE does its default action (ends the process),
        // not the ignoring we inherit from the line above.
        if defaultSIGPIPE {
            var defaults = sigset_t()
            sigemptyset(&defaults)
            sigaddset(&defaults, SIGPIPE)
            posix_spawnattr_setsigdefault(&attributes, &defaults)
            flags |= Int32(POSIX_SPAWN_SETSIGDEF)
        }
        if flags != 0 { posix_spawnattr_setflags(&attributes, Int16(flags)) }
        var pid = pid_t()
        var spawned = posix_spawn(&pid, path, &actions, &attributes, &argv, environ)
        // ETXTBSY: the program's file is still open for writing somewhere, typically in a
        // child that another thread forked while the file was being written; it passes as
        // soon as that child execs. Retry for up to half a second.
        var attempts = 0
        while spawned == ETXTBSY && attempts < 250 {
            attempts += 1
            usleep(2_000)
            spawned = posix_spawn(&pid, path, &actions, &attributes, &argv, environ)
        }
        closeAll([stdinPipe[0], stdoutPipe[1], stderrPipe[1]])
        spawnLock.unlock()
        guard spawned == 0 else {
            closeAll([stdinPipe[1], stdoutPipe[0], stderrPipe[0]])
            throw SpawnError(code: spawned)
        }

        // A program that runs past its time limit is killed (SIGKILL), with its process
        // group, so a hung program ends its caller's wait instead of hanging it. The kill is
        // made under the claim, and the program is reaped only after the run claims its end:
        // the pid killed is never one reused after the reaping. (A program that ends just as
        // the limit passes may be reported as timed out, with its own exit status.)
        let ending = Ending()
        if let timeLimit {
            let child = pid
            let nanoseconds = timeLimit.components.seconds * 1_000_000_000 + timeLimit.components.attoseconds / 1_000_000_000
            // A queue of its own: busy global queues must not hold the time limit back.
            DispatchQueue(label: "FSMTool.Subprocess.timeLimit").asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds))) {
                _ = ending.claim(.killed) { kill(-child, SIGKILL) }
            }
        }
        let writerDone = DispatchSemaphore(value: 0)
        let writeFD = stdinPipe[1]
        Thread {
            input.withUnsafeBytes { bytes in
                guard let base = bytes.baseAddress else { return }
                var offset = 0
                while offset < bytes.count {
                    let written = write(writeFD, base + offset, bytes.count - offset)
                    if written < 0 { if errno == EINTR { continue } else { break } }
                    offset += written
                }
            }
            close(writeFD)
            writerDone.signal()
        }.start()
        let errors = Collected()
        let errorsDone = DispatchSemaphore(value: 0)
        let errorFD = stderrPipe[0]
        Thread {
            if errorFD >= 0 { errors.set(readAll(errorFD)) }
            errorsDone.signal()
        }.start()
        let output = stdoutPipe[0] >= 0 ? readAll(stdoutPipe[0]) : Data()
        errorsDone.wait()
        writerDone.wait()
        closeAll([stdoutPipe[0], stderrPipe[0]])

        // The outputs are closed; the program may still run (it closed them itself): wait
        // for it to end without reaping it (WNOWAIT), so that its pid, which the time limit
        // may still kill, is not reused. Then the run is over unless the time limit ended it
        // first; then it is reaped.
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
        let timedOut = !ending.claim(.finished) {}
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exitCode = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Result(status: exitCode, output: output, errors: errors.value, timedOut: timedOut)
    }

    /// A pipe whose two ends are closed on exec.
    private static func makePipe(_ fds: inout [Int32]) -> Bool {
        guard pipe(&fds) == 0 else { return false }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return true
    }

    private static func readAll(_ fd: Int32) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(fd, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            data.append(contentsOf: buffer[0..<count])
        }
        return data
    }

    private static func closeAll(_ fds: [Int32]) {
        for fd in fds where fd >= 0 { close(fd) }
    }

    /// How a run ended, decided once: by its outputs closing or by its time limit.
    private final class Ending: @unchecked Sendable {
        enum Way { case finished, killed }
        private let lock = NSLock()
        private var way: Way?
        /// Decides the way if it is not decided yet, and then runs `action` under the lock (a
        /// later claim waits for it); returns whether this call decided it.
        func claim(_ candidate: Way, then action: () -> Void) -> Bool {
            lock.withLock {
                guard way == nil else { return false }
                way = candidate
                action()
                return true
            }
        }
    }

    /// Bytes read on one thread and handed to another.
    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        func set(_ value: Data) { lock.withLock { data = value } }
        var value: Data { lock.withLock { data } }

    }
}
