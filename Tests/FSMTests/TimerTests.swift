import FSM
import FSMTesting
import Testing

/// A session: idle after 30 s of no activity locks; inside `open`, a warning after 20 s, and
/// the whole session expires after 60 s however the user moves between its children.
private enum Session: Hashable, Sendable, CustomStringConvertible {
    case active, warned, locked, expired, done
    var description: String {
        switch self {
        case .active: "active"
        case .warned: "warned"
        case .locked: "locked"
        case .expired: "expired"
        case .done: "done"
        }
    }
}

private enum SessionEvent: MachineEvent, CaseIterable {
    case activity, unlock, finish, tick
}

private enum SessionEffect: Hashable, Sendable {
    case enterActive, leaveActive, warn, lock, expire, leaveOpen
}

private let session = MachineDefinition<Session, SessionEvent, SessionEffect, Bool>(name: "session", initial: .active) {
    Parent("open") {
        After(.seconds(60), to: .expired, emit: .expire)
        OnExit(.leaveOpen)
    } children: {
        In(.active) {
            OnEntry(.enterActive)
            OnExit(.leaveActive)
            On(.activity, to: .active)
            Internal(.tick)
            After(.seconds(20), to: .warned, emit: .warn)
            On(.finish, to: .done)
        }
        In(.warned) {
            On(.activity, to: .active)
            After(.seconds(10), to: .locked, guard: Guard("may lock") { $0 }, emit: .lock)
            On(.finish, to: .done)
        }
    }
    In(.locked) { On(.unlock, to: .active) }
    In(.expired) { On(.unlock, to: .active) }
    Final(.done)
}

@Suite("Timers: After lines, armed per state, fired by whoever keeps time")
struct TimerTests {
    @Test("a state's timers are its own After lines, then its parents' from the innermost out; a final state has none")
    func armedTimers() throws {
        var machine = try Machine(session)
        #expect(machine.timers.map(\.description) == ["after 20 s (active)", "after 60 s (open)"])
        #expect(machine.timers.map(\.duration) == [.seconds(20), .seconds(60)])
        try machine.send(.finish, context: true)
        #expect(machine.state == .done)
        #expect(machine.timers.isEmpty)
        machine = try Machine(session, startingIn: .locked)
        #expect(machine.timers.isEmpty)
    }

    @Test("a timer that ran out takes its transition: trigger, effects (exit, own, entry) and kind")
    func firing() throws {
        var machine = try Machine(session)
        let warning = try #require(machine.timers.first)
        let fired = machine.fire(warning, context: true)
        let step = try #require(fired)
        #expect(step.trigger == .after(.seconds(20)))
        #expect(step.event == nil)
        #expect(step.source == .active && step.target == .warned && step.kind == .external)
        #expect(Array(step.effects) == [.leaveActive, .warn])
        #expect(step.description == "active --after 20 s--> warned / leaveActive, warn")
        // The parent's timer is the same timer in the other child: it keeps running.
        #expect(machine.timers.map(\.description) == ["after 10 s (warned)", "after 60 s (open)"])
        let expiry = try #require(machine.timers.last)
        let fired2 = machine.fire(expiry, context: true)
        let expired = try #require(fired2)
        #expect(expired.target == .expired)
        #expect(Array(expired.effects) == [.leaveOpen, .expire], "leaving the parent runs its exit effects")
    }

    @Test("a timer not armed in the current state never fires; a guard that does not hold spends it")
    func staleAndGuarded() throws {
        var machine = try Machine(session)
        let warning = try #require(machine.timers.first)
        try machine.send(.finish, context: true)
        #expect(machine.fire(warning, context: true) == nil, "a timer of a state that was left")
        #expect(machine.state == .done)
        machine = try Machine(session, startingIn: .warned)
        let lock = try #require(machine.timers.first)
        #expect(machine.fire(lock, context: false) == nil)
        #expect(machine.state == .warned)
        #expect(machine.fire(lock, context: true)?.target == .locked)
    }

    @Test("durations read as tables and diagrams print them")
    func durationWords() {
        #expect(Trigger<SessionEvent>.after(.seconds(30)).description == "after 30 s")
        #expect(Trigger<SessionEvent>.after(.milliseconds(500)).description == "after 500 ms")
        #expect(Trigger<SessionEvent>.after(.milliseconds(1500)).description == "after 1500 ms")
        #expect(Trigger<SessionEvent>.after(.microseconds(250)).description == "after 250 µs")
        #expect(Trigger<SessionEvent>.after(.nanoseconds(10_001)).description == "after 10001 ns")
        #expect(Trigger<SessionEvent>.after(.seconds(Int64.min)).description.hasPrefix("after -"), "no overflow at the extremes")
        #expect(Trigger<SessionEvent>.event(.tick).description == "tick")
    }

