/// Writes a definition as an SCXML document, and remembers which element stands for which
/// state (what a configuration is in the document's terms).
///
/// Names become XML identifiers: ASCII letters, digits, `_` and `-`, every other run of
/// characters one `_` (`failure(network)` is `failure_network`), made unique with `_2`,
/// `_3`, ...; the name itself is kept in an `fsm:name` attribute. States, parents, regions
/// and guard variables share one namespace (XML's `ID`); events have their own. Event names
/// never contain a dot, so SCXML's prefix matching (`error` matches `error.execution`)
/// cannot join two of them; a name that would match the interpreter's own events (`error`,
/// `done`) or the timers' (`fsm`) gets a `_`.
package struct SCXMLWriter {
    /// The namespace of the `fsm:name` and `fsm:kind` attributes.
    package static let namespace = "urn:x-swift-fsm:scxml"

    private(set) var lines: [String] = []
    private var usedIDs: Set<String> = []
    private var usedEvents: Set<String> = []
    /// Per guard atom's name, its variable.
    private(set) var guardVariables: [(name: String, id: String)] = []
    private var guardIndex: [String: String] = [:]
    /// The durations of the timers, in the order of their events (`fsm.after.t1` first).
    private(set) var timerDurations: [Duration] = []

    package init() {}

    /// A unique identifier (an XML `ID`) for a name.
    mutating func id(for name: String, prefix: String = "") -> String {
        unique(prefix + Self.token(name), in: &usedIDs)
    }

    /// The event name an event of this name is sent as.
    package mutating func event(for name: String) -> String {
        var token = Self.token(name)
        if ["error", "done", "fsm"].contains(token.lowercased()) { token += "_" }
        return unique(token, in: &usedEvents)
    }

    /// The variable that decides a named guard (an atom), declared once.
    mutating func guardVariable(_ name: String) -> String {
        if let known = guardIndex[name] { return known }
        // `-` is in XML names but not in ECMAScript's or Python's: `is-valid` is `guard_is_valid`.
        let variable = unique("guard_" + Self.token(name).replacing("-", with: "_"), in: &usedIDs)
        guardIndex[name] = variable
        guardVariables.append((name, variable))
        return variable
    }

    /// The name of a new timer's event and `<send>` identifier.
    mutating func timerEvent(_ duration: Duration) -> String {
        timerDurations.append(duration)
        return "fsm.after.t\(timerDurations.count)"
    }

    mutating func append(_ indent: Int, _ line: String) {
        lines.append(String(repeating: "  ", count: indent) + line)
    }

    /// Puts a line at a position (an element's opening tag, once its content is written).
    mutating func insert(_ indent: Int, _ line: String, at position: Int) {
        lines.insert(String(repeating: "  ", count: indent) + line, at: position)
    }

    mutating func dropLast() { lines.removeLast() }

    mutating func replaceLast(_ line: String) { lines[lines.count - 1] = line }

    /// Replaces placeholders written before what they stand for was known (the identifiers
    /// of a parallel parent's children), in every line holding one.
    mutating func resolve(_ placeholders: [String: String]) {
        guard !placeholders.isEmpty else { return }
        for index in lines.indices where lines[index].contains(SCXMLWriter.placeholderMark) {
            for (placeholder, value) in placeholders { lines[index] = lines[index].replacing(placeholder, with: value) }
        }
    }

    /// Marks a placeholder: a character no identifier or attribute of a document holds.
    static let placeholderMark: Character = "\u{1}"

    private func unique(_ token: String, in used: inout Set<String>) -> String {
        var candidate = token
        var n = 2
        while used.contains(candidate) {
            candidate = "\(token)_\(n)"
            n += 1
        }
        used.insert(candidate)
        return candidate
    }

    /// `failure(network)` is `failure_network`: ASCII letters, digits, `_` and `-` kept, every
    /// other run of characters one `_`, none at either end; a name that does not start with a
    /// letter or `_` gets a leading `_`; an empty one is `_`.
    static func token(_ name: String) -> String {
        var out = ""
        var pendingUnderscore = false
        for scalar in name.unicodeScalars {
            let kept = scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-")
            if kept {
                if pendingUnderscore && !out.isEmpty { out += "_" }
                pendingUnderscore = false
                out.unicodeScalars.append(scalar)
            } else {
                pendingUnderscore = true
            }
        }
        if let first = out.unicodeScalars.first, !(first.properties.isAlphabetic || first == "_") { out = "_" + out }
        return out.isEmpty ? "_" : out
    }

    /// `fsm:name="NAME"`, or for a name with a character XML 1.0 cannot hold (a control
    /// character but tab and line breaks, U+FFFE, U+FFFF) `fsm:name="a\u{1}"` showing it and
    /// `fsm:escaped-name="a\u{1}"` holding it exactly, backslashes doubled: what a reader
    /// decodes. `attribute` names another attribute (`label`), its exact form then in
    /// `fsm:escaped-label`.
    static func named(_ name: String, attribute: String = "fsm:name") -> String {
        let plain = "\(attribute)=\"\(Self.attribute(name))\""
        guard name.unicodeScalars.contains(where: Self.cannotHold) else { return plain }
        let local = attribute.hasPrefix("fsm:") ? String(attribute.dropFirst(4)) : attribute
        var exact = ""
        for scalar in name.unicodeScalars {
            if scalar == "\\" { exact += "\\\\" } else if cannotHold(scalar) { exact += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}" } else { exact.unicodeScalars.append(scalar) }
        }
        return plain + " fsm:escaped-\(local)=\"\(Self.attribute(exact))\""
    }

    /// A character XML 1.0 cannot hold, even as a reference.
    static func cannotHold(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r") || scalar.value == 0xFFFE || scalar.value == 0xFFFF
    }

    /// The exact text of an `fsm:escaped-...` attribute: `\\` is a backslash, `\u{HEX}` a
    /// character; `nil` for any other escape.
    package static func unescaped(_ text: String) -> String? {
        var out = ""
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\\" else { out.unicodeScalars.append(scalar); continue }
            switch scalars.next() {
            case "\\": out += "\\"
            case "u":
                guard scalars.next() == "{" else { return nil }
                var hex = ""
                while let digit = scalars.next(), digit != "}" { hex.unicodeScalars.append(digit) }
                guard let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) else { return nil }
                out.unicodeScalars.append(decoded)
            default: return nil
            }
        }
        return out
    }

    /// Text for an attribute value in double quotes: `&`, `<`, `"` and the characters XML
    /// attributes would normalise (tab, line feed, carriage return) as references; characters
    /// XML 1.0 cannot hold at all (other controls, U+FFFE, U+FFFF; lone surrogates cannot
    /// occur in a `String`) as `\u{...}` text (``named(_:attribute:)`` keeps them exactly);
    /// DEL, C1 and bidi controls and the line and paragraph separators (``UnseenText``) as
    /// references (`&#x202E;`), which XML reads back as the character.
    static func attribute(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\t": out += "&#9;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            default:
                if cannotHold(scalar) {
                    out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else if UnseenText.isUnseen(scalar) {
                    // A reference: read back as the character, never printed raw at a terminal.
                    out += "&#x" + String(scalar.value, radix: 16, uppercase: true) + ";"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// Text for an attribute value in single quotes (`fsm:events='["a", "b"]'`).
    /// Scalar by scalar: a quote followed by a combining mark is one `Character`, which a
    /// `Character`-wise replacement would not see (found by fuzzing).
    static func singleQuoted(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "'": out += "&apos;"
            case "\"": out += "\""
            case "\u{FFFE}": out += "\\uFFFE"
            case "\u{FFFF}": out += "\\uFFFF"
            default: out += attribute(String(scalar))
            }
        }
        return out
    }

    /// Text for a comment: `--` cannot occur in one.
    static func comment(_ text: String) -> String {
        var out = ""
        for scalar in attribute(text).unicodeScalars {
            // Scalar by scalar, as in `singleQuoted`: `-` and a combining mark are one Character.
            if scalar == "-" && out.unicodeScalars.last == "-" { out.unicodeScalars.append("\u{2010}") }
            out.unicodeScalars.append(scalar)
        }
        if out.unicodeScalars.last == "-" { out.unicodeScalars.append("\u{2010}") }
        return out
    }

    /// A duration as SCXML writes one (`Duration.datatype`): whole seconds (`30s`), or
    /// milliseconds with up to six decimals (`1500ms`, `1.25ms`); at most about 292 million
    /// years, beyond which it saturates.
    static func delay(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        guard seconds < Int64.max / 1000 else { return "\(Int64.max / 1000)s" }
        // Below a nanosecond (validation refuses timers of zero or less): the smallest written.
        let nanoseconds = seconds == 0 && attoseconds > 0 ? max(1, attoseconds / 1_000_000_000) : attoseconds / 1_000_000_000
        if nanoseconds == 0 { return "\(seconds)s" }
        let milliseconds = seconds * 1000 + nanoseconds / 1_000_000
        let fraction = nanoseconds % 1_000_000
        guard fraction != 0 else { return "\(milliseconds)ms" }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 6 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "\(milliseconds).\(digits)ms"
    }
}
