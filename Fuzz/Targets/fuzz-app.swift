// libFuzzer target: arbitrary bytes as one line typed into the Login Challenge app.
// Invariants: parsing never crashes; a command parses back from its canonical line; a
// refused line's message is one line with nothing raw (control and bidi characters
// escaped); the length limit counts bytes.
import FSMTerminal
import LoginChallengeApp

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzApp(_ data: UnsafeRawPointer, _ count: Int) -> CInt {
    let line = String(decoding: UnsafeRawBufferPointer(start: data, count: count), as: UTF8.self)
    let command = AppCommand.parse(line)
    switch command {
    case let .invalid(message):
        check(!message.unicodeScalars.contains(where: TerminalText.needsEscape), "a raw control character in: \(TerminalText.visible(message))")
    default:
        check(line.utf8.count <= AppCommand.maximumLineBytes, "a line of \(line.utf8.count) bytes was accepted")
        guard let canonical = command.line else { check(false, "no line for \(command)"); return 0 }
        check(AppCommand.parse(canonical) == command, "\(command) does not parse back from \(TerminalText.visible(canonical))")
    }
    return 0
}
