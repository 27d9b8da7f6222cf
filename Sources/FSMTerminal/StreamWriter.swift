import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A write to a stream that did not complete: which stream, and the system's error number
/// (`ENOSPC` on a full disk, `EPIPE` when the reader has gone and `SIGPIPE` is ignored).
public struct WriteFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The exit status of a tool that stopped because it could not write: `EX_IOERR`.
    public static let exitStatus: Int32 = 74

    /// The stream, as messages name it (`standard output`).
    public let stream: String
    /// The error number.
    public let code: Int32

    /// A failure of `stream` with error number `code`.
    public init(stream: String, code: Int32) {
        self.stream = stream
        self.code = code
    }

    /// Whether the reader closed its end: the expected end of `tool | head -1`, which a tool
    /// reports by its exit status alone.
    public var isClosedPipe: Bool { code == EPIPE }

    /// `cannot write to standard output: No space left on device`.
    public var description: String { "cannot write to \(stream): \(String(cString: strerror(code)))" }
}

/// The one writer of a file descriptor (standard output or standard error): writes every
/// byte, retrying interruptions and short writes, and reports the first failure to the
/// caller instead of trapping.
///
/// A failure is final: later writes throw it again without touching the descriptor, so a
/// full disk or a closed pipe ends output at one place and never produces a torn line after
/// it. Writes from several threads are serialised, so lines never interleave.
public final class StreamWriter: @unchecked Sendable {
    /// The process's standard output.
    public static let standardOutput = StreamWriter(descriptor: STDOUT_FILENO, stream: "standard output")
    /// The process's standard error.
    public static let standardError = StreamWriter(descriptor: STDERR_FILENO, stream: "standard error")

    private let descriptor: Int32
    private let stream: String
    private let lock = NSLock()
    private var failed: WriteFailure?

    /// A writer of `descriptor`, named `stream` in its failures.
    public init(descriptor: Int32, stream: String) {
        self.descriptor = descriptor
        self.stream = stream
    }

    /// The failure that ended this stream, if any.
    public var failure: WriteFailure? { lock.withLock { failed } }

    /// Writes `text` whole, or throws why it could not (then and on every later call).
    public func write(_ text: String) throws(WriteFailure) {
        lock.lock()
        defer { lock.unlock() }
        if let failed { throw failed }
        if let code = Self.writeAll(descriptor, text) {
            let failure = WriteFailure(stream: stream, code: code)
            failed = failure
            throw failure
        }
    }

    /// Writes every byte of `text` to `descriptor`; returns the error number of a write that
    /// failed, or `nil`. Waits when the descriptor is non-blocking and full.
    static func writeAll(_ descriptor: Int32, _ text: String) -> Int32? {
        var text = text
        return text.withUTF8 { bytes -> Int32? in
            guard let base = bytes.baseAddress else { return nil }
            var offset = 0
            while offset < bytes.count {
                let written = Foundation.write(descriptor, base + offset, bytes.count - offset)
                if written > 0 {
                    offset += written
                    continue
                }
                let code = written < 0 ? errno : EIO
                switch code {
                case EINTR: continue
                case EAGAIN:
                    var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&ready, 1, -1)
                default: return code
                }
            }
            return nil
        }
    }
}
