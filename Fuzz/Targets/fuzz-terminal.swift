// libFuzzer target: arbitrary bytes typed at a terminal running a REPL session, as
// `fsm repl` does at a terminal (line editor, session, replies printed above the line).
// Invariant: nothing from the input reaches the terminal as a raw control character; the
// only control bytes written are the editor's own (CR, LF, ESC[K, ESC[nC, ESC[H ESC[2J).
import FSM
import FSMREPL
import FSMTerminal

/// A terminal that hands out the input in chunks and records what is written.
final class FuzzTerminal: TerminalDevice, @unchecked Sendable {
    var chunks: [[UInt8]]
    var written: [UInt8] = []
    init(_ chunks: [[UInt8]]) { self.chunks = chunks }
    func read() -> [UInt8]? { chunks.isEmpty ? nil : chunks.removeFirst() }
    func hasInput(within milliseconds: Int) -> Bool { !chunks.isEmpty }
    func write(_ text: String) { written += Array(text.utf8) }
    var width: Int { 40 }
    func enterRawMode() {}
    func restoreMode() {}
}

let terminalMachine = MachineDefinition<String, String, String, Bool>(name: "door", initial: "shut", events: ["open", "close", "lock(key)", "lock(code)"]) {
    In("shut") {
        On("open", to: "open", guard: Guard("unlocked") { $0 }, emit: "creak")
        for way in ["key", "code"] { On("lock(\(way))", to: "locked") }
    }
    In("open") { On("close", to: "shut") }
    Final("locked")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTerminal(_ data: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: data, count: count))
    // Byte 0xFE splits the input into separate reads (sequences split across reads).
    let chunks = bytes.split(separator: 0xFE, omittingEmptySubsequences: true).map(Array.init)
    let terminal = FuzzTerminal(chunks)
    guard let session = try? terminalMachine.makeSession(writeFile: { _, _ in }) else { return 0 }
    let editor = LineEditor(device: terminal, maximumLineBytes: REPLSession.maximumLineLength) { session.completions(for: $0) }
    editor.printAbove(TerminalText.visible(session.banner))
    var lines = 0
    while lines < 64, let line = editor.readLine(prompt: TerminalText.visible(session.prompt)) {
        lines += 1
        let output = session.handle(line)
        if !output.text.isEmpty { editor.printAbove(TerminalText.visibleLines(output.text)) }
        if output.quits { break }
    }
    let shown = OwnSequences.removed(from: terminal.written)
    for scalar in String(decoding: shown, as: UTF8.self).unicodeScalars where scalar != "\n" {
        check(!TerminalText.needsEscape(scalar), "a raw U+\(String(scalar.value, radix: 16)) reached the terminal")
    }
    return 0
}

/// The editor's own control sequences, removed before looking for raw ones.
enum OwnSequences {
    static func removed(from bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0D { index += 1; continue }
            if byte == 0x1B, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") {
                var end = index + 2
                while end < bytes.count, (0x30...0x39).contains(bytes[end]) { end += 1 }
                if end < bytes.count, [UInt8(ascii: "K"), UInt8(ascii: "C"), UInt8(ascii: "H"), UInt8(ascii: "J")].contains(bytes[end]) {
                    let digits = end - index - 2
                    let final = bytes[end]
                    // Only the editor's forms: ESC[K, ESC[nC, ESC[H, ESC[2J.
                    if (final == UInt8(ascii: "K") && digits == 0) || (final == UInt8(ascii: "C") && digits > 0)
                        || (final == UInt8(ascii: "H") && digits == 0) || (final == UInt8(ascii: "J") && bytes[index + 2] == UInt8(ascii: "2") && digits == 1) {
                        index = end + 1
                        continue
                    }
                }
            }
            out.append(byte)
            index += 1
        }
        return out
    }
}
