/// Text that came from a user (typed, piped, read from a script or passed as an argument),
/// made safe to print at a terminal, and measured in terminal columns.
public enum TerminalText {
    /// `text` with every control character (C0, DEL, C1), line and paragraph separator and
    /// bidi control shown as a visible escape (`\e`, `\t`, `\u{9B}`, `\u{202E}`), so that
    /// nothing a user typed can move the cursor, clear the screen, retitle the terminal or
    /// reorder what follows it. Other text is returned unchanged.
    public static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else {
                out.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\u{1B}": out += "\\e"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default: out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return out
    }

    /// A line as a transcript echoes it: made safe with ``visible(_:)`` and, when longer than
    /// `maximumBytes` of UTF-8 (a line the program refuses, its reply giving the length),
    /// cut to its first 60 Unicode scalars and `…` (scalars, not characters: one character
    /// can hold any number of combining marks).
    public static func echoed(_ line: String, maximumBytes: Int) -> String {
        guard line.utf8.count > maximumBytes else { return visible(line) }
        var head = ""
        head.unicodeScalars.append(contentsOf: line.unicodeScalars.prefix(60))
        return visible(head) + "…"
    }

    /// Several lines, each made safe with ``visible(_:)``; the line breaks are kept.
    public static func visibleLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { visible(String($0)) }.joined(separator: "\n")
    }

    /// Whether a scalar is shown escaped by ``visible(_:)``.
    public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// The columns a character takes once made visible: 0 for a lone combining mark or a
    /// zero-width character, 2 for wide (East Asian and emoji) characters, 1 otherwise;
    /// an escaped character takes the width of its escape.
    public static func columns(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if scalars.contains(where: needsEscape) { return visible(String(character)).unicodeScalars.count }
        if first.properties.generalCategory == .nonspacingMark || first.properties.generalCategory == .enclosingMark { return 0 }
        if first.value == 0x200B || first.value == 0x200D || first.value == 0xFEFF { return 0 }
        if scalars.contains(where: { $0.properties.isEmojiPresentation }) { return 2 }
        switch first.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    /// The columns a string takes once made visible.
    public static func columns(_ text: String) -> Int {
        text.reduce(0) { $0 + columns($1) }
    }
}
