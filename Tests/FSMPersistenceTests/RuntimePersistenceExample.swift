// The runtime examples of Persistence.md, compiled and run here.
import FSM
import FSMPersistence
import FSMRuntime
import Foundation
import Testing

// example:screen:start
let screen = MachineDefinition<String, String, String, Void>(name: "screen", initial: "on", events: ["touch"]) {
    In("on") { On("touch", to: "on"); After(.seconds(30), to: "dim", emit: "dim") }
    In("dim") { On("touch", to: "on", emit: "brighten"); After(.seconds(10), to: "off", emit: "sleep") }
    In("off") { On("touch", to: "on", emit: "wake") }
}
// example:screen:end

/// Collects what the example prints.
@MainActor
private final class Printed {
    var lines: [String] = []
}

@MainActor
private func runRuntimeExample() async throws -> [String] {
    let printed = Printed()
    func print(_ text: String) { printed.lines.append(text) }
    let quitAt = Date(timeIntervalSince1970: 1_800_000_000)
    // example:runtime-save:start
    let clock = ManualClock()  // ContinuousClock() in an app
    let runtime = MachineRuntime(try Machine(screen), clock: clock) { effect, _ in print("perform \(effect)") }
    clock.advance(by: .seconds(25))
    await runtime.settle()

    // The app is quit: 5 s were left on the screen's 30 s.
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let saved = try encoder.encode(try runtime.snapshot(at: quitAt))
    print(String(decoding: saved, as: UTF8.self))
    // {"fingerprint":"05b02669e6337fc2","format":1,"history":[],"machine":"screen","parents":[],"state":"on","takenAt":1800000000,"timers":[{"afterNanoseconds":30000000000,"owner":"on","position":0,"remainingNanoseconds":5000000000}]}
    // example:runtime-save:end

    // example:runtime-restore:start
    // Relaunched 12 s later: the 30 s ran out 7 s ago; `dim`, entered then, has 3 s left.
    let snapshot = try JSONDecoder().decode(MachineSnapshot.self, from: saved)
    let restored = try MachineRuntime(
        try Machine(screen), restoring: snapshot, clock: ManualClock(), at: quitAt.addingTimeInterval(12)
    ) { effect, _ in print("perform \(effect)") }
    await restored.settle()
    // perform dim
    print("\(restored.state), \(restored.pendingTimers.map(\.remaining))")  // dim, [3.0 seconds]
    // example:runtime-restore:end
    return printed.lines
}

@MainActor
@Suite("The Persistence article's runtime examples")
struct RuntimePersistenceExampleTests {
    @Test("the runtime examples print what their comments say, and the article shows them as compiled here")
    func prints() async throws {
        let printed = try await runRuntimeExample()
        let file = "Tests/FSMPersistenceTests/RuntimePersistenceExample.swift"
        // What each `print` prints: the comment on its line, or the comment lines under it
        // (an effect performed says `perform` on a line of its own).
        let said = try ["runtime-save", "runtime-restore"].flatMap { region in
            try exampleLines(region, in: file).compactMap { line -> String? in
                guard let comment = line.range(of: "// ") else { return nil }
                let text = String(line[comment.upperBound...])
                if line.contains("print(") { return text }
                return line.hasPrefix("//") && (text.hasPrefix("{") || text.hasPrefix("perform ")) ? text : nil
            }
        }
        #expect(printed == said)
        let article = try persistenceFile("Sources/FSM/Documentation.docc/Persistence.md")
        for region in ["screen", "runtime-save", "runtime-restore"] {
            let code = try exampleLines(region, in: file).joined(separator: "\n")
            #expect(article.contains("```swift\n" + code + "\n```"), "Persistence.md does not show '\(region)' as compiled")
        }
    }
}
