import Foundation
@testable import FSMTerminal
import Testing

/// The lines a reader gives for input that arrives in the chunks given.
private func lines(_ chunks: [[UInt8]], maximumLineBytes: Int = 16 << 20) -> [String] {
    let source = Chunks(chunks)
    let reader = LineReader(maximumLineBytes: maximumLineBytes) { source.next() }
    var result: [String] = []
    while let line = reader.next() { result.append(line) }
    return result
}

/// Chunks handed out one at a time, as reads of a pipe return them.
private final class Chunks: @unchecked Sendable {
    private let lock = NSLock()
    private var chunks: [[UInt8]]
    init(_ chunks: [[UInt8]]) { self.chunks = chunks }
    func next() -> [UInt8]? { lock.withLock { chunks.isEmpty ? nil : chunks.removeFirst() } }
}

@Suite("LineReader: plain lines from a pipe")
struct LineReaderTests {
    @Test("LF, CR and CRLF each end a line, also when split across reads", arguments: [
        (["a\nb\n"], ["a", "b"]),
        (["a\rb\r"], ["a", "b"]),
        (["a\r\nb\r\n"], ["a", "b"]),
        (["a\r", "\nb"], ["a", "b"]),
        (["a\r", "\r", "\nb"], ["a", "", "b"]),
        (["a\n\nb"], ["a", "", "b"]),
        (["", "a"], ["a"]),
        ([], []),
    ])
    func lineEnds(chunks: [String], expected: [String]) {
        #expect(lines(chunks.map { Array($0.utf8) }) == expected)
    }

    @Test("invalid UTF-8 is repaired, not fatal")
    func invalidUTF8() {
        #expect(lines([[0x61, 0xFF, 0x62, 0x0A]]) == ["a\u{FFFD}b"])
    }

    @Test("a line longer than the limit is cut there, and the next line is whole")
    func longLine() {
        let long = [UInt8](repeating: 0x78, count: 200_000)
        let result = lines([long, Array("\nok\n".utf8)], maximumLineBytes: 1_000)
        #expect(result.count == 2)
        #expect(result.first?.utf8.count == 1_000)
        #expect(result.last == "ok")
    }
}
