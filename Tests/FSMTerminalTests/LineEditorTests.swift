import Foundation
import FSMTerminal
import TestSupport
import Testing

/// A terminal stand-in: hands out scripted chunks of bytes (running scripted actions between
/// them, as another thread printing would), and records what is written.
final class ScriptedTerminal: TerminalDevice, @unchecked Sendable {
    enum Step {
        case bytes([UInt8])
        case action(() -> Void)
    }

    private let lock = NSLock()
    private var steps: [Step]
    private var written = ""
    private(set) var rawModeEntries = 0
    private(set) var isRaw = false
    let width: Int

    init(_ steps: [Step], width: Int = 80) {
        self.steps = steps
        self.width = width
    }

    static func typing(_ texts: String..., width: Int = 80) -> ScriptedTerminal {
        ScriptedTerminal(texts.map { .bytes(Array($0.utf8)) }, width: width)
    }

    var output: String { lock.withLock { written } }

    func read() -> [UInt8]? {
        while true {
            let step: Step? = lock.withLock { steps.isEmpty ? nil : steps.removeFirst() }
            switch step {
            case nil: return nil
            case let .bytes(bytes)?: return bytes
            case let .action(action)?: action()
            }
        }
    }

    func hasInput(within milliseconds: Int) -> Bool {
        lock.withLock { if case .bytes? = steps.first { true } else { false } }
    }

    func write(_ text: String) { lock.withLock { written += text } }
    func enterRawMode() { lock.withLock { rawModeEntries += isRaw ? 0 : 1; isRaw = true } }
    func restoreMode() { lock.withLock { isRaw = false } }
}

/// What a terminal shows on the prompt's row at the end: the text after the last carriage
/// return that starts a redraw, with our own sequences removed.
private func lastRow(_ output: String) -> String {
    let redraws = output.components(separatedBy: "\r")
    let drawn = redraws.dropLast().last { !$0.isEmpty } ?? ""
    return drawn.replacingOccurrences(of: "\u{1B}[K", with: "")
}

@Suite("LineEditor: reading lines at a (scripted) terminal")
struct LineEditorTests {
    @Test("editing in the middle: lgIn, three lefts, o, Enter reads logIn, and the row shows it")
    func edit() {
        let terminal = ScriptedTerminal.typing("lgIn", "\u{1B}[D\u{1B}[D\u{1B}[D", "o", "\r")
        let editor = LineEditor(device: terminal)
        #expect(editor.readLine(prompt: "> ") == "logIn")
        #expect(terminal.output.hasSuffix("\r> logIn\u{1B}[K\r\u{1B}[7C\n"))
        #expect(editor.history == ["logIn"])
    }

    @Test("Ctrl-C clears a line; on an empty line it says how to quit, and a second one quits with a newline and the mode restored")
    func interrupt() {
        let terminal = ScriptedTerminal.typing("abc", "\u{03}", "\u{03}", "\u{03}")
        let editor = LineEditor(device: terminal)
        #expect(editor.readLine(prompt: "> ") == nil)
        #expect(terminal.output.contains("> abc\u{1B}[K\r\u{1B}[5C^C\n"))
        #expect(terminal.output.contains("(Ctrl-C again or Ctrl-D to quit)\n"))
        #expect(terminal.output.hasSuffix("\n"))
        #expect(!terminal.isRaw)
        #expect(editor.history.isEmpty)
    }

    @Test("Ctrl-C then a key then Ctrl-C does not quit: only two in a row do")
    func interruptNotInARow() {
        let terminal = ScriptedTerminal.typing("\u{03}", "x\u{7F}", "\u{03}", "go\r")
        #expect(LineEditor(device: terminal).readLine(prompt: "> ") == "go")
    }

    @Test("Ctrl-D on an empty line ends input with a newline; on a line it deletes under the cursor")
    func endOfInput() {
        let terminal = ScriptedTerminal.typing("ab\u{01}\u{04}\r", "\u{04}")
        let editor = LineEditor(device: terminal)
        #expect(editor.readLine(prompt: "> ") == "b")
        #expect(editor.readLine(prompt: "> ") == nil)
        #expect(terminal.output.hasSuffix("\n"))
        #expect(!terminal.isRaw)
    }

