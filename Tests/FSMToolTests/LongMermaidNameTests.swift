import FSM
import FSMTool
import TestSupport
import Foundation
import Testing

@Suite("A name of 10,000 characters still draws in real Mermaid", .enabled(if: MermaidJudge.runs, "python3 with mermaidx is not installed (CI installs it), or a sanitizer run"))
struct LongMermaidNameTests {
    @Test("every name of the machine 10,000 characters long (letters, or punctuation that escapes to 8 characters each): Mermaid renders it, each name cut to 1,000 with its length",
          arguments: ["a", "*"])
    func longName(unit: String) throws {
        let name = String(repeating: unit, count: 10_000)
        let text = machine(named: name).mermaid()
        #expect(text.utf16.count <= 50_000, "\(text.utf16.count) characters: over Mermaid's maxTextSize")
        let verdict = try #require(try MermaidJudge.judge([text]).first)
        #expect(verdict.ok, "\(verdict.error ?? "")")
        #expect(verdict.texts.contains(EchoedText.shown(name + " 1", limit: 1_000)), "drawn: \(verdict.texts.map { $0.suffix(40) })")
    }

    @Test("the tool says when a Mermaid text is over Mermaid's limit anyway (many long names), with its size and the limit")
    func overTheLimit() async throws {
        let names = (0..<60).map { String(repeating: "s", count: 1_000) + "\($0)" }
        let many = MachineDefinition<String, String, String, Void>(name: "many", initial: names[0], events: ["go"]) {
            for (index, name) in names.enumerated() { In(name) { On("go", to: names[(index + 1) % names.count]) } }
        }
        let run = await tool(["mermaid", "many"], machines: [many])
        #expect(run.status == 0)
        #expect(run.stderr.hasPrefix("note: this Mermaid text is "), "\(run.stderr)")
        #expect(run.stderr.contains("Mermaid draws at most 50,000"), "\(run.stderr)")
        let small = await tool(["mermaid", "lamp"])
        #expect(small.stderr.isEmpty)
    }
}
