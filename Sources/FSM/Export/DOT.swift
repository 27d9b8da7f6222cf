/// Graphviz text helpers.
enum DOT {
    /// Appends `text` as a DOT quoted string that Graphviz draws as exactly `text` (see
    /// ``appendEscaped(_:to:)``).
    static func appendQuoted(_ text: String, to out: inout String) {
        out += "\""
        appendEscaped(text, to: &out)
        out += "\""
    }

    /// The widest line of an edge's label, in characters, before it wraps.
    static var labelWidth: Int { 20 }

    /// The lines of a transition's effects under its event: `/ a, b,` then `c, d`, each line
    /// about `width` characters at most (an effect longer than that has a line of its own).
    static func wrapped(_ effects: [String], width: Int = labelWidth) -> [String] {
        wrapped(effects, after: "/", width: width)
    }

    /// A list as lines: `prefix a, b,` then `c, d`, each line about `width` characters at
    /// most, counted before `escape` (an item longer than that has a line of its own, or two:
    /// ``brokenAtPayload(_:width:)``); no line for an empty list.
    static func wrapped(_ items: [String], after prefix: String, width: Int = labelWidth, escape: (String) -> String = { $0 }) -> [String] {
        guard !items.isEmpty else { return [] }
        var lines: [String] = []
        var line = prefix
        var length = prefix.count
        var empty = true
        for (position, item) in items.enumerated() {
            let comma = position < items.count - 1 ? "," : ""
            let parts = brokenAtPayload(item, width: width)
            for (k, part) in parts.enumerated() {
                let text = k == parts.count - 1 ? comma : ""
                let count = part.count + text.count
                // A payload broken off its name starts a line of its own.
                if !empty && (k > 0 || length + 1 + count > width) {
                    lines.append(line)
                    line = escape(part) + text
                    length = count
                } else {
                    // (No space after an empty prefix.)
                    let space = line.isEmpty ? 0 : 1
                    line += (space == 0 ? "" : " ") + escape(part) + text
                    length += space + count
                }
                empty = false
            }
        }
        lines.append(line)
        return lines
    }

    /// `text` as one line, or, when it is longer than `width` characters and ends with a
    /// parenthesised payload after a name (`failToLoad(authentication)`), as two: the name
    /// and the payload (`(authentication)`), each narrower than the whole. Four such labels
    /// side by side between two ranks made home-loading wider than a docs column.
    static func brokenAtPayload(_ text: String, width: Int = labelWidth) -> [String] {
        guard text.count > width, text.hasSuffix(")"), let open = text.firstIndex(of: "("), open != text.startIndex else { return [text] }
        return [String(text[..<open]), String(text[open...])]
    }

    /// Appends `text` escaped for an HTML-like label: `&`, `<`, `>` and `"` as entities, a
    /// backslash doubled (Graphviz still expands `\N` and the like there), line breaks as
    /// `<BR/>`, other control characters and U+FFFE, U+FFFF (not XML characters: Graphviz
    /// refuses the label) replaced by U+FFFD (such a label cannot draw a tab:
    /// callers use a plain label for text with one), C1 and bidi controls and the line and
    /// paragraph separators as references (`&#8238;`).
    static func appendHTMLEscaped(_ text: String, to out: inout String) {
        guard text.utf8.contains(UInt8(ascii: "]")) else {
            // No bracket: each scalar on its own (the common case, without collecting lines).
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\n": out += "<BR/>"
                default: appendHTMLEscaped(scalar, to: &out)
                }
            }
            return
        }
        var line: [Unicode.Scalar] = []
        /// Appends one line (no line break in it).
        func flush() {
            // Graphviz's lexer of HTML-like labels refuses some lines made only of `]` (a cell
            // `<TD>]</TD>`, `]` after a `<BR/>` at the end): found by fuzzing; such a line's
            // brackets are written `&#93;` (drawn the same), any other `]` as itself.
            let onlyBrackets = line.contains("]") && line.allSatisfy { $0 == "]" || $0 == "\r" }
            for scalar in line {
                if scalar == "]" && onlyBrackets { out += "&#93;" } else { appendHTMLEscaped(scalar, to: &out) }
            }
            line.removeAll(keepingCapacity: true)
        }
        for scalar in text.unicodeScalars {
            if scalar == "\n" {
                flush()
                out += "<BR/>"
            } else {
                line.append(scalar)
            }
        }
        flush()
    }

    /// Appends one scalar (not a line break) escaped for an HTML-like label.
    private static func appendHTMLEscaped(_ scalar: Unicode.Scalar, to out: inout String) {
        switch scalar {
        case "\\": out += "\\\\"
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "\r": break
        case _ where scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0xFFFE || scalar.value == 0xFFFF: out += "\u{FFFD}"
        case _ where UnseenText.isUnseen(scalar): appendReference(scalar, to: &out)
        default: out.unicodeScalars.append(scalar)
        }
    }

    /// Appends `&#8238;` for a C1 or bidi control or a line or paragraph separator
    /// (``UnseenText``): Graphviz decodes it, so the drawing holds the name as it is, and
    /// the DOT text printed at a terminal holds none of them raw.
    static func appendReference(_ scalar: Unicode.Scalar, to out: inout String) {
        out += "&#" + String(scalar.value) + ";"
    }

    /// Appends `text` escaped for the inside of a DOT quoted string: backslashes and quotes
    /// escaped (so `\N`, `\l` and the like stay literal), `&` written as `&amp;` (Graphviz
    /// decodes HTML entities such as `&lt;` or `&#35;` in labels), line breaks as `\n`, a tab
    /// kept (Graphviz draws it, and SVG may hold it), other control characters and U+FFFE,
    /// U+FFFF replaced by U+FFFD (SVG, which is XML, cannot hold them), C1 and bidi controls
    /// and the line and paragraph separators as references (`&#8238;`). Other non-ASCII
    /// text is kept as UTF-8.
    static func appendEscaped(_ text: String, to out: inout String) {
        // 0xEF leads the UTF-8 of U+F000...U+FFFF, U+FFFE and U+FFFF among them: such text
        // takes the scalar by scalar path.
        // 0xC2, 0xD8 and 0xE2 lead C1 controls, U+061C and the other ``UnseenText`` characters.
        if !text.utf8.contains(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "&") || $0 == 0xEF || UnseenText.mayStartUnseen($0) }) {
            out += text
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "&": out += "&amp;"
            case "\n": out += "\\n"
            case "\r": break
            case "\t": out += "\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0xFFFE || scalar.value == 0xFFFF: out += "\u{FFFD}"
            case _ where UnseenText.isUnseen(scalar): appendReference(scalar, to: &out)
            default: out.unicodeScalars.append(scalar)
            }
        }
    }
}
