/// Minimal JSON text helpers, so that `FSM` needs nothing but the standard library.
package enum JSON {
    /// A JSON string literal for `text`, escaping quotes, backslashes and control characters;
    /// `forHTML` also escapes `<`, `>`, `&`, `'`, DEL and the line and paragraph separators
    /// (as `\u` escapes), so that the JSON can sit inside an HTML `<script>` element whatever
    /// the text says.
    package static func string(_ text: String, forHTML: Bool = false) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || (forHTML && "<>&'\u{7F}\u{2028}\u{2029}".unicodeScalars.contains(scalar)):
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
