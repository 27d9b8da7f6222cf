import FSM
import FSMCoverage
import Foundation
import Testing

/// A kettle: a timer with a guard, to see timers recorded.
private enum Kettle: String, Hashable, Sendable, CustomStringConvertible {
    case cold, heating, boiled
    var description: String { rawValue }
}

private enum KettleEvent: String, MachineEvent, CaseIterable, CustomStringConvertible {
    case switchOn, lift
    var description: String { rawValue }
}

private let kettle = MachineDefinition<Kettle, KettleEvent, String, Bool>(name: "kettle", initial: .cold) {
    In(.cold) { On(.switchOn, to: .heating) }
    In(.heating) {
        After(.seconds(90), to: .boiled, guard: Guard("has water") { $0 })
        On(.lift, to: .cold)
    }
    In(.boiled) { On(.lift, to: .cold) }
}

@Suite("Coverage: a recorder counts what machines do")
struct CoverageTests {
    /// The door's walk: a transition, an ignored event, a guard failing then holding, an
    /// internal transition, a final state ignoring and refusing.
    private func walkDoor(_ door: inout Machine<Door, DoorEvent, DoorEffect, Keyring>) throws {
        try door.send(.open, context: withKey)
        try door.send(.open, context: withKey)
        try door.send(.close, context: withKey)
        #expect(throws: TransitionError<Door, DoorEvent>.self) { try door.send(.lock, context: withoutKey) }
        _ = door.transition(on: .lock, context: withKey)
        try door.send(.knock, context: withKey)
        try door.send(.kick, context: withKey)
        try door.send(.knock, context: withKey)
        _ = door.transition(on: .open, context: withKey)
    }

