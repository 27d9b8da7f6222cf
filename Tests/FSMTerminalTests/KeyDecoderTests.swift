import FSMTerminal
import Testing

@Suite("KeyDecoder: bytes from a terminal become keys")
struct KeyDecoderTests {
    private func keys(_ bytes: [UInt8]) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.decode(bytes) + decoder.flush()
    }

    private func keys(_ text: String) -> [Key] { keys(Array(text.utf8)) }

    @Test("printable text, UTF-8 included, becomes characters")
    func characters() {
        #expect(keys("aZ é漢") == ["a", "Z", " ", "é", "漢"].map { Key.character($0) })
    }

    @Test("editing keys: arrows in CSI and SS3 forms, Home/End in four forms, Delete, word moves")
    func sequences() {
        #expect(keys("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [.up, .down, .right, .left])
        #expect(keys("\u{1B}OA\u{1B}OB\u{1B}OC\u{1B}OD\u{1B}OH\u{1B}OF") == [.up, .down, .right, .left, .home, .end])
        #expect(keys("\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~\u{1B}[7~\u{1B}[8~") == [.home, .end, .home, .end, .home, .end])
        #expect(keys("\u{1B}[3~") == [.delete])
        #expect(keys("\u{1B}[1;5D\u{1B}[1;5C\u{1B}[1;3D\u{1B}[1;3C\u{1B}b\u{1B}f") == [.wordLeft, .wordRight, .wordLeft, .wordRight, .wordLeft, .wordRight])
        #expect(keys("\u{1B}\u{7F}") == [.deleteWordBackward])
    }

    @Test("control keys", arguments: [
        (UInt8(0x01), Key.home), (0x02, .left), (0x03, .interrupt), (0x04, .endOfInput), (0x05, .end), (0x06, .right),
        (0x08, .backspace), (0x09, .tab), (0x0A, .enter), (0x0B, .deleteToEnd), (0x0C, .clearScreen), (0x0D, .enter),
        (0x0E, .down), (0x10, .up), (0x15, .deleteToStart), (0x17, .deleteWordBackward), (0x1A, .suspend), (0x7F, .backspace),
    ])
    func controls(byte: UInt8, key: Key) {
        #expect(keys([byte]) == [key])
    }

    @Test("every other C0 control, every C1 control and unknown sequences are ignored, never inserted")
    func ignored() {
        let handled: Set<UInt8> = [0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x08, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x0E, 0x10, 0x15, 0x17, 0x1A, 0x1B]
        for byte in UInt8(0)..<0x20 where !handled.contains(byte) {
            #expect(keys([byte]) == [.ignored], "byte \(byte)")
        }
        for value in UInt32(0x80)...0x9F {
            let text = String(Character(Unicode.Scalar(value)!))
            #expect(keys(text) == [.ignored], "U+\(String(value, radix: 16))")
        }
        #expect(keys("\u{1B}]0;PWNED\u{07}") == [.ignored, "0", ";", "P", "W", "N", "E", "D", .ignored].map { $0 })
        #expect(keys("\u{1B}[2J\u{1B}[31m\u{1B}[?25l") == [.ignored, .ignored, .ignored])
        #expect(keys("\u{1B}") == [.ignored])
        #expect(keys("\u{1B}x") == [.ignored])
    }

    @Test("a sequence split across reads is kept until whole")
    func split() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B]).isEmpty)
        #expect(decoder.hasPending)
        #expect(decoder.decode(Array("[".utf8)).isEmpty)
        #expect(decoder.decode(Array("D".utf8)) == [.left])
        #expect(decoder.decode([0xE6, 0xBC]).isEmpty)
        #expect(decoder.decode([0xA2]) == [.character("漢")])
        #expect(!decoder.hasPending)
    }

    @Test("invalid UTF-8 becomes U+FFFD, one per bad byte, and the bytes after it are read")
    func invalid() {
        #expect(keys([0xFF, 0x61]) == [.character("\u{FFFD}"), .character("a")])
        #expect(keys([0xE6, 0x61]) == [.character("\u{FFFD}"), .character("a")])
        #expect(keys([0xC0, 0x80]) == [.character("\u{FFFD}"), .character("\u{FFFD}")])
        #expect(keys([0xE6, 0xBC]) == [.character("\u{FFFD}")])
    }
}

extension Key: ExpressibleByUnicodeScalarLiteral, ExpressibleByExtendedGraphemeClusterLiteral {
    public init(unicodeScalarLiteral value: Character) { self = .character(value) }
    public init(extendedGraphemeClusterLiteral value: Character) { self = .character(value) }
}
