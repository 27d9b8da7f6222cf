/// User-supplied text made safe to print at a terminal.
enum TerminalSafe {
    /// `text` with every control character (C0, DEL, C1) and bidi control shown as a visible
    /// escape (`\e`, `\n`, `\u{9B}`), so that nothing a user typed can move the cursor, clear
    /// the screen or retitle the terminal.
    static func text(_ text: String) -> String {
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

    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}

extension TerminalSafe {
    /// Several lines of text, each made safe with ``text(_:)``, the line breaks kept.
    static func lines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { Self.text(String($0)) }.joined(separator: "\n")
    }
}
