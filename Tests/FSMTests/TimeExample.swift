import FSM
import FSMRuntime
import Testing

// The examples of Time.md, compiled and run here.

// example:session:start
enum Presence: Hashable, Sendable { case active, warned, expired }
enum UserEvent: MachineEvent, CaseIterable { case activity }
enum SessionJob: Hashable, Sendable { case warn, signOut }

let idleSession = MachineDefinition<Presence, UserEvent, SessionJob, Void>(name: "session", initial: .active) {
    In(.active) {
        On(.activity, to: .active)                        // leaves and re-enters: its timer starts over
        After(.seconds(30), to: .warned, emit: .warn)
    }
    In(.warned) {
        On(.activity, to: .active)
        After(.seconds(60), to: .expired, emit: .signOut)
    }
    In(.expired) { On(.activity, to: .active) }
}
// example:session:end

/// What the printing lines of the runtime example print, in order.
@MainActor
private final class Printed {
    var lines: [String] = []
}

@MainActor
private func runTimeExample() async throws -> [String] {
    let printed = Printed()
    func print(_ value: Any) { printed.lines.append("\(value)") }
    // example:runtime:start
    let clock = ManualClock()
    let runtime = MachineRuntime(try Machine(idleSession), clock: clock) { job, _ in
        print("perform \(job)")
    }
    clock.advance(by: .seconds(29))
    await runtime.settle()
    print(runtime.state)                              // active
    clock.advance(by: .seconds(1))
    await runtime.settle()                            // perform warn
    print(runtime.state)                              // warned
    runtime.send(.activity)
    clock.advance(by: .seconds(29))
    await runtime.settle()
    print(runtime.pendingTimers.map(\.remaining))     // [1.0 seconds]
    // example:runtime:end
    return printed.lines
}

@MainActor
@Suite("The time article shows its compiled examples and what they print")
struct TimeArticleTests {
    @Test("the runtime example prints what its comments say, in the order it happens")
    func runtime() async throws {
        #expect(try await runTimeExample() == ["active", "perform warn", "warned", "[1.0 seconds]"])
    }

    @Test("the article shows the examples and the session's table verbatim; the session is strictly valid")
    func article() throws {
        let text = try packageFile("Sources/FSM/Documentation.docc/Time.md")
        for region in ["session", "runtime"] {
            let code = try exampleRegion(region, in: "Tests/FSMTests/TimeExample.swift")
            #expect(text.contains("```swift\n" + code + "\n```"), "Time.md does not show '\(region)' as compiled")
        }
        #expect(text.contains("```\n" + idleSession.tableText(.markdown) + "```"), "Time.md does not show the session's table as printed")
        #expect(idleSession.validate(.strict).isEmpty)
    }
}
