import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads plain lines from a file descriptor (standard input through a pipe or a file):
/// LF, CR and CRLF each end a line, invalid UTF-8 is repaired (U+FFFD), and a line longer
/// than ``maximumLineBytes`` is cut there, the rest of it read and dropped, so that no input
/// can make the reader hold more than that.
public final class LineReader: @unchecked Sendable {
    /// Standard input.
    public static let standardInput = LineReader(descriptor: STDIN_FILENO)

    /// The most bytes of one line kept (16 MiB); the rest of a longer line is dropped.
    public let maximumLineBytes: Int

    /// The next bytes of the input, or `nil` at its end.
    private let readChunk: @Sendable () -> [UInt8]?
    private let lock = NSLock()
    private var buffer: [UInt8] = []
    private var start = 0
    private var ended = false
    /// Whether the last line ended with a CR, so that an LF right after it is part of that
    /// line's end (CRLF), not an empty line.
    private var afterCR = false

    /// A reader of `descriptor`.
    public convenience init(descriptor: Int32, maximumLineBytes: Int = 16 << 20) {
        self.init(maximumLineBytes: maximumLineBytes) { readAvailable(descriptor, upTo: 65_536) }
    }

    /// A reader of the chunks `readChunk` returns, until it returns `nil`.
    init(maximumLineBytes: Int = 16 << 20, readChunk: @escaping @Sendable () -> [UInt8]?) {
        self.readChunk = readChunk
        self.maximumLineBytes = max(1, maximumLineBytes)
    }

    /// The next line without its end, or `nil` at the end of input (or on a read error).
    /// The last line counts even without a line end.
    public func next() -> String? {
        lock.lock()
        defer { lock.unlock() }
        var line: [UInt8] = []
        var sawAnything = false
        while true {
            if start == buffer.count {
                guard !ended, fill() else {
                    return sawAnything ? String(decoding: line, as: UTF8.self) : nil
                }
            }
            if afterCR {
                afterCR = false
                if buffer[start] == 0x0A {
                    start += 1
                    continue
                }
            }
            sawAnything = true
            let rest = buffer[start...]
            if let end = rest.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) {
                append(buffer[start..<end], to: &line)
                afterCR = buffer[end] == 0x0D
                start = end + 1
                return String(decoding: line, as: UTF8.self)
            }
            append(rest, to: &line)
            start = buffer.count
        }
    }

    private func append(_ bytes: ArraySlice<UInt8>, to line: inout [UInt8]) {
        let room = maximumLineBytes - line.count
        if room > 0 { line += bytes.prefix(room) }
    }

    /// Reads more bytes into an emptied buffer; `false` at the end of input or an error.
    private func fill() -> Bool {
        start = 0
        while let chunk = readChunk() {
            if chunk.isEmpty { continue }
            buffer = chunk
            return true
        }
        buffer = []
        ended = true
        return false
    }
}

/// Reads what is available from `descriptor`, up to `capacity` bytes, retrying when a signal
/// interrupts; `nil` at the end of input or on an error.
func readAvailable(_ descriptor: Int32, upTo capacity: Int) -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: capacity)
    while true {
        let count = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
        if count > 0 { return Array(buffer[..<count]) }
        if count < 0 && errno == EINTR { continue }
        return nil
    }
}
