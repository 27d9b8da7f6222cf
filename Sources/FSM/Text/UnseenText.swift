/// Characters that change how a terminal or a text view shows the text after them without
/// being seen themselves: DEL and the C1 controls (`U+009B` starts an escape sequence in
/// some terminals), the bidi controls (U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to
/// U+2069: they reorder what follows) and the line and paragraph separators. Together with
/// the C0 controls they are what `TerminalText.visible` (FSMTerminal) shows as escapes; each
/// export writes them in its format's own escaped form (DOT `&#8238;`, Mermaid `#8238;`,
/// JSON `\u202e`, SCXML `&#x202E;`), which reads back as the same name.
package enum UnseenText {
    /// Whether `scalar` is one of them (C0 controls are not: each format has its own rule for those).
    package static func isUnseen(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// Whether the UTF-8 byte can start such a character or a C0 control: a text without any
    /// of these bytes holds neither (a fast test before looking at scalars).
    package static func mayStartUnseen(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xD8 || byte == 0xE2
    }
}

/// User text quoted in a message: whole when short, otherwise cut, with its size, so that a
/// condition of 100 KB or a name of 50 MB does not fill the screen (or a log) when it is
/// refused: `'aaaa…' (52,000,000 characters)`.
package enum EchoedText {
    /// The most Unicode scalars of an input a message shows.
    package static let limit = 200

    /// `'text'`, or for a text of more than ``limit`` Unicode scalars its first ``limit``,
    /// `…`, and its length: `'aaaa…' (52,000,000 characters)`. Control characters are kept:
    /// what prints the message makes them visible.
    package static func quoted(_ text: String) -> String {
        guard let head = head(of: text) else { return "'" + text + "'" }
        return "'" + head + "…' (" + grouped(text.count) + " characters)"
    }

    /// The text as is, or cut as ``quoted(_:)`` cuts it (at `limit` scalars), without
    /// quotes: `aaaa… (52,000,000 characters)`.
    package static func shown(_ text: String, limit: Int = limit) -> String {
        guard let head = head(of: text, limit: limit) else { return text }
        return head + "… (" + grouped(text.count) + " characters)"
    }

    /// The first `limit` scalars of a longer text, or `nil` when it is not longer.
    private static func head(of text: String, limit: Int = limit) -> String? {
        // At most 4 bytes a scalar: a text of up to `limit` bytes is short.
        guard text.utf8.count > limit else { return nil }
        var scalars = text.unicodeScalars.makeIterator()
        var head = String.UnicodeScalarView()
        var count = 0
        while count < limit, let scalar = scalars.next() {
            head.append(scalar)
            count += 1
        }
        return scalars.next() == nil ? nil : String(head)
    }

    /// `52,000,000`.
    package static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return (number < 0 ? "-" : "") + out
    }
}

extension String.StringInterpolation {
    /// `"unknown state \(quoting: name)"`: the name in single quotes, cut when long (``EchoedText/quoted(_:)``).
    package mutating func appendInterpolation(quoting text: String) {
        appendLiteral(EchoedText.quoted(text))
    }

    /// `"unknown event \(quoting: event)"`: the value as `"\(value)"` shows it, quoted and cut when long.
    package mutating func appendInterpolation<T>(quoting value: T) {
        appendLiteral(EchoedText.quoted(String(describing: value)))
    }
}
