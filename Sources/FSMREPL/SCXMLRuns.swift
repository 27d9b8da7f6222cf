import FSM

/// Seeded runs of a machine through a REPL session, in the terms of its SCXML document: what
/// `scxml MACHINE --runs N` prints, so that another SCXML interpreter can replay the same
/// steps on the document and be compared with this library step by step
/// (`Judges/scxml-judge.py` does it with python-statemachine).
///
/// Each step sends one of the machine's events (half the time one that would move it now,
/// otherwise any), or, in a machine with
/// timers, moves virtual time (`:advance`, firing the timers that run out), after
/// deciding every named guard (held three times in four) as `:guard` does, and records the
/// event's name in the document, the guard variables' values, the ids of the elements the
/// machine is in afterwards (its state, parents and regions) and the effects emitted, in order.
package enum SCXMLRuns {
    package struct Step: Sendable {
        /// The event's name in the document, or empty for a step that moves time.
        package let event: String
        /// How far a step that moves time moves it (`:advance`), in milliseconds.
        package let advance: Int64?
        /// Per guard variable of the document, its value for this step.
        package let guards: [(variable: String, holds: Bool)]
        package let active: [String]
        package let effects: [String]
    }

    package struct Runs: Sendable {
        package let document: SCXMLExport
        /// The elements active in the initial state.
        package let initial: [String]
        package let runs: [[Step]]
    }

    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// `runs` runs of `steps` steps from the initial state, the same for the same seed.
    package static func make(_ machine: any MachineDescribing, runs count: Int, steps: Int, seed: UInt64) throws -> Runs {
        let export = machine._outline.scxml()
        var random = SplitMix(seed: seed)
        var runs: [[Step]] = []
        var initial: [String] = []
        for _ in 0..<max(0, count) {
            let session = try machine.makeSession { _, _ in }
            initial = session.scxmlActiveIDs(in: export)
            var run: [Step] = []
            for _ in 0..<max(0, steps) where !export.eventIDs.isEmpty || !export.timerDurations.isEmpty {
                var guards: [(String, Bool)] = []
                for (name, variable) in export.guardVariables {
                    let holds = random.next() % 4 != 0
                    guards.append((variable, holds))
                    session.decide(guardNamed: name, holds: holds)
                }
                // A machine with timers moves time one step in three, by about a timer's
                // duration (half, all, a millisecond more, twice), firing what runs out.
                if !export.timerDurations.isEmpty && (export.eventIDs.isEmpty || random.next() % 3 == 0) {
                    let duration = export.timerDurations[Int(random.next() % UInt64(export.timerDurations.count))]
                    let (seconds, attoseconds) = duration.components
                    let milliseconds = max(1, seconds * 1000 + attoseconds / 1_000_000_000_000_000)
                    let advance = [max(1, milliseconds / 2), milliseconds, milliseconds + 1, 2 * milliseconds][Int(random.next() % 4)]
                    let output = session.handle(":advance \(advance)ms")
                    if output.isError { throw Failure(description: output.text) }
                    run.append(Step(event: "", advance: advance, guards: guards, active: session.scxmlActiveIDs(in: export), effects: session.lastEffects))
                    continue
                }
                // Half the steps send an event that moves the machine, so that runs go deep
                // (a random event mostly leaves a protocol machine where it is).
                let moving = session.movingEventIndices
                let e = !moving.isEmpty && random.next() % 2 == 0
                    ? moving[Int(random.next() % UInt64(moving.count))]
                    : Int(random.next() % UInt64(export.eventIDs.count))
                let output = session.send(eventNamed: machine.eventNames[e])
                if output.text.hasPrefix("error: unknown") { throw Failure(description: output.text) }
                run.append(Step(event: export.eventIDs[e], advance: nil, guards: guards, active: session.scxmlActiveIDs(in: export), effects: session.lastEffects))
            }
            runs.append(run)
        }
        return Runs(document: export, initial: initial, runs: runs)
    }

    /// The runs as JSON: `{"machine": NAME, "initial": [ID...], "runs": [[{"event": EVENT,
    /// "guards": {VARIABLE: BOOL...}, "active": [ID...], "effects": [EFFECT...]}...]...]}`,
    /// one step per line; a step that moves time has `"advance": MILLISECONDS` instead of
    /// an event.
    package static func json(_ runs: Runs, machineName: String) -> String {
        func list(_ items: [String]) -> String { "[" + items.map { JSON.string($0) }.joined(separator: ", ") + "]" }
        var lines = ["{", "\"machine\": \(JSON.string(machineName)),", "\"initial\": \(list(runs.initial)),", "\"runs\": ["]
        for (r, run) in runs.runs.enumerated() {
            lines.append("[")
            for (s, step) in run.enumerated() {
                let guards = "{" + step.guards.map { "\(JSON.string($0.variable)): \($0.holds)" }.joined(separator: ", ") + "}"
                let head = step.advance.map { "{\"advance\": \($0)" } ?? "{\"event\": \(JSON.string(step.event))"
                lines.append("\(head), \"guards\": \(guards), \"active\": \(list(step.active)), \"effects\": \(list(step.effects))}" + (s < run.count - 1 ? "," : ""))
            }
            lines.append("]" + (r < runs.runs.count - 1 ? "," : ""))
        }
        lines += ["]", "}"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// SplitMix64: the same seed, the same runs, on every platform.
    private struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
