import FSM
import FSMTool
import TestSupport
import Foundation
import Testing

private let inCI = ProcessInfo.processInfo.environment["CI"] != nil

/// Names Mermaid's grammar gives a meaning to, besides the names every exporter is tried on.
let mermaidNames = userNames + [
    "end note", "end", "note right of x", "state", "[*]", "a --> b", "--", "%% comment", "classDef x fill:red",
    "direction TB", "Direction lr", "}", "{", "a: b : c", "x;y", "line\nbreak", "<br>", "#58;", "😀 emoji", "ignored: all events",
    "hide empty description", "accTitle: x", "click x", "style x fill:red", "state x <<fork>>", "<<choice>>", "::: cls",
]

@Suite("Real Mermaid accepts every export and draws every name", .enabled(if: MermaidJudge.available || inCI, "python3 with mermaidx is not installed; CI installs it"))
struct MermaidJudgeTests {
    /// What the drawing must show for `machine(named:)`: its states, and each transition's
    /// label (names as the export escapes them, read back by Mermaid).
    static func expectedTexts(for name: String) -> [String] {
        let shown = { (text: String) in text.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: "") }
        return [shown(name + " 1"), shown(name + " 2"), shown("\(name) e [\(name) g] / \(name) x")]
    }

    /// One machine holding every name: each name's two states and its transition.
    static let allNames = MachineDefinition<String, String, String, Void>(name: "hostile", initial: mermaidNames[0] + " 1", events: mermaidNames.map { $0 + " e" }) {
        for name in mermaidNames {
            In(name + " 1") { On(name + " e", to: name + " 2", guard: Guard(name + " g") { _ in true }, emit: name + " x") }
            In(name + " 2") { Ignore(name + " e") }
        }
    }

    @Test("hostile names: Mermaid parses the export and draws each state and label as given")
    func hostileNames() throws {
        // One drawing of them all; when Mermaid rejects it, one per name, to say which.
        var verdicts = try MermaidJudge.judge([Self.allNames.mermaid(DiagramOptions())])
        try #require(verdicts.count == 1)
        if !verdicts[0].ok {
            verdicts = try MermaidJudge.judge(mermaidNames.map { machine(named: $0).mermaid(DiagramOptions()) })
            for (name, verdict) in zip(mermaidNames, verdicts) where !verdict.ok {
                Issue.record("Mermaid rejects the export of a machine named \(name.debugDescription): \(verdict.error ?? "")")
            }
            return
        }
        let drawn = Set(verdicts[0].texts.map { $0.replacingOccurrences(of: "\n", with: " ") })
        for name in mermaidNames {
            for expected in Self.expectedTexts(for: name) {
                #expect(drawn.contains(expected.trimmingCharacters(in: .whitespaces)), "\(expected.debugDescription) is not drawn as such")
            }
        }
    }

    @Test("empty names: Mermaid refuses an empty description, so the export draws a zero-width space")
    func emptyNames() throws {
        let empty = MachineDefinition<String, String, String, Void>(name: "", initial: "", events: ["", "go"]) {
            In("") { On("", to: "x", emit: ""); Ignore("go") }
            Final("x") { IgnoreOtherEvents() }
        }
        let verdicts = try MermaidJudge.judge([empty.mermaid(DiagramOptions())])
        #expect(verdicts.first?.ok == true, "\(verdicts.first?.error ?? "")")
        #expect(verdicts.first?.texts.contains("x") == true)
    }

    @Test("the tool's machines, in both directions and without effects: accepted, every state drawn")
    func toolMachinesAccepted() throws {
        let variants = [DiagramOptions(), DiagramOptions(direction: .topToBottom), DiagramOptions(showsEffects: false)]
        let drawings = toolMachines.flatMap { machine in variants.map { (machine, machine.mermaid($0)) } }
        let verdicts = try MermaidJudge.judge(drawings.map(\.1))
        try #require(verdicts.count == drawings.count)
        for ((machine, _), verdict) in zip(drawings, verdicts) {
            #expect(verdict.ok, "\(machine.name): \(verdict.error ?? "")")
            for state in machine.stateNames { #expect(verdict.texts.contains(state), "\(machine.name): state \(state) not drawn; drawn: \(verdict.texts)") }
        }
    }
}
