/// Mermaid text helpers.
package enum Mermaid {
    /// The widest line of an edge's label, in characters, before its effects go below it:
    /// narrower than DOT's (``DOT/labelWidth``), as Mermaid's type is larger.
    static var labelWidth: Int { 16 }

    /// The front matter's `config` lines: type of 14 pixels instead of 16, states 30 pixels
    /// apart instead of 50, and left to right ranks 20 pixels apart instead of 50 (the layout
    /// reads the `flowchart` spacings for state diagrams too). Top to bottom the ranks keep
    /// their 50 pixels: closer, dagre draws the labels of two lines between the same states
    /// over each other (home-loading's `startLoading` and `finishLoading`), and the drawing
    /// is no narrower. Measured on the shipped and example machines with
    /// `Judges/diagram-metrics.py`: the login screen 913 pixels wide before, 711 after.
    static func layoutConfiguration(_ direction: DiagramDirection) -> [String] {
        ["config:", "  themeVariables:", "    fontSize: 14px", "  flowchart:"]
            + (direction == .leftToRight ? ["    rankSpacing: 20"] : []) + ["    nodeSpacing: 30"]
    }

    /// The most characters (Unicode scalars) of a name the Mermaid export writes: a longer
    /// name is drawn as its first 1,000, `…` and its length (`aaaa… (10,000 characters)`).
    /// Mermaid draws nothing of a text over 50,000 characters (``maximumTextSize``), and a
    /// name is written in every label that holds it, escaped (up to 8 characters for one).
    package static let maximumNameLength = 1_000

    /// Mermaid's default `maxTextSize`: a longer diagram text is drawn as "Maximum text size
    /// in diagram exceeded". A page can raise it (`mermaid.initialize`), a diagram cannot.
    package static let maximumTextSize = 50_000

    /// The machine's name as the YAML front matter's `title`: a YAML double-quoted scalar
    /// (backslashes and quotes escaped, control characters as `\n`, `\t` or `\xHH`, bidi
    /// controls and the line and paragraph separators as `\uHHHH`), so any
    /// name, whatever it starts with or holds (`#`, `: `, `[`, `*`, `&`, `!`, `'`, `- `),
    /// is read back exactly (cut as ``maximumNameLength`` says when longer). Mermaid shows the
    /// title as the parsed text, so no entity codes.
    static func yamlQuoted(_ text: String) -> String {
        var out = "\""
        for scalar in EchoedText.shown(text, limit: maximumNameLength).unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case _ where scalar.value < 0x20 || UnseenText.isUnseen(scalar) || scalar.value == 0xFEFF || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += scalar.value <= 0xFF ? "\\x" + String(repeating: "0", count: 2 - hex.count) + hex : "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// A state's name as its `state "..." as id` declaration writes it: ``described(_:)``,
    /// or, for a state with description lines, only ``escaped(_:)``: Mermaid then draws the
    /// name as a title, as written, not through Markdown (measured with real Mermaid: a
    /// Markdown backslash would be drawn).
    static func title(_ text: String, described hasDescription: Bool) -> String {
        hasDescription ? escaped(text) : described(text)
    }

    /// A state's description (`state "..." as s0`): ``escaped(_:)``, made
    /// ``markdownEscaped(_:)`` when the name has a line break.
    static func described(_ text: String) -> String {
        let escaped = escaped(text)
        return escaped.contains("<br>") ? markdownEscaped(escaped) : escaped
    }

    /// An escaped text with a Markdown backslash (`#92;`) before each ASCII punctuation
    /// character it draws, raw or as an entity code.
    ///
    /// Mermaid draws labels through Markdown. For an edge label, a composite state's title,
    /// and a description or note without a `<br>`, it does so before it decodes entity codes,
    /// so a coded `*` or `\` is drawn as written. A description or a note that holds a `<br>`
    /// has its codes decoded first: `#42;a#42;` is then drawn as an italic `a`, and a
    /// backslash before punctuation or a line end disappears. A backslash before every
    /// punctuation character leaves none of them a meaning (letters, digits and other
    /// scalars have none in Markdown's inline text, and a line start is never reached: the
    /// text is one line, its breaks are `<br>`). Spaces and tabs that start the text are
    /// dropped: a leading tab made the text an indented code block, which draws the
    /// backslashes (HTML would not have drawn that whitespace either). Two dollars in a row
    /// have an empty `<span></span>` between them: such a text meets Mermaid's test for KaTeX
    /// math (`$$x$$` on one line) after its codes are decoded, whatever escapes them, and
    /// the empty element draws nothing.
    static func markdownEscaped(_ escaped: String) -> String {
        let scalars = Array(escaped.unicodeScalars)
        var out = ""
        var index = 0
        var afterDollar = false
        while index < scalars.count, scalars[index] == " " || scalars[index] == "\t" || scalars[index...].starts(with: "#9;".unicodeScalars) {
            index += scalars[index] == "#" ? 3 : 1
        }
        while index < scalars.count {
            let scalar = scalars[index]
            // The escaped text's tokens: an entity code `#...;`, a `<br>`, or a scalar.
            if scalar == "#", let end = scalars[index...].firstIndex(of: ";") {
                let code = String(String.UnicodeScalarView(scalars[(index + 1)..<end]))
                let decoded = entityScalar(code)
                if decoded == "$" && afterDollar { out += "<span></span>" }
                afterDollar = decoded == "$"
                if let decoded, isASCIIPunctuation(decoded) { out += "#92;" }
                out += "#" + code + ";"
                index = end + 1
                continue
            }
            afterDollar = false
            if scalar == "<", scalars[index...].starts(with: "<br>".unicodeScalars) {
                out += "<br>"
                index += 4
                continue
            }
            if isASCIIPunctuation(scalar) { out += "#92;" }
            out.unicodeScalars.append(scalar)
            index += 1
        }
        return out
    }

    /// The scalar an entity code that ``escaped(_:)`` writes stands for (`quot`, `amp`,
    /// `lt`, `gt` or a decimal number).
    static func entityScalar(_ code: String) -> Unicode.Scalar? {
        switch code {
        case "quot": "\""
        case "amp": "&"
        case "lt": "<"
        case "gt": ">"
        default: UInt32(code).flatMap(Unicode.Scalar.init)
        }
    }

    /// Text safe inside a Mermaid label, note or quoted description: syntax characters as
    /// entity codes (`#quot;`, `#58;`, `#42;` ...), a tab as `#9;`, line breaks as `<br>`,
    /// other C0 control characters and DEL replaced by U+FFFD, C1 and bidi controls and the
    /// line and paragraph separators as codes (`#8238;`: Mermaid draws the character, the
    /// text printed at a terminal holds none of them raw), and the word `direction` with its first
    /// letter as a code (Mermaid reads `direction TB` as a statement even inside quotes); an
    /// empty text (or one of CRs only) as a zero-width space (`#8203;`), since Mermaid refuses
    /// an empty one. An underscore is a code too (`#95;`): Markdown would draw `_a_` in italics;
    /// and a dollar (`#36;`): Mermaid draws `$$x$$` as KaTeX math. A name longer than
    /// ``maximumNameLength`` is cut first.
    static func escaped(_ text: String) -> String {
        let scalars = Array(EchoedText.shown(text, limit: maximumNameLength).unicodeScalars)
        let keyword = Array("direction".unicodeScalars)
        var out = ""
        for (index, scalar) in scalars.enumerated() {
            if (scalar == "d" || scalar == "D") && startsKeyword(keyword, in: scalars, at: index) {
                out += "#\(scalar.value);"
                continue
            }
            switch scalar {
            case "\"": out += "#quot;"
            // (`=` before a closing quote made Mermaid read the quote as part of the name, and
            // the name on to the next quote: found by fuzzing.)
            case "=": out += "#61;"
            case "#": out += "#35;"
            case "&": out += "#amp;"
            case ":": out += "#58;"
            case ";": out += "#59;"
            case "<": out += "#lt;"
            case ">": out += "#gt;"
            case "{": out += "#123;"
            case "}": out += "#125;"
            case "|": out += "#124;"
            case "%": out += "#37;"
            case "$": out += "#36;"
            case "*": out += "#42;"
            case "\\": out += "#92;"
            case "_": out += "#95;"
            case "\n": out += "<br>"
            case "\t": out += "#9;"
            case "\r": break
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: out += "\u{FFFD}"
            case _ where UnseenText.isUnseen(scalar): out += "#\(scalar.value);"
            default: out.unicodeScalars.append(scalar)
            }
        }
        // An empty description or label does not parse: a zero-width space stands for it,
        // also when the text was only what is dropped (a CR).
        return out.isEmpty ? "#8203;" : out
    }

    /// Whether Markdown lets a backslash escape this scalar: the ASCII punctuation of
    /// CommonMark, `!` to `/`, `:` to `@`, `[` to `` ` `` and `{` to `~`.
    static func isASCIIPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E: true
        default: false
        }
    }

    /// Whether `keyword` (lowercase ASCII) starts at `index` of `scalars`, in any case.
    static func startsKeyword(_ keyword: [Unicode.Scalar], in scalars: [Unicode.Scalar], at index: Int) -> Bool {
        guard index + keyword.count <= scalars.count else { return false }
        for (offset, letter) in keyword.enumerated() {
            let scalar = scalars[index + offset]
            let lower = ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32) ?? scalar : scalar
            if lower != letter { return false }
        }
        return true
    }
}
