import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way the tool writes a file (`:save`, `--coverage-out`, `explore --output`,
/// `diagrams`, the line editor's history): only a regular file or a new name is written.
///
/// - An existing device, FIFO, socket or folder is refused with what it is
///   (`'/x/y' is a character device: fsm writes only regular files`); nothing is written.
/// - A symbolic link is followed (link after link) to the file it names, and that file is
///   replaced in its own folder; the link itself stays a link. A link to a name that does
///   not exist yet creates that file.
/// - A new name in a folder that does not exist is refused (the folder is not made).
/// - The bytes go to a temporary `.NAME.PID.tmp` beside the file, flushed, then renamed over
///   it (a reader never sees half a file). An existing file keeps its permissions.
/// - The temporaries of the moment are removed when SIGINT, SIGTERM or SIGHUP ends the
///   process (see ``Temporaries``), and a later write into the same folder removes the
///   `.NAME.PID.tmp` files of a process that is no longer alive.
package enum RegularFile {
    /// Why a file was not written, in words that complete "cannot write PATH: ".
    package struct Failure: Error, CustomStringConvertible, Equatable {
        package let description: String
        /// The error number, when a system call failed (`nil` for a refusal by type).
        package let code: Int32?

        package init(_ description: String, code: Int32? = nil) {
            self.description = description
            self.code = code
        }

        /// A failed system call, in a few plain words.
        package static func system(_ code: Int32) -> Failure {
            Failure(RegularFile.reason(code), code: code)
        }
    }

    /// What a file type is called in a refusal, e.g. `a character device`.
    static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a folder"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFIFO: "a FIFO (a named pipe)"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        default: "not a regular file"
        }
    }

    /// The file a write to `path` replaces or creates: `path` itself, or where its symbolic
    /// links lead. Throws, naming the path and what it is, for anything but a regular file or
    /// a new name in an existing folder.
    /// - Parameter tool: The tool's name, for the refusal (`fsm writes only regular files`).
    package static func destination(of path: String, tool: String) throws(Failure) -> String {
        guard !path.isEmpty else { throw Failure("the file name is empty") }
        guard !path.hasSuffix("/") else {
            throw Failure("'\(path)' ends with '/', so it names a folder: \(tool) writes only regular files (give a file name)")
        }
        var current = path
        for _ in 0..<40 {
            var status = stat()
            if lstat(current, &status) != 0 {
                let code = errno
                guard code == ENOENT else { throw Failure("'\(current)': \(reason(code))", code: code) }
                try checkFolder(of: current, named: path)
                return current
            }
            switch status.st_mode & S_IFMT {
            case S_IFREG:
                return current
            case S_IFLNK:
                guard let next = linkTarget(current) else { throw Failure.system(errno) }
                current = next.hasPrefix("/") ? next : folder(of: current) + "/" + next
            default:
                let what = current == path ? "'\(path)'" : "'\(current)' (where the link '\(path)' leads)"
                let hint = status.st_mode & S_IFMT == S_IFDIR ? " (give a file name in it)" : ""
                throw Failure("\(what) is \(kind(status.st_mode)): \(tool) writes only regular files\(hint)")
            }
        }
        throw Failure("'\(path)': too many levels of symbolic links", code: ELOOP)
    }

    /// Refuses a new name whose folder is missing or not a folder.
    private static func checkFolder(of path: String, named shown: String) throws(Failure) {
        let parent = folder(of: path)
        var status = stat()
        guard stat(parent, &status) == 0 else {
            let code = errno
            if code == ENOENT {
                throw Failure("the folder '\(parent)' does not exist (create it first, or give a path in an existing folder)", code: code)
            }
            if code == ENOTDIR { throw Failure("a folder on the path '\(parent)' is a file", code: code) }
            throw Failure("'\(parent)': \(reason(code))", code: code)
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw Failure("'\(parent)' is \(kind(status.st_mode)), not a folder", code: ENOTDIR)
        }
    }

    /// Writes `bytes` to the file at `path` (see the type's documentation).
    /// - Parameters:
    ///   - permissions: The permissions of a new file (an existing one keeps its own).
    ///   - tool: The tool's name, for a refusal.
    package static func write(_ bytes: some Collection<UInt8>, to path: String, permissions: mode_t = 0o644, tool: String) throws(Failure) {
        let target = try destination(of: path, tool: tool)
        let parent = folder(of: target)
        let name = fileName(of: target)
        sweepStale(in: parent, names: [name])
        var status = stat()
        let mode = stat(target, &status) == 0 ? status.st_mode & 0o7777 : permissions
        let temporary = temporaryPath(for: target)
        try create(temporary, Array(bytes), permissions: mode)
        // What is there now, just before the rename: a device put in place meanwhile is not replaced.
        if lstat(target, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
            remove(temporary)
            throw Failure("'\(target)' is \(kind(status.st_mode)): \(tool) writes only regular files")
        }
        guard rename(temporary, target) == 0 else {
            let code = errno
            remove(temporary)
            throw Failure.system(code)
        }
        Temporaries.unregister(temporary)
    }

    /// `FOLDER/.NAME.PID.tmp`, the temporary a write to `target` goes through.
    package static func temporaryPath(for target: String) -> String {
        folder(of: target) + "/." + fileName(of: target) + ".\(getpid()).tmp"
    }

    /// Creates the new file `path` (none may be there: a leftover of an earlier process
    /// with this process's number is removed first) with `bytes`, flushed to the disk, and
    /// registers it with ``Temporaries`` until ``remove(_:)`` or a rename's
    /// ``Temporaries/unregister(_:)``.
    package static func create(_ path: String, _ bytes: [UInt8], permissions: mode_t) throws(Failure) {
        Temporaries.register(path)
        var descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, permissions)
        if descriptor < 0 && errno == EEXIST {
            // Only our own naming, so only a leftover of a process that had our number.
            unlink(path)
            descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, permissions)
        }
        guard descriptor >= 0 else {
            let code = errno
            Temporaries.unregister(path)
            throw Failure.system(code)
        }
        var code: Int32?
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                let written = Foundation.write(descriptor, base + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    code = written < 0 ? errno : EIO
                    return
                }
            }
        }
        // The umask narrowed a new file's permissions; an existing file's are kept exactly.
        if code == nil, fchmod(descriptor, permissions) != 0 { code = errno }
        if code == nil, fsync(descriptor) != 0 { code = errno }
        if close(descriptor) != 0, code == nil { code = errno }
        if let code {
            remove(path)
            throw Failure.system(code)
        }
    }

    /// Removes a temporary and forgets it.
    package static func remove(_ path: String) {
        unlink(path)
        Temporaries.unregister(path)
    }

    /// Removes, in `folder`, the temporaries `.NAME.PID.tmp` of the given names (every name
    /// when `nil`) left by a process that is no longer alive (killed with SIGKILL, or before
    /// this rule). A temporary of a live process is left alone: it may be writing.
    package static func sweepStale(in folder: String, names: Set<String>? = nil) {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        let me = getpid()
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            guard let (file, pid) = parseTemporary(name), pid != me, names?.contains(file) ?? true else { continue }
            guard kill(pid, 0) != 0, errno == ESRCH else { continue }
            let path = folder + "/" + name
            var status = stat()
            if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG { unlink(path) }
        }
    }

    /// `(NAME, PID)` of a temporary's name `.NAME.PID.tmp`, or `nil`.
    static func parseTemporary(_ name: String) -> (String, pid_t)? {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return nil }
        let middle = name.dropFirst().dropLast(4)
        guard let dot = middle.lastIndex(of: ".") else { return nil }
        let digits = middle[middle.index(after: dot)...]
        guard !digits.isEmpty, digits.count <= 10, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let pid = pid_t(digits), pid > 0 else { return nil }
        let file = String(middle[..<dot])
        return file.isEmpty ? nil : (file, pid)
    }

    /// The bytes of `path` when it is a regular file (links followed), at most `limit`;
    /// `nil` for anything else. Opened without waiting, so a FIFO never blocks.
    package static func contents(of path: String, limit: Int = 64 << 20) -> [UInt8]? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) <= limit else { return nil }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { return bytes }
            bytes += buffer[0..<count]
            guard bytes.count <= limit else { return nil }
        }
    }

    /// The folder of a path (`.` for a bare name, `/` for a name at the root).
    package static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last component of a path.
    package static func fileName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// Where a symbolic link points, or `nil` (errno set).
    private static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A system error in a few plain words, starting with a small letter.
    package static func reason(_ code: Int32) -> String {
        switch code {
        case ENOSPC: return "no space left on the device"
        case EACCES, EPERM: return "permission denied"
        case EROFS: return "the volume is read-only"
        case ENOENT: return "no such file or directory"
        default:
            let text = String(cString: strerror(code))
            return text.prefix(1).lowercased() + text.dropFirst()
        }
    }
}

