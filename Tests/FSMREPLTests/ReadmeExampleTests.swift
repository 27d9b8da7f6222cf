import FSM
import FSMREPL
import Foundation
import Testing

// The README's REPL example, compiled here and compared with the README.

enum Light: Hashable, Sendable { case red, green }
enum Tick: MachineEvent, Hashable, Sendable, CaseIterable { case next }

func runLightREPL(lines: [String]) throws -> [String] {
    var printed: [String] = []
    func print(_ text: String) { printed.append(text) }
    // example:repl:start
    let lights = MachineDefinition<Light, Tick, Never, Void>(name: "lights", initial: .red) {
        In(.red) { On(.next, to: .green) }
        In(.green) { On(.next, to: .red) }
    }
    let session = try REPLSession(lights)
    for line in lines {                    // e.g. readLine() in a loop
        let output = session.handle(line)
        if output.quits { break }
        print(output.text)                 // red --next--> green
    }
    // example:repl:end
    return printed
}

@Suite("README: the REPL example")
struct ReadmeExampleTests {
    @Test("it runs")
    func runs() throws {
        #expect(try runLightREPL(lines: ["next", "nxt", ":state", ":quit", "next"]) == [
            "red --next--> green",
            "error: unknown event 'nxt'; did you mean 'next'? (events: next); nothing changed",
            "green",
        ])
    }

    @Test("its printed comment is what the first line prints")
    func comment() throws {
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let line = try #require(source.split(separator: "\n").first { $0.contains("print(output.text)") && $0.contains("// ") })
        let comment = try #require(line.range(of: "// ")).upperBound
        #expect(try runLightREPL(lines: ["next"]) == [String(line[comment...])])
    }

    @Test("the README shows it verbatim")
    func shown() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(source.firstIndex { $0.hasSuffix("// example:repl:start") })
        let end = try #require(source.firstIndex { $0.hasSuffix("// example:repl:end") })
        let code = source[(start + 1)..<end].map { $0.hasPrefix("    ") ? String($0.dropFirst(4)) : String($0) }.joined(separator: "\n")
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("```swift\nimport FSM\nimport FSMREPL\n\n" + code + "\n```"))
    }
}
