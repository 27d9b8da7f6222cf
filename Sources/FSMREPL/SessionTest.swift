/// A REPL session as a Swift Testing test: each line of its script handled, in order, by one
/// new session of the definition, expected to print what it printed, then the final state. It
/// fails when the machine changes in a way the session would see.
struct SessionTest {
    let machine: String
    /// The file it is saved to: its name names the test function.
    let file: String
    /// The module that declares the machine's types (imported), if known.
    let module: String?
    /// The Swift expression that makes the definition; `nil`: ``placeholder(_:)``.
    let definition: String?
    let lines: [(line: String, output: String)]
    let finalState: String

    /// The name the test uses for a definition it was not given: an identifier made of the
    /// machine's name (`login` -> `loginDefinition`), to declare or replace.
    static func placeholder(_ machine: String) -> String {
        identifier(machine) + "Definition"
    }

    /// The test's source.
    var source: String {
        var text = """
        // A session of the machine '\(Self.commentSafe(machine))' saved from the REPL as a test: its lines are replayed, in
        // order, in a new REPL session of the definition, and each must print what it printed then;
        // the session must end in the same state. Regenerate it with :save after a deliberate change.
        import FSMREPL
        import Testing

        """
        if let module { text += "import \(module)\n" }
        // Named after the file: two saved sessions of one machine live side by side.
        let base = file.split(separator: "/").last.map { String($0.dropLast(".swift".count)) } ?? machine
        let function = Self.identifier(base) + "Replays"
        text += """

        @Test(\(Self.literal("the session of \(machine) replays: \(lines.count) line(s), ending in \(finalState)")))
        func \(function)() throws {
            let session = try REPLSession(\(definition ?? Self.placeholder(machine)))

        """
        for (line, output) in lines {
            text += "    #expect(session.handle(\(Self.literal(line))).text == \(Self.literal(output)))\n"
        }
        text += "    #expect(session.stateName == \(Self.literal(finalState)))\n}\n"
        return text
    }

    /// A Swift string literal holding `text` exactly: quotes, backslashes and every character
    /// outside printable ASCII written as escapes.
    static func literal(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case " "..."~": out.unicodeScalars.append(scalar)
            default: out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
        return out + "\""
    }

    /// Text for a `//` comment: on one line, without control characters.
    static func commentSafe(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}" ? "?" : $0 }))
    }

    /// A Swift identifier from a name: letters and digits kept, the letter after anything
    /// else capitalised (`home-loading` -> `homeLoading`), `_` first when it would start with a
    /// digit or be empty.
    static func identifier(_ name: String) -> String {
        var out = "", upper = false
        for character in name {
            if character.isASCII, character.isLetter || character.isNumber {
                out += upper && !out.isEmpty ? character.uppercased() : String(character)
                upper = false
            } else {
                upper = true
            }
        }
        if out.isEmpty || out.first?.isNumber == true { out = "_" + out }
        return out.prefix(1).lowercased() + out.dropFirst()
    }
}
