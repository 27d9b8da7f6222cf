/// A key press, decoded from the bytes a terminal sends.
package enum Key: Hashable, Sendable {
    /// A character to insert (never a control character).
    case character(Character)
    /// Return or Enter.
    case enter
    /// Backspace (DEL or Ctrl-H): delete before the cursor.
    case backspace
    /// Delete (or Ctrl-D on a non-empty line): delete under the cursor.
    case delete
    /// Left arrow or Ctrl-B.
    case left
    /// Right arrow or Ctrl-F.
    case right
    /// Up arrow or Ctrl-P: the previous history entry.
    case up
    /// Down arrow or Ctrl-N: the next history entry.
    case down
    /// Home or Ctrl-A.
    case home
    /// End or Ctrl-E.
    case end
    /// Ctrl-Left, Alt-Left or Alt-B: to the start of the word.
    case wordLeft
    /// Ctrl-Right, Alt-Right or Alt-F: past the end of the word.
    case wordRight
    /// Ctrl-W or Alt-Backspace: delete the word before the cursor.
    case deleteWordBackward
    /// Ctrl-K: delete to the end of the line.
    case deleteToEnd
    /// Ctrl-U: delete to the start of the line.
    case deleteToStart
    /// Tab: complete.
    case tab
    /// Ctrl-C.
    case interrupt
    /// Ctrl-D.
    case endOfInput
    /// Ctrl-L: clear the screen and redraw.
    case clearScreen
    /// Ctrl-Z: stop the process (job control), as outside raw mode.
    case suspend
    /// A key or sequence with no meaning here (ignored, never inserted).
    case ignored
}

/// Turns the bytes a terminal sends into keys. Feed it bytes as they arrive; a sequence
/// split across reads is kept until it is whole. Control characters and unknown escape
/// sequences become ``Key/ignored``: nothing typed is ever inserted raw.
package struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []

    /// A decoder with nothing pending.
    package init() {}

    /// Whether an incomplete sequence is waiting for more bytes (a lone ESC, say).
    package var hasPending: Bool { !pending.isEmpty }

    /// The keys the bytes complete (with what was pending before).
    package mutating func decode<Bytes: Sequence>(_ bytes: Bytes) -> [Key] where Bytes.Element == UInt8 {
        pending.append(contentsOf: bytes)
        var keys: [Key] = []
        var index = 0
        while index < pending.count {
            guard let (key, length) = Self.key(at: index, in: pending) else { break }
            keys.append(key)
            index += length
        }
        pending.removeFirst(index)
        return keys
    }

    /// Ends what is pending: no more bytes came, so a lone ESC was the Escape key (ignored)
    /// and an unfinished character is replaced by U+FFFD.
    package mutating func flush() -> [Key] {
        defer { pending = [] }
        guard let first = pending.first else { return [] }
        return first == 0x1B ? [.ignored] : [.character("\u{FFFD}")]
    }

    /// The key at `index` and how many bytes it takes, or `nil` when more bytes are needed.
    private static func key(at index: Int, in bytes: [UInt8]) -> (Key, Int)? {
        let byte = bytes[index]
        switch byte {
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x09: return (.tab, 1)
        case 0x01: return (.home, 1)
        case 0x02: return (.left, 1)
        case 0x03: return (.interrupt, 1)
        case 0x04: return (.endOfInput, 1)
        case 0x05: return (.end, 1)
        case 0x06: return (.right, 1)
        case 0x0B: return (.deleteToEnd, 1)
        case 0x0C: return (.clearScreen, 1)
        case 0x0E: return (.down, 1)
        case 0x10: return (.up, 1)
        case 0x15: return (.deleteToStart, 1)
        case 0x17: return (.deleteWordBackward, 1)
        case 0x1A: return (.suspend, 1)
        case 0x1B: return escape(at: index, in: bytes)
        case 0..<0x20: return (.ignored, 1)
        case 0x20..<0x80: return (.character(Character(Unicode.Scalar(byte))), 1)
        default: return utf8(at: index, in: bytes)
        }
    }

    /// A UTF-8 sequence; an invalid one is one U+FFFD per bad byte, and a C1 control
    /// (U+0080 to U+009F) is ignored.
    private static func utf8(at index: Int, in bytes: [UInt8]) -> (Key, Int)? {
        let byte = bytes[index]
        let length = byte >= 0xF0 && byte <= 0xF4 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC2 && byte <= 0xDF ? 2 : 0
        guard length > 0, byte < 0xF5 else { return (.character("\u{FFFD}"), 1) }
        var end = index + 1
        while end < index + length {
            guard end < bytes.count else { return nil }
            guard bytes[end] & 0xC0 == 0x80 else { return (.character("\u{FFFD}"), 1) }
            end += 1
        }
        var decoder = UTF8()
        var iterator = bytes[index..<end].makeIterator()
        guard case let .scalarValue(scalar) = decoder.decode(&iterator) else { return (.character("\u{FFFD}"), 1) }
        if (0x80...0x9F).contains(scalar.value) { return (.ignored, length) }
        return (.character(Character(scalar)), length)
    }

    /// ESC and what follows: CSI (`ESC [`) and SS3 (`ESC O`) sequences, Alt with a key.
    private static func escape(at index: Int, in bytes: [UInt8]) -> (Key, Int)? {
        guard index + 1 < bytes.count else { return nil }
        let next = bytes[index + 1]
        switch next {
        case UInt8(ascii: "["):
            var end = index + 2
            while end < bytes.count, (0x20...0x3F).contains(bytes[end]) { end += 1 }
            guard end < bytes.count else { return nil }
            let final = bytes[end]
            let length = end - index + 1
            guard (0x40...0x7E).contains(final) else { return (.ignored, length - 1) }
            let parameters = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
            return (csi(parameters, final), length)
        case UInt8(ascii: "O"):
            guard index + 2 < bytes.count else { return nil }
            let keys: [UInt8: Key] = [0x41: .up, 0x42: .down, 0x43: .right, 0x44: .left, 0x48: .home, 0x46: .end]
            return (keys[bytes[index + 2]] ?? .ignored, 3)
        case UInt8(ascii: "b"), UInt8(ascii: "B"): return (.wordLeft, 2)
        case UInt8(ascii: "f"), UInt8(ascii: "F"): return (.wordRight, 2)
        case 0x7F, 0x08: return (.deleteWordBackward, 2)
        case 0x1B: return (.ignored, 1)
        case 0x20..<0x7F: return (.ignored, 2)
        default: return (.ignored, 1)
        }
    }

    private static func csi(_ parameters: String, _ final: UInt8) -> Key {
        let modified = parameters.contains(";3") || parameters.contains(";5") || parameters.contains(";9")
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return modified ? .wordRight : .right
        case UInt8(ascii: "D"): return modified ? .wordLeft : .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "~"):
            switch parameters.split(separator: ";").first {
            case "1", "7": return .home
            case "4", "8": return .end
            case "3": return .delete
            default: return .ignored
            }
        default: return .ignored
        }
    }
}
