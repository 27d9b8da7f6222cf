import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a ``LineEditor`` reads keys from and draws on: a real terminal
/// (``PosixTerminal``), or in tests a scripted stand-in.
public protocol TerminalDevice: AnyObject, Sendable {
    /// Blocks until bytes arrive; returns them, or `nil` at the end of input.
    func read() -> [UInt8]?
    /// Whether bytes arrive within `milliseconds` (to tell a lone ESC from a sequence).
    func hasInput(within milliseconds: Int) -> Bool
    /// Writes bytes as they are.
    func write(_ text: String)
    /// The width in columns (80 when unknown).
    var width: Int { get }
    /// Switches to raw input (no echo, no line discipline, no signals from keys); output is
    /// still post-processed, so `\n` starts a new line.
    func enterRawMode()
    /// Restores the mode found before ``enterRawMode()``.
    func restoreMode()
}

/// The process's terminal, through its file descriptors.
public final class PosixTerminal: TerminalDevice, @unchecked Sendable {
    private let input: Int32
    private let output: Int32
    /// Guards `failure` and serialises writes.
    private let outputLock = NSLock()
    /// Guards the modes: separate from writes, so that restoring the mode (on a signal that
    /// ends the process) never waits behind a write blocked on a terminal that reads nothing.
    private let modeLock = NSLock()
    private var saved: termios?
    private var failure: WriteFailure?
    /// Whether raw mode was left for a stop (job control) and is to be re-entered on resume.
    private var rawBeforeStop = false

    /// A terminal on two descriptors (standard input and output by default).
    public init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) {
        self.input = input
        self.output = output
    }

    /// The process's terminal when both standard input and standard output are terminals;
    /// otherwise `nil` (a pipe or a file: plain lines are read and written).
    public static var standard: PosixTerminal? {
        isatty(STDIN_FILENO) != 0 && isatty(STDOUT_FILENO) != 0 ? PosixTerminal() : nil
    }

    /// Reads what is available, up to 4 KiB; retries when a signal interrupts. Returns `nil`
    /// at the end of input, and once the terminal can no longer be written (it hung up).
    public func read() -> [UInt8]? {
        if writeFailure != nil { return nil }
        return readAvailable(input, upTo: 4_096)
    }

    /// Polls the input descriptor.
    public func hasInput(within milliseconds: Int) -> Bool {
        var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, Int32(milliseconds)) > 0
    }

    /// Writes every byte, retrying short writes and interruptions. After a write fails,
    /// writes nothing more and ``read()`` ends the input; ``writeFailure`` says why.
    public func write(_ text: String) {
        outputLock.lock()
        defer { outputLock.unlock() }
        guard failure == nil else { return }
        if let code = StreamWriter.writeAll(output, text) {
            failure = WriteFailure(stream: "the terminal", code: code)
        }
    }

    /// The write that failed, if one did.
    public var writeFailure: WriteFailure? { outputLock.withLock { failure } }

    /// The window's width from `TIOCGWINSZ`.
    public var width: Int {
        var size = winsize()
        guard ioctl(output, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }

    /// Raw input: no echo, no canonical lines, no signals or flow control from keys, CR not
    /// turned into NL; output processing kept.
    public func enterRawMode() {
        modeLock.lock()
        defer { modeLock.unlock() }
        guard saved == nil else { return }
        var mode = termios()
        guard tcgetattr(input, &mode) == 0 else { return }
        saved = mode
        mode.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        mode.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR | ISTRIP | BRKINT)
        withUnsafeMutableBytes(of: &mode.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        tcsetattr(input, TCSANOW, &mode)
    }

    /// Restores the saved mode, if raw mode was entered.
    public func restoreMode() {
        modeLock.lock()
        defer { modeLock.unlock() }
        restoreLocked()
    }

    /// Before the process stops (SIGTSTP): restores the mode found at the start, remembering
    /// whether raw mode is to be re-entered by ``resumeAfterStop()``.
    public func suspendForStop() {
        modeLock.lock()
        defer { modeLock.unlock() }
        rawBeforeStop = saved != nil
        restoreLocked()
    }

    /// After the process continues (SIGCONT): re-enters raw mode if it was left for the
    /// stop. Returns whether it did.
    @discardableResult
    public func resumeAfterStop() -> Bool {
        let wasRaw = modeLock.withLock { () -> Bool in
            defer { rawBeforeStop = false }
            return rawBeforeStop
        }
        if wasRaw { enterRawMode() }
        return wasRaw
    }

    /// Restores at once (`TCSANOW`), not after the output drains: output processing was
    /// never changed, so what is written is shown the same, and a terminal that stopped
    /// reading cannot hold the restore up.
    private func restoreLocked() {
        guard var mode = saved else { return }
        tcsetattr(input, TCSANOW, &mode)
        saved = nil
    }
}