    @Test("validation: an undeclared target, a timer on a final state, timers that never fire, timers in a region")
    func validation() throws {
        let broken = MachineDefinition<Session, SessionEvent, SessionEffect, Bool>(name: "broken", initial: .active) {
            Parent("open") { After(.seconds(5), to: .locked) } children: {
                In(.active) {
                    After(.seconds(10), to: .warned)
                    After(.seconds(10), to: .locked)
                    After(.seconds(3), to: .expired, guard: Guard("g") { $0 })
                    After(.seconds(2), to: .locked, guard: Guard("h") { $0 })
                    After(.seconds(1), to: .active)
                }
                In(.warned) { On(.finish, to: .done); After(.seconds(10), to: .active) }
            }
            In(.locked) { After(.seconds(1), to: .done, guard: Guard("g") { $0 }) }
            In(.expired) { On(.unlock, to: .active) }
            Final(.done) { After(.seconds(1), to: .active) }
        }
        let found = broken.validate().filter { [.shadowedTransition, .finalStateWithTransitions].contains($0.kind) }.map { "\($0.severity) \($0.kind): \($0.message)" }
        #expect(found == [
            "error shadowedTransition: the timer 'active' --after 10 s--> never fires: the unguarded timer after 1 s of 'active' runs out first",
            "error shadowedTransition: the timer 'active' --after 10 s--> never fires: the unguarded timer after 10 s of 'active' runs out first",
            "error shadowedTransition: the timer 'active' --after 3 s--> never fires: the unguarded timer after 1 s of 'active' runs out first",
            "error shadowedTransition: the timer 'active' --after 2 s--> never fires: the unguarded timer after 1 s of 'active' runs out first",
            "error finalStateWithTransitions: final state 'done' has a timer (after 1 s)",
            "warning shadowedTransition: the timer 'warned' --after 10 s--> never fires: the unguarded timer after 5 s of parent 'open' runs out first",
        ])
        // Timer edges count for reachability and dead ends.
        #expect(session.validate().isEmpty)
        #expect(throws: DefinitionError.self) { try Machine(broken) }

        let undeclared = MachineDefinition<Session, SessionEvent, SessionEffect, Bool>(name: "undeclared", initial: .active) {
            In(.active) { After(.milliseconds(250), to: .warned); On(.finish, to: .done) }
            Final(.done)
        }
        #expect(undeclared.validate().map(\.message).contains("the timer 'active' --after 250 ms--> 'warned' goes to the undeclared state 'warned'"))
        #expect(throws: DefinitionError.self) { try Machine(undeclared) }
    }

    @Test("a region with a timer is refused, naming who declares it")
    func regionTimers() {
        let timed = MachineDefinition<String, String, String, Void>(name: "timed", initial: "off", events: ["flip"]) {
            In("off") { On("flip", to: "on"); After(.seconds(1), to: "on") }
            In("on") { On("flip", to: "off") }
        }
        let plain = MachineDefinition<String, String, String, Void>(name: "plain", initial: "off", events: ["flip"]) {
            In("off") { On("flip", to: "on") }
            In("on") { On("flip", to: "off") }
        }
        let lights = MachineDefinition(name: "lights", initial: LightsState(), regions: Region("left", \.left, timed), Region("right", \.right, plain))
        #expect(lights.validate().filter { $0.severity == .error }.map(\.message) == ["region 'left': 'off' has a timer: a region cannot have timers yet"])
        #expect(throws: DefinitionError.self) { try Machine(lights) }
    }
}