    @Test("the end of input (a closed terminal) returns nil")
    func closed() {
        let terminal = ScriptedTerminal.typing("half")
        #expect(LineEditor(device: terminal).readLine(prompt: "> ") == nil)
    }

    @Test("text printed while someone types goes above; the prompt and the typed text are redrawn, and the line reads on")
    func typedAhead() {
        var editor: LineEditor?
        let terminal = ScriptedTerminal([
            .bytes(Array("logo".utf8)),
            .action { editor?.printAbove("── Home ──\n  koher") },
            .bytes(Array("ut\r".utf8)),
        ])
        editor = LineEditor(device: terminal)
        #expect(editor?.readLine(prompt: "> ") == "logout")
        #expect(terminal.output.contains("\r\u{1B}[K── Home ──\n  koher\n\r> logo\u{1B}[K\r\u{1B}[6C"))
    }

    @Test("between lines, printed text is written as is")
    func printBetweenLines() {
        let terminal = ScriptedTerminal.typing("a\r")
        let editor = LineEditor(device: terminal)
        _ = editor.readLine(prompt: "> ")
        editor.printAbove("reply")
        #expect(terminal.output.hasSuffix("\nreply\n"))
    }

    @Test("several lines in one read (a paste) are read one by one")
    func paste() {
        let terminal = ScriptedTerminal.typing("edit\rlogIn\r\u{04}")
        let editor = LineEditor(device: terminal)
        #expect(editor.readLine(prompt: "> ") == "edit")
        #expect(editor.readLine(prompt: "> ") == "logIn")
        #expect(editor.readLine(prompt: "> ") == nil)
    }