    @Test("every cell's outcome, every guard's outcomes, states entered and pairs are counted")
    func doorWalk() throws {
        let recorder = CoverageRecorder()
        var door = try Machine(doorDefinition)
        door.recorder = recorder
        try walkDoor(&door)
        let coverage = try #require(recorder.coverage[machine: "door"])
        #expect(coverage.states.map(\.entered) == [1, 2, 1, 1], "opened, closed (start and return), locked, broken")
        func cell(_ state: String, _ event: String) -> MachineCoverage.Cell? {
            coverage.cells.first { $0.state == state && $0.event == event }
        }
        #expect(cell("closed", "open")?.lines.map(\.taken) == [1])
        #expect(cell("opened", "open")?.ignored == 1)
        #expect(cell("closed", "lock")?.lines.first.map { [$0.taken, $0.guardFailed] } == [1, 1])
        #expect(cell("closed", "lock")?.refused == 1)
        #expect(cell("locked", "knock")?.lines.map(\.taken) == [1])
        #expect(cell("broken", "knock")?.ignored == 1)
        #expect(cell("broken", "open")?.refused == 1)
        #expect(coverage.cells.reduce(0) { $0 + $1.hits } == 9, "nine events sent")
        #expect(coverage.pairs.map { "\($0.first) then \($0.second)" } == [
            "closed --open--> opened then opened --close--> closed",
            "opened --close--> closed then closed --lock--> locked",
            "closed --lock--> locked then locked --knock--> locked",
            "locked --knock--> locked then locked --kick--> broken",
        ])
        let report = coverage.report
        #expect(report.legalCells.description.hasPrefix("5 of 8 "))
        #expect(report.transitions.description.hasPrefix("5 of 8 "))
        #expect(report.guardOutcomes.description.hasPrefix("2 of 4 "))
        #expect(report.states.description.hasPrefix("4 of 4 "))
        #expect(report.cells.description.hasPrefix("8 of 24 "))
        #expect(report.pairs == 4)
        #expect(report.misses.filter { $0.kind != .cellNeverExercised }.map(\.description) == [
            "transition never taken: (closed, knock) -> closed",
            "transition never taken: (closed, kick) -> broken",
            "guard never held: (locked, unlock) -> closed [has key]",
            "guard never failed: (locked, unlock) -> closed [has key]",
        ])
        #expect(report.misses.count { $0.kind == .cellNeverExercised } == 24 - 8 - 3, "ignored and illegal cells never tried")
    }

    @Test("the report in Markdown: the measures, then the misses by name")
    func markdown() throws {
        let recorder = CoverageRecorder()
        var door = try Machine(doorDefinition)
        door.recorder = recorder
        try walkDoor(&door)
        let text = try #require(recorder.coverage[machine: "door"]).report.markdown
        #expect(text.hasPrefix("""
        ## Coverage of `door`

        | measure | covered | total | % |
        |---|---:|---:|---:|
        | legal cells (a transition taken) | 5 | 8 | 62.5 |
        | transitions taken | 5 | 8 | 62.5 |
        | guard outcomes (held, failed) | 2 | 4 | 50 |
        | states entered | 4 | 4 | 100 |
        | all cells exercised | 8 | 24 | 33.3 |

        Pairs of consecutive transitions seen: 4.

        ### Never exercised

        - transition never taken: (`closed`, `knock`) -> `closed`
        """))
        #expect(text.contains("- `opened`: `close`, `lock`, `unlock`, `knock`, `kick`\n") == false, "opened's close was taken")
        #expect(text.contains("- `opened`: `lock`, `unlock`, `knock`, `kick`\n"))
    }

    @Test("every way of sending records: send, transition(on:), keys with guards by name, timers")
    func everyPath() throws {
        let recorder = CoverageRecorder()
        var machine = try Machine(kettle)
        machine.recorder = recorder
        try machine.send(.switchOn, context: true)
        let timer = try #require(machine.timers.first)
        #expect(machine.fire(timer, context: false) == nil, "the guard fails: recorded, nothing taken")
        #expect(machine.fire(timer, context: true)?.target == .boiled)
        _ = machine.transition(on: .lift, context: true)
        try machine.send(KettleEvent.switchOn, guards: { _ in true })
        #expect(throws: TransitionError<Kettle, KettleEvent>.self) { try machine.send(KettleEvent.switchOn, guards: { _ in true }) }
        let coverage = try #require(recorder.coverage[machine: "kettle"])
        let after = try #require(coverage.cells.first { $0.event == "after 90 s" })
        #expect(after.kind == .timer && after.state == "heating")
        #expect(after.lines.map { [$0.taken, $0.guardFailed] } == [[1, 1]])
        #expect(coverage.cells.first { $0.state == "cold" && $0.event == "switchOn" }?.lines.first?.taken == 2)
        #expect(coverage.cells.first { $0.state == "heating" && $0.event == "switchOn" }?.refused == 1)
        #expect(coverage.states.map(\.entered) == [2, 2, 1])
        #expect(coverage.takenCounts[TransitionKey(source: "heating", event: "after 90 s", target: "boiled")] == 1)
        #expect(coverage.report.guardOutcomes.covered == 2)
    }

    @Test("a check is a query: nothing is recorded; a machine without a recorder records nothing")
    func queriesAndDetached() throws {
        let recorder = CoverageRecorder()
        var door = try Machine(doorDefinition)
        _ = door.check(.open, context: withKey)
        #expect(recorder.coverage.machines.isEmpty)
        door.recorder = recorder
        _ = door.check(.open, context: withKey)
        #expect(recorder.coverage[machine: "door"]?.cells.allSatisfy { $0.hits == 0 } == true)
        door.recorder = nil
        try door.send(.open, context: withKey)
        #expect(recorder.coverage[machine: "door"]?.cells.allSatisfy { $0.hits == 0 } == true)
        #expect(recorder.coverage[machine: "door"]?.states.map(\.entered) == [0, 1, 0, 0], "attached in closed")
    }

    @Test("machines of one definition add up; pairs stay within each machine")
    func twoMachines() throws {
        let recorder = CoverageRecorder()
        var first = try Machine(doorDefinition), second = try Machine(doorDefinition)
        first.recorder = recorder
        second.recorder = recorder
        try first.send(.open, context: withKey)
        try second.send(.kick, context: withKey)
        try first.send(.close, context: withKey)
        let coverage = try #require(recorder.coverage[machine: "door"])
        #expect(recorder.coverage.machines.count == 1)
        #expect(coverage.states.map(\.entered) == [1, 3, 0, 1])
        #expect(coverage.pairs.map(\.count) == [1])
        #expect(coverage.pairs.first.map { "\($0.first) then \($0.second)" } == "closed --open--> opened then opened --close--> closed")
        recorder.reset()
        #expect(recorder.coverage[machine: "door"]?.cells.allSatisfy { $0.hits == 0 } == true)
        try first.send(.open, context: withKey)
        #expect(recorder.coverage[machine: "door"]?.pairs.isEmpty == true, "reset forgets each machine's last transition")
    }

    @Test("one recorder shared by tasks counts every event exactly")
    func concurrent() async throws {
        let recorder = CoverageRecorder()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var door = try Machine(doorDefinition)
                    door.recorder = recorder
                    for _ in 0..<500 {
                        try door.send(.open, context: withKey)
                        try door.send(.close, context: withKey)
                    }
                }
            }
            try await group.waitForAll()
        }
        let coverage = try #require(recorder.coverage[machine: "door"])
        #expect(coverage.cells.first { $0.state == "closed" && $0.event == "open" }?.lines.first?.taken == 4000)
        #expect(coverage.states.map(\.entered) == [4000, 4008, 0, 0])
        #expect(coverage.pairs.map(\.count) == [4000, 3992], "open then close 500 times a machine, close then open 499")
    }

    @Test("coverages merge by name and shape (a machine of another shape under the same name stays apart); a coverage survives JSON")
    func mergeAndFiles() throws {
        let recorder = CoverageRecorder()
        var door = try Machine(doorDefinition)
        door.recorder = recorder
        try walkDoor(&door)
        let once = recorder.coverage
        let twice = once.merging(once)
        #expect(twice[machine: "door"]?.report.legalCells.covered == 5)
        #expect(twice[machine: "door"]?.cells.reduce(0) { $0 + $1.hits } == 18)
        #expect(twice[machine: "door"]?.pairs.map(\.count) == [2, 2, 2, 2])
        let data = try JSONEncoder().encode(twice)
        #expect(try JSONDecoder().decode(Coverage.self, from: data) == twice)
        let other = MachineCoverage(lampDefinition)
        let renamed = try other.renamed("door")
        #expect(throws: CoverageMismatch.self) { try #require(once[machine: "door"]).merging(renamed) }
        let both = once.merging(Coverage(machines: [renamed]))
        #expect(both.machines.map(\.machine) == ["door", "door"], "two shapes, two entries")
        #expect(both.merging(both).machines.map { $0.cells.reduce(0) { $0 + $1.hits } } == [18, 0])
        let empty = MachineCoverage(doorDefinition)
        #expect(empty.shapeDifference(from: try #require(once[machine: "door"])) == nil)
        #expect(Coverage(machines: [empty]).merging(once) == once)
    }

    @Test("reset counts the initial state entered and starts the pairs over; setting the same recorder again changes nothing")
    func resetAndReattach() throws {
        let recorder = CoverageRecorder()
        var door = try Machine(doorDefinition)
        door.recorder = recorder
        door.recorder = recorder
        try door.send(.open, context: withKey)
        door.reset()
        try door.send(.open, context: withKey)
        let coverage = try #require(recorder.coverage[machine: "door"])
        #expect(coverage.states.map(\.entered) == [2, 2, 0, 0], "closed: attached and reset; opened twice")
        #expect(coverage.pairs.isEmpty, "no transition follows another across the reset")
    }

    @Test("definitions with the same names but other transitions keep their own counts")
    func sameNamesOtherTables() throws {
        let other = MachineDefinition<Door, DoorEvent, DoorEffect, Keyring>(name: "door", initial: .closed) {
            In(.opened) { On(.close, to: .closed); Ignore(.open) }
            In(.closed) { On(.open, to: .opened); On(.lock, to: .locked); Internal(.knock); On(.kick, to: .broken) }
            In(.locked) { On(.unlock, to: .opened); Internal(.knock); On(.kick, to: .broken) }
            Final(.broken) { Ignore(.knock) }
        }
        let recorder = CoverageRecorder()
        var first = try Machine(doorDefinition), second = try Machine(other)
        first.recorder = recorder
        second.recorder = recorder
        try first.send(.open, context: withKey)
        try second.send(.lock, context: withKey)
        try second.send(.unlock, context: withKey)
        #expect(recorder.coverage.machines.count == 2)
        #expect(recorder.coverage.machines.map { $0.report.transitions.covered } == [1, 2])
    }

}

extension MachineCoverage {
    /// The same coverage under another machine name (through JSON: a file from elsewhere).
    fileprivate func renamed(_ name: String) throws -> MachineCoverage {
        var object = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(self)) as? [String: Any])
        object["machine"] = name
        return try JSONDecoder().decode(MachineCoverage.self, from: JSONSerialization.data(withJSONObject: object))
    }
}