@Suite("Timers in tables")
struct TimerTableTests {
    @Test("every timer of every state is a row: its own first, then its parents'; Markdown, CSV and JSON list them after the state's cells")
    func tableRows() {
        let table = session.table
        #expect(table.timerRows.map { "\($0.state) after \($0.duration) -> \($0.entry.target) [\($0.entry.guardName ?? "")] \($0.entry.effects.map { "\($0)" }.joined(separator: ",")) \($0.inheritedFrom ?? "-")" } == [
            "active after 20.0 seconds -> warned [] warn -",
            "active after 60.0 seconds -> expired [] expire open",
            "warned after 10.0 seconds -> locked [may lock] lock -",
            "warned after 60.0 seconds -> expired [] expire open",
        ])
        #expect(table.timers(.locked).isEmpty)
        let markdown = table.text(.markdown).split(separator: "\n").map(String.init)
        #expect(Array(markdown.drop { !$0.hasPrefix("| active | tick") }.prefix(3)) == [
            "| active | tick |  | active (internal) |  |",
            "| active | after 20 s |  | warned | warn |",
            "| active | after 60 s |  | expired (inherited from open) | expire |",
        ])
        #expect(table.text(.csv).contains("warned,after 10 s,timer,may lock,locked,lock,\r\n"))
        #expect(table.text(.json).hasSuffix("""
          "timers": [
            {"state": "active", "after": "20 s", "nanoseconds": 20000000000, "target": "warned", "guard": null, "effects": ["warn"]},
            {"state": "active", "after": "60 s", "nanoseconds": 60000000000, "target": "expired", "guard": null, "effects": ["expire"], "inheritedFrom": "open"},
            {"state": "warned", "after": "10 s", "nanoseconds": 10000000000, "target": "locked", "guard": "may lock", "effects": ["lock"]},
            {"state": "warned", "after": "60 s", "nanoseconds": 60000000000, "target": "expired", "guard": null, "effects": ["expire"], "inheritedFrom": "open"}
          ]
        }

        """))
    }
}

@Suite("Timers in diagrams")
struct TimerDiagramTests {
    @Test("a timer is an edge labelled after N s: from the state, or from its parent's cluster; DOT and Mermaid")
    func edges() throws {
        let dot = session.dot()
        // (Spaced: `activity`, back, is drawn between the same two states.)
        #expect(dot.contains("label=\" after 20 s / warn \""))
        #expect(dot.contains("label=\"after 10 s\\n[may lock] / lock\""))
        #expect(dot.contains("ltail=cluster_p0"), "the parent's timer leaves its cluster")
        let mermaid = session.mermaid()
        #expect(mermaid.contains("s0 --> s1 : after 20 s<br>/ warn"))
        #expect(mermaid.contains("p0 --> s3 : after 60 s<br>/ expire"))
    }
}

@Suite("Timers against the table")
struct TimerAgreementTests {
    @Test("seeded random walks of events and timers agree with the table on every dispatch path")
    func agreesWithTable() {
        let agreement = expectAgreesWithTable(session, sequences: 500, seed: 7) { holds in holds("may lock") }
        #expect(agreement.steps > 5_000)
        #expect(agreement.mismatches.isEmpty)
    }
}

@Suite("Timer schedules: what a runner keeps beside the machine")
struct TimerScheduleTests {
    private static let guarded = MachineDefinition<String, String, String, Bool>(name: "guarded", initial: "a", events: ["tick", "go"]) {
        In("a") {
            Internal("tick")
            After(.seconds(10), to: "b", guard: Guard("may") { $0 })
            On("go", to: "a")
        }
        In("b") { On("go", to: "a") }
    }

    @Test("a timer whose guard failed stays spent through internal steps, and runs again once its state is entered again")
    func spentStaysSpent() throws {
        var machine = try Machine(Self.guarded)
        var schedule = TimerSchedule()
        schedule.rearm(machine.timers, kept: Int32.max, now: .zero)
        let due = schedule.takeDue(by: .seconds(10))
        #expect(due.map(\.timer.duration) == [.seconds(10)])
        #expect(machine.fireKeeping(due[0].timer, deciding: { _ in false }) == nil)
        schedule.spend(due[0])
        let (_, internalKept) = try machine.sendKeeping("tick", guards: { _ in true })
        schedule.rearm(machine.timers, kept: internalKept, now: .seconds(12))
        #expect(schedule.next == nil, "an internal step does not revive a spent timer")
        let (_, selfKept) = try machine.sendKeeping("go", guards: { _ in true })
        schedule.rearm(machine.timers, kept: selfKept, now: .seconds(13))
        #expect(schedule.next?.deadline == .seconds(23), "entering the state again starts it over")
    }

    @Test("an arming taken as due is no longer current once its timer restarts")
    func restartedIsNotCurrent() throws {
        var machine = try Machine(Self.guarded)
        var schedule = TimerSchedule()
        schedule.rearm(machine.timers, kept: Int32.max, now: .zero)
        let due = schedule.takeDue(by: .seconds(10))
        #expect(schedule.isCurrent(due[0]))
        let (_, kept) = try machine.sendKeeping("go", guards: { _ in true })
        schedule.rearm(machine.timers, kept: kept, now: .seconds(10))
        #expect(!schedule.isCurrent(due[0]))
    }

    @Test("a timer of zero or less is refused")
    func zeroDuration() {
        let instant = MachineDefinition<String, String, String, Void>(name: "instant", initial: "a", events: ["go"]) {
            In("a") { After(.zero, to: "b"); On("go", to: "b") }
            In("b") { After(.seconds(-1), to: "a"); On("go", to: "a") }
        }
        #expect(instant.validate().filter { $0.kind == .timerNotSupported }.map(\.message) == [
            "the timer 'a' --after 0 s--> does not last: a timer must be longer than zero",
            "the timer 'b' --after -1 s--> does not last: a timer must be longer than zero",
        ])
    }
}
