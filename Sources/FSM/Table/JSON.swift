/// Minimal JSON text helpers, so that `FSM` needs nothing but the standard library.
package enum JSON {
    /// A JSON string literal for `text`, escaping quotes, backslashes and control characters,
    /// and as `\u` escapes DEL, C1 controls, bidi controls and the line and paragraph
    /// separators (``UnseenText``: the JSON printed at a terminal holds none of them raw, and
    /// reads back the same); `forHTML` also escapes `<`, `>`, `&` and `'`, so that the JSON
    /// can sit inside an HTML `<script>` element whatever the text says.
    package static func string(_ text: String, forHTML: Bool = false) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || UnseenText.isUnseen(scalar) || (forHTML && "<>&'".unicodeScalars.contains(scalar)):
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// JSON text (from any encoder) with each ``UnseenText`` character written as a `\u`
    /// escape: outside strings JSON is ASCII, so each one is inside a string, where the
    /// escape reads back as the same character.
    package static func escapingUnseen(_ json: String) -> String {
        guard json.utf8.contains(where: UnseenText.mayStartUnseen) else { return json }
        var out = ""
        for scalar in json.unicodeScalars {
            if UnseenText.isUnseen(scalar) {
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
