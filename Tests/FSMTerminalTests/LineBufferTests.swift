import FSMTerminal
import Testing

@Suite("LineBuffer: editing, history, completion")
struct LineBufferTests {
    private func typed(_ text: String, into buffer: inout LineBuffer) {
        for character in text { buffer.apply(.character(character)) }
    }

    @Test("moving and inserting: lgIn, three lefts, o gives logIn (the case the issue saw as 'lo')")
    func insertInMiddle() {
        var buffer = LineBuffer()
        typed("lgIn", into: &buffer)
        for _ in 0..<3 { buffer.apply(.left) }
        buffer.apply(.character("o"))
        #expect(buffer.text == "logIn")
        #expect(buffer.cursor == 2)
    }

    @Test("Home, End, word moves, and the deletes")
    func editing() {
        var buffer = LineBuffer()
        typed("fail  network now", into: &buffer)
        buffer.apply(.wordLeft)
        #expect(buffer.cursor == 14)
        buffer.apply(.wordLeft)
        #expect(buffer.cursor == 6)
        buffer.apply(.wordRight)
        #expect(buffer.cursor == 13)
        buffer.apply(.home)
        #expect(buffer.cursor == 0)
        do { let changed = buffer.apply(.left); #expect(!changed) }
        do { let changed = buffer.apply(.backspace); #expect(!changed) }
        buffer.apply(.delete)
        #expect(buffer.text == "ail  network now")
        buffer.apply(.end)
        buffer.apply(.deleteWordBackward)
        #expect(buffer.text == "ail  network ")
        buffer.apply(.deleteWordBackward)
        #expect(buffer.text == "ail  ")
        buffer.apply(.backspace)
        #expect(buffer.text == "ail ")
        buffer.apply(.home)
        buffer.apply(.right)
        buffer.apply(.deleteToEnd)
        #expect(buffer.text == "a")
        typed("xyz", into: &buffer)
        buffer.apply(.left)
        buffer.apply(.deleteToStart)
        #expect(buffer.text == "z")
        #expect(buffer.cursor == 0)
        do { let changed = buffer.apply(.delete); #expect(changed) }
        #expect(buffer.text.isEmpty)
    }

    @Test("history: up recalls older entries, down comes back to the line being typed; duplicates and blanks are not added")
    func history() {
        var buffer = LineBuffer(history: ["logIn"])
        typed("edit", into: &buffer)
        #expect(buffer.accept() == "edit")
        typed("edit", into: &buffer)
        _ = buffer.accept()
        typed("   ", into: &buffer)
        _ = buffer.accept()
        typed("edit  ", into: &buffer)
        #expect(buffer.accept() == "edit  ")
        #expect(buffer.history == ["logIn", "edit"])
        typed("dra", into: &buffer)
        buffer.apply(.up)
        #expect(buffer.text == "edit")
        buffer.apply(.up)
        #expect(buffer.text == "logIn")
        do { let changed = buffer.apply(.up); #expect(!changed) }
        buffer.apply(.down)
        buffer.apply(.down)
        #expect(buffer.text == "dra")
        #expect(buffer.cursor == 3)
        do { let changed = buffer.apply(.down); #expect(!changed) }
    }

    @Test("completion: the only candidate and a space, the common prefix, a list, or nothing")
    func completion() {
        let events = ["logIn", "logOut", "edit", "fail(network)", "fail(server)"]
        #expect(Completion.complete("ed", among: events) == .replace("edit "))
        #expect(Completion.complete("lo", among: events) == .replace("log"))
        #expect(Completion.complete("log", among: events) == .list(["logIn", "logOut"]))
        #expect(Completion.complete("f", among: events) == .replace("fail("))
        #expect(Completion.complete("LOGI", among: events) == .replace("logIn "))
        #expect(Completion.complete("zz", among: events) == .none)
        #expect(Completion.complete("", among: ["a", "a"]) == .replace("a "))
        var buffer = LineBuffer()
        typed(":guard ha", into: &buffer)
        #expect(buffer.wordBeforeCursor == "ha")
        buffer.replaceWordBeforeCursor(with: "has key ")
        #expect(buffer.text == ":guard has key ")
    }
}

@Suite("LineRenderer: the prompt and the line on one row")
struct LineRendererTests {
    private func buffer(_ text: String, cursor: Int? = nil) -> LineBuffer {
        var buffer = LineBuffer()
        buffer.insert(text)
        for _ in 0..<(text.count - (cursor ?? text.count)) { buffer.apply(.left) }
        return buffer
    }

    @Test("prompt, text, erase to the end, cursor placed by column")
    func plain() {
        #expect(LineRenderer.render(prompt: "> ", buffer: buffer("logIn", cursor: 2), width: 80) == "\r> logIn\u{1B}[K\r\u{1B}[4C")
        #expect(LineRenderer.render(prompt: "", buffer: buffer(""), width: 80) == "\r\u{1B}[K\r")
    }

    @Test("typed control and bidi characters are drawn escaped, and the cursor counts the escape's width")
    func escaped() {
        let shown = LineRenderer.render(prompt: "> ", buffer: buffer("a\u{202E}b"), width: 80)
        #expect(shown == "\r> a\\u{202E}b\u{1B}[K\r\u{1B}[12C")
    }

    @Test("wide characters take two columns")
    func wide() {
        #expect(LineRenderer.render(prompt: "> ", buffer: buffer("漢字"), width: 80).hasSuffix("\r\u{1B}[6C"))
        #expect(TerminalText.columns("e\u{301}") == 1)
    }

    @Test("a line wider than the terminal scrolls sideways: never wraps, the cursor stays on screen")
    func scrolls() {
        let long = String(repeating: "abcdefghij", count: 3)
        #expect(LineRenderer.render(prompt: "> ", buffer: buffer(long), width: 12) == "\r> cdefghij\u{1B}[K\r\u{1B}[10C")
        #expect(LineRenderer.render(prompt: "> ", buffer: buffer(long, cursor: 0), width: 12) == "\r> abcdefghi\u{1B}[K\r\u{1B}[2C")
        #expect(LineRenderer.render(prompt: "> ", buffer: buffer(long, cursor: 15), width: 12) == "\r> hijabcdef\u{1B}[K\r\u{1B}[10C")
    }
}
