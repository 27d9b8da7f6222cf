import Foundation
import FSMMacros
import FSMREPL
import FSMTesting
import Testing

/// A file of this package, by its path from the package root.
private func packageFile(_ path: String) throws -> String {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    return try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
}

/// The lines between `// example:NAME:start` and `// example:NAME:end` of DoorExample.swift,
/// without their common indentation.
private func region(_ name: String) throws -> String {
    let lines = try packageFile("Tests/FSMMacrosTests/DoorExample.swift").split(separator: "\n", omittingEmptySubsequences: false)
    let start = try #require(lines.firstIndex { $0.hasSuffix("// example:\(name):start") })
    let end = try #require(lines.firstIndex { $0.hasSuffix("// example:\(name):end") })
    let body = lines[(start + 1)..<end]
    let indent = body.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
    return body.map { $0.isEmpty ? "" : String($0.dropFirst(indent)) }.joined(separator: "\n")
}

@Suite("The events-with-data example")
struct DoorExampleTests {
    @Test("it prints what its comments say")
    func printsItsComments() throws {
        let code = try region("door-run")
        let promised = code.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: "// ") else { return nil }
            return String(line[range.upperBound...])
        }
        #expect(try runDoorExample() == promised)
        #expect(promised.count == 2)
    }

    @Test("the door is short: under 20 lines, declaration and use")
    func short() throws {
        let lines = try (region("door") + "\n" + region("door-run")).split(separator: "\n")
        #expect(lines.count < 20, "\(lines.count) lines")
    }

    @Test("every cell of the door's table, keyed by case, and its diagram labelled by case and guard")
    func table() {
        expectTable(door, [
            ExpectedRow(.opened, .open, .illegal), ExpectedRow(.opened, .close, .to(.closed)),
            ExpectedRow(.opened, .lock, .illegal), ExpectedRow(.opened, .unlock, .illegal),
            ExpectedRow(.closed, .open, .to(.opened)), ExpectedRow(.closed, .close, .illegal),
            ExpectedRow(.closed, .lock, .to(.locked)), ExpectedRow(.closed, .unlock, .illegal),
            ExpectedRow(.locked, .open, .illegal), ExpectedRow(.locked, .close, .illegal),
            ExpectedRow(.locked, .lock, .illegal), ExpectedRow(.locked, .unlock, .to(.closed, guard: "code matches")),
        ])
        #expect(door.dot().contains("s1 -> s2 [label=\" unlock \\n [code matches] \", dir=back];"))
        #expect(LockEvent.Key.allCases.map(\.description) == ["unlock", "jammed(motor)", "jammed(battery)"])
    }

    @Test("each document shows the compiled example verbatim", arguments: [
        ("README.md", ["door", "door-run"]),
        ("Sources/FSM/Documentation.docc/GettingStarted.md", ["door", "door-run"]),
        ("Sources/FSM/Documentation.docc/EventsWithData.md", ["door", "door-run", "expanded", "badge"]),
    ])
    func shownVerbatim(document: String, regions: [String]) throws {
        let text = try packageFile(document)
        for name in regions {
            #expect(text.contains("```swift\n" + (try region(name)) + "\n```"), "\(document) does not show the '\(name)' example as compiled in DoorExample.swift")
        }
    }

    @Test("the article's REPL transcript: each line prints what the article says, the data typed as JSON")
    func badgeTranscript() throws {
        let article = try packageFile("Sources/FSM/Documentation.docc/EventsWithData.md")
        let start = try #require(article.range(of: "```text\n> badge"))
        let end = try #require(article.range(of: "\n```", range: start.upperBound..<article.endIndex))
        let lines = article[article.index(start.lowerBound, offsetBy: 8)..<end.lowerBound].split(separator: "\n").map(String.init)
        let session = try REPLSession(reader)
        var printed: [String] = []
        for line in lines where line.hasPrefix("> ") {
            printed += [line, session.handle(String(line.dropFirst(2))).text]
        }
        #expect(printed == lines)
        #expect(lines.count == 12)
    }
}