/// The temporaries being written at the moment, removed when SIGINT, SIGTERM or SIGHUP ends
/// the process, or when it exits: a kill during `diagrams` leaves no `.NAME.PID.tmp` behind.
///
/// The handler is installed for a signal only while the signal does its default action (it
/// ends the process): a signal the program ignores or handles itself (the line editor's
/// handlers, `nohup`) is left as it is, and the exit handler covers a program that exits
/// from its own handler. The handler removes the registered files (`unlink` only: safe in
/// a signal handler), then gives the signal its default action again and raises it, so the
/// process ends as the signal says.
package enum Temporaries {
    /// How many temporaries are registered at once at most (more are still written, and
    /// swept by a later run if a signal catches them).
    static let capacity = 1_024
    private static let pathCapacity = Int(PATH_MAX) + 1
    /// Per slot, the registered path (`nil`: free). Read by the signal handler.
    nonisolated(unsafe) private static let active: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        slots.initialize(repeating: nil, count: capacity)
        return slots
    }()
    /// Per slot, its buffer, made on first use and kept (the handler never reads freed memory).
    nonisolated(unsafe) private static let buffers: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        slots.initialize(repeating: nil, count: capacity)
        return slots
    }()
    private static let lock = NSLock()
    nonisolated(unsafe) private static var installed = false

    /// Registers a temporary, to be removed if a signal ends the process before it is renamed.
    package static func register(_ path: String) {
        let bytes = Array(path.utf8)
        guard bytes.count < pathCapacity else { return }
        lock.withLock {
            installHandlers()
            guard let slot = (0..<capacity).first(where: { active[$0] == nil }) else { return }
            let buffer = buffers[slot] ?? {
                let made = UnsafeMutablePointer<CChar>.allocate(capacity: pathCapacity)
                buffers[slot] = made
                return made
            }()
            for (index, byte) in bytes.enumerated() { buffer[index] = CChar(bitPattern: byte) }
            buffer[bytes.count] = 0
            active[slot] = buffer
        }
    }

    /// Forgets a temporary (renamed or removed).
    package static func unregister(_ path: String) {
        lock.withLock {
            for slot in 0..<capacity {
                if let registered = active[slot], String(cString: registered) == path {
                    active[slot] = nil
                    return
                }
            }
        }
    }

    /// The paths registered now.
    package static var registered: [String] {
        lock.withLock { (0..<capacity).compactMap { active[$0].map { String(cString: $0) } } }
    }

    /// Removes every registered temporary: `unlink` only, for the signal handler.
    fileprivate static func removeAll() {
        for slot in 0..<capacity {
            if let path = active[slot] { unlink(path) }
        }
    }

    private static func installHandlers() {
        guard !installed else { return }
        installed = true
        // Made now, not lazily inside the handler (no allocation in a signal handler).
        _ = active
        _ = buffers
        atexit { Temporaries.removeAll() }
        for number in [SIGINT, SIGTERM, SIGHUP] {
            var current = sigaction()
            guard sigaction(number, nil, &current) == 0, isDefault(current) else { continue }
            var action = sigaction()
            #if canImport(Darwin)
            action.__sigaction_u.__sa_handler = { number in Temporaries.removeAll(); signal(number, SIG_DFL); raise(number) }
            action.sa_flags = SA_NODEFER
            #else
            action.__sigaction_handler.sa_handler = { number in Temporaries.removeAll(); signal(number, SIG_DFL); raise(number) }
            action.sa_flags = Int32(SA_NODEFER)
            #endif
            sigemptyset(&action.sa_mask)
            sigaction(number, &action, nil)
        }
    }

    private static func isDefault(_ action: sigaction) -> Bool {
        #if canImport(Darwin)
        action.__sigaction_u.__sa_handler == nil
        #else
        action.sa_flags & Int32(SA_SIGINFO) == 0 && action.__sigaction_handler.sa_handler == nil
        #endif
    }
}