    @Test("history: Up recalls, and it is saved to the file and loaded by the next editor")
    func history() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fsm-history-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = HistoryFile(url: directory.appendingPathComponent("nested/login"), limit: 2)
        let first = LineEditor(device: ScriptedTerminal.typing("one\r", "two\r", "three\r", "\u{1B}[A\u{1B}[A\r"), history: file)
        #expect(first.readLine(prompt: "> ") == "one")
        #expect(first.readLine(prompt: "> ") == "two")
        #expect(first.readLine(prompt: "> ") == "three")
        #expect(first.readLine(prompt: "> ") == "two")
        first.close()
        #expect(file.load() == ["three", "two"])
        let second = LineEditor(device: ScriptedTerminal.typing("\u{1B}[A\u{1B}[A\r"), history: file)
        #expect(second.readLine(prompt: "> ") == "three")
    }

    @Test("Tab completes the word before the cursor, or lists the candidates above the line")
    func completion() {
        let terminal = ScriptedTerminal.typing("l", "\t", "\t", "O", "\t", "\r")
        let editor = LineEditor(device: terminal) { before in
            before.contains(" ") ? [] : ["logIn", "logOut", "edit"]
        }
        #expect(editor.readLine(prompt: "> ") == "logOut ")
        #expect(terminal.output.contains("\r\u{1B}[KlogIn   logOut\n"))
    }

    @Test("Ctrl-L clears the screen and redraws the line")
    func clearScreen() {
        let terminal = ScriptedTerminal.typing("ab", "\u{0C}", "\r")
        #expect(LineEditor(device: terminal).readLine(prompt: "> ") == "ab")
        #expect(terminal.output.contains("\u{1B}[H\u{1B}[2J\r> ab\u{1B}[K"))
    }

    @Test("a line stops growing at the byte limit; at Enter it is refused with its length and the limit, and the next line is read")
    func limit() {
        let terminal = ScriptedTerminal.typing(String(repeating: "é", count: 10), "\r", "go\r")
        let editor = LineEditor(device: terminal, maximumLineBytes: 9)
        #expect(editor.readLine(prompt: "> ") == "go")
        #expect(terminal.output.contains("\r> éééé\u{1B}[K\r\u{1B}[6C\nerror: line too long (20 bytes; at most 9); nothing changed\n"))
        #expect(editor.history == ["go"])
    }

    @Test("typing n characters costs a constant per key, below the limit (n and 8n) and beyond it")
    func lengthCheckIsConstantPerKey() {
        func measured(_ count: Int) -> Int {
            let terminal = ScriptedTerminal.typing(String(repeating: "e", count: count), "\r", "go\r")
            let editor = LineEditor(device: terminal, maximumLineBytes: 1_000)
            #expect(editor.readLine(prompt: "> ") == (count > 1_000 ? "go" : String(repeating: "e", count: count)))
            return editor.measuredBytes
        }
        let small = measured(100), large = measured(800)
        #expect(large <= 8 * small + 64, "100 keys: \(small), 800 keys: \(large)")
        // Beyond the limit (a paste of megabytes): a few bytes per key, not the line's length.
        let beyond = measured(21_000)
        #expect(beyond <= 4 * 21_000, "21,000 keys: \(beyond)")
        #expect(beyond >= 21_000)
    }

    @Test("every C0 and C1 control, DEL and escape sequence typed: none reaches the output raw")
    func noRawControlFromInput() {
        var typed: [UInt8] = Array(0..<0x20).filter { ![0x03, 0x04, 0x0A, 0x0D].contains($0) } + [0x7F]
        typed += Array("\u{1B}]0;PWNED\u{07}\u{1B}[2J\u{1B}[31mred\u{1B}P1$q\u{1B}\\\u{202E}rtl\u{2066}".utf8)
        for value in UInt32(0x80)...0x9F { typed += Array(String(Unicode.Scalar(value)!).utf8) }
        let terminal = ScriptedTerminal([.bytes(typed), .bytes([0x0D])])
        let line = LineEditor(device: terminal).readLine(prompt: "> ")
        #expect(line?.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) } == false)
        // Remove what the editor itself writes; nothing else may be a control character.
        var rest = terminal.output
        for own in ["\u{1B}[K", "\u{1B}[H\u{1B}[2J", "\r", "\n"] { rest = rest.replacingOccurrences(of: own, with: "") }
        rest = rest.replacingOccurrences(of: "\u{1B}\\[[0-9]+C", with: "", options: .regularExpression)
        let raw = rest.unicodeScalars.filter { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) }
        #expect(raw.isEmpty, "raw: \(raw.map { String($0.value, radix: 16) })")
        #expect(lastRow(terminal.output).contains("\\u{202E}rtl\\u{2066}"))
    }
}

@Suite("LineEditor: signals, for the whole process")
struct LineEditorSignalTests {
    @Test("a second editor in the process, after the first closed, still gets its signals (SIGWINCH redraws its line)")
    func secondEditorGetsSignals() {
        let first = LineEditor(device: ScriptedTerminal.typing("\r"))
        first.installSignalHandlers()
        #expect(first.readLine(prompt: "1> ") == "")
        first.close()

        var terminal: ScriptedTerminal?
        var redrawn = false
        terminal = ScriptedTerminal([
            .bytes(Array("ab".utf8)),
            .action {
                // While the second editor reads: a resize must redraw its line, from the
                // signal's handler on another thread. Waits at most 10 s (only when failing).
                let before = terminal?.output.components(separatedBy: "2> ab").count ?? 0
                // The global queues busy, as a CPU-bound suite beside this one keeps them,
                // must not hold the signal back (it did when the handlers ran on `.global()`).
                whileGlobalQueuesBusy {
                    kill(getpid(), SIGWINCH)
                    let deadline = Date().addingTimeInterval(10)
                    while Date() < deadline {
                        if (terminal?.output.components(separatedBy: "2> ab").count ?? 0) > before { redrawn = true; return }
                        usleep(1_000)
                    }
                }
            },
            .bytes(Array("\r".utf8)),
        ])
        guard let device = terminal else { return }
        let second = LineEditor(device: device)
        second.installSignalHandlers()
        #expect(second.readLine(prompt: "2> ") == "ab")
        second.close()
        #expect(redrawn, "SIGWINCH did not reach the second editor")
    }
}

