import Foundation
import FSM
import FSMPersistence
import Testing

/// Checks that random walks of `definition` go on the same after a snapshot: each walk is cut
/// once at a random input, its machine and timers saved (``FSMPersistence/MachineSnapshot``,
/// through JSON), restored into a fresh machine of the definition, and both walks take the
/// rest of the inputs; every step (each event's transition or refusal, each timer that runs
/// out) and the configuration after it, timers and their time left included, must be the
/// same as the walk that never stopped. When they differ, the walk is shrunk to a shortest
/// one (leaving out inputs before and after the cut), recorded as one Swift Testing issue,
/// and returned; its REPL script saves and restores at the cut (`:snapshot`, `:restore`).
///
/// Time is virtual and walks are drawn as ``expectProperty(_:context:walks:steps:seed:advancing:event:shrink:model:sourceLocation:check:)``
/// draws them. What a snapshot of a walk holds: its state, parents, what every history
/// remembers, and each armed timer's time left (or spent); restored, the timers resume with
/// that time left (no time passes at the cut). What a `MachineRuntime` adds (the wall clock
/// and its ``FSMPersistence/TimerRestore`` modes, queued events, the context) is not walked
/// here: its own tests check it.
///
/// - Parameters:
///   - definition: The machine.
///   - context: What guards read.
///   - walks: How many walks.
///   - steps: How many inputs a walk has.
///   - seed: The seed of the first walk (walk `n` uses `seed + n`).
///   - advancing: The chance that an input lets time pass (1 in 8 by default, with timers).
///   - event: Makes an event.
///   - shrink: Simpler events to try in place of one, simplest first.
/// - Returns: The counterexample (its failure says where the walk was cut), `nil` when every
///   walk went on the same.
@discardableResult
public func expectSnapshotContinuation<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>(
    _ definition: MachineDefinition<State, Event, Effect, Context>,
    context: Context,
    walks: Int = 100,
    steps: Int = 60,
    seed: UInt64 = 1,
    advancing: Double? = nil,
    event: (inout SeededRandom) -> Event,
    shrink: (Event) -> [Event] = { _ in [] },
    sourceLocation: SourceLocation = #_sourceLocation
) -> Counterexample<Event>? {
    let errors = definition.validate().filter { $0.severity == .error }
    guard errors.isEmpty, let start = try? Machine(definition) else {
        Issue.record(Comment(rawValue: errors.listed(under: "machine '\(definition.name)' cannot run:")), sourceLocation: sourceLocation)
        return nil
    }
    let threshold = PropertyInput<Event>.threshold(definition.hasTimers, advancing: advancing)
    let continuation = Continuation(start: start, context: context)
    for walkNumber in 0..<max(0, walks) {
        let walkSeed = seed &+ UInt64(walkNumber)
        var random = SeededRandom(seed: walkSeed)
        let inputs = PropertyInput.walk(steps, advancing: threshold, random: &random, event: event)
        let cut = Int(random.next(upperBound: UInt64(inputs.count + 1)))
        var items = inputs.map(Continuation<State, Event, Effect, Context>.Item.input)
        items.insert(.cut, at: cut)
        guard let broken = continuation.breaks(items) else { continue }
        var shortest = Array(items.prefix(broken.length))
        var failure = broken.failure
        Shrinking.shrink(&shortest, &failure, shrink: { item in
            guard case let .input(.event(event)) = item else { return [] }
            return shrink(event).map { .input(.event($0)) }
        }) { continuation.breaks($0) }
        let at = shortest.firstIndex { if case .cut = $0 { true } else { false } } ?? shortest.count
        let shortInputs = shortest.compactMap { item -> PropertyInput<Event>? in
            if case let .input(input) = item { return input }
            return nil
        }
        let counterexample = Counterexample(
            seed: walkSeed, originalLength: broken.length - 1, inputs: shortInputs,
            failure: "restored from a snapshot taken after \(at) input(s): \(failure)",
            script: Shrinking.script(shortInputs, start: start, context: context, definition, before: [at: ":snapshot continuation.json\n:restore continuation.json"]),
            swiftTest: Shrinking.swiftTest(
                shortInputs, start: start, context: context,
                failure: "after a snapshot taken after \(at) input(s) is restored (`machine.snapshot()`, `Machine(definition, restoring:)`): \(failure)"
            )
        )
        Issue.record(Comment(rawValue: counterexample.description), sourceLocation: sourceLocation)
        return counterexample
    }
    return nil
}

/// ``expectSnapshotContinuation(_:context:walks:steps:seed:advancing:event:shrink:sourceLocation:)``
/// with events drawn from a list (earlier ones simpler); with timers, time passes as often as
/// each event is sent unless `advancing` says otherwise.
@discardableResult
public func expectSnapshotContinuation<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>(
    _ definition: MachineDefinition<State, Event, Effect, Context>,
    context: Context,
    events: [Event],
    walks: Int = 100,
    steps: Int = 60,
    seed: UInt64 = 1,
    advancing: Double? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) -> Counterexample<Event>? {
    guard !events.isEmpty else {
        Issue.record("expectSnapshotContinuation needs at least one event to send", sourceLocation: sourceLocation)
        return nil
    }
    return expectSnapshotContinuation(
        definition, context: context, walks: walks, steps: steps, seed: seed, advancing: advancing ?? 1 / Double(events.count + 1),
        event: { random in events[Int(random.next(upperBound: UInt64(events.count)))] },
        shrink: { candidate in
            guard let position = events.firstIndex(where: { "\($0)" == "\(candidate)" }) else { return [] }
            return Array(events[..<position])
        },
        sourceLocation: sourceLocation
    )
}

/// Checks that every configuration `definition` reaches from its initial state (its events
/// sent with `context`, its timers run out) survives a snapshot: saved, through JSON, and
/// restored into a fresh machine, it is in the same state, remembers the same, and answers
/// every event the same way. Records an issue for each that does not (at most ten).
///
/// - Parameters:
///   - events: The events to send (with data, one value each).
///   - limit: The most configurations visited.
/// - Returns: How many configurations were checked.
@discardableResult
public func expectSnapshotRoundTrip<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>(
    _ definition: MachineDefinition<State, Event, Effect, Context>,
    context: Context,
    events: [Event],
    limit: Int = 10_000,
    sourceLocation: SourceLocation = #_sourceLocation
) -> Int {
    guard let start = try? Machine(definition) else {
        Issue.record("machine '\(definition.name)' cannot run", sourceLocation: sourceLocation)
        return 0
    }
    var seen: Set<MachineSnapshot> = [start.snapshot()]
    var queue = [start]
    var head = 0, problems = 0
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    while head < queue.count {
        let machine = queue[head]
        head += 1
        let snapshot = machine.snapshot()
        let problem: String?
        do {
            let read = try JSONDecoder().decode(MachineSnapshot.self, from: encoder.encode(snapshot))
            var restored = start
            try restored.restore(read)
            let answers = { (machine: Machine<State, Event, Effect, Context>) in events.map { "\(machine.check($0, context: context))" } }
            problem = restored.snapshot() != snapshot ? "restored as \(restored.snapshot())"
                : restored.row != machine.row ? "restored in another row of the table"
                : answers(restored) != answers(machine) ? "restored, it answers events otherwise" : nil
        } catch {
            problem = "refused: \(error)"
        }
        if let problem {
            problems += 1
            if problems <= 10 { Issue.record(Comment(rawValue: "the configuration \(snapshot.state) (\(snapshot.history.map { "\($0.parent): \($0.remembers ?? "nothing")" }.joined(separator: ", "))) does not round-trip: \(problem)"), sourceLocation: sourceLocation) }
        }
        var next: [Machine<State, Event, Effect, Context>] = []
        for event in events {
            var copy = machine
            if (try? copy.send(event, context: context)) != nil { next.append(copy) }
        }
        for timer in machine.isFinished ? [] : machine.timers {
            var copy = machine
            if copy.fire(timer, context: context) != nil { next.append(copy) }
        }
        for reached in next where seen.count < limit && seen.insert(reached.snapshot()).inserted {
            queue.append(reached)
        }
    }
    return seen.count
}

/// A walk and the same walk restored from its snapshot at a cut, input by input.
struct Continuation<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context> {
    /// An input of the walk, or the cut where it is saved and restored.
    enum Item {
        case input(PropertyInput<Event>)
        case cut
    }

    let start: Machine<State, Event, Effect, Context>
    let context: Context
    let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    /// Where the walk restored at its (first) cut stops going on as the live one: the number
    /// of items it took and what differed. A sequence without a cut never breaks.
    func breaks(_ items: some Collection<Item>) -> (length: Int, failure: String)? {
        var live = TimedWalk(start)
        var restored: TimedWalk<State, Event, Effect, Context>?
        for (index, item) in items.enumerated() {
            switch item {
            case .cut:
                guard restored == nil else { continue }
                switch restore(live) {
                case let .success(walk): restored = walk
                case let .failure(problem): return (index + 1, problem.text)
                }
            case let .input(input):
                let liveSteps = steps(of: input, on: &live)
                guard var other = restored else { continue }
                let otherSteps = steps(of: input, on: &other)
                restored = other
                // Each step's row and the time are compared at once; the rest of the
                // configuration (memories, timers) at the end, or where a step differs.
                let same = otherSteps.count == liveSteps.count && other.now == live.now
                    && zip(otherSteps, liveSteps).allSatisfy { $0.row == $1.row && $0.taken == $1.taken }
                if !same {
                    let text = { (steps: [Step]) in steps.isEmpty ? "nothing" : steps.map(\.text).joined(separator: "; ") }
                    return (index + 1, "\(input) did \(text(otherSteps)), not \(text(liveSteps))")
                }
            }
        }
        if let restored {
            let (saved, savedLive) = (snapshot(of: restored), snapshot(of: live))
            if saved != savedLive { return (items.count, "after the last input the restored machine is \(describe(saved)), not \(describe(savedLive))") }
        }
        return nil
    }

    /// One step of a walk: the row it ended in, whether a transition was taken, and the step
    /// as text, made only when a failure shows it.
    struct Step {
        let row: Int
        let taken: Bool
        let result: Result<Transition<State, Event.Key, Effect>, TransitionError<State, Event.Key>>
        var text: String {
            switch result {
            case let .success(transition): "\(transition)"
            case let .failure(error): "refused: \(error)"
            }
        }
    }

    /// What a problem at the cut says.
    struct Problem: Error {
        let text: String
    }

    /// The walk saved (its machine and timers) through JSON and restored in a fresh machine.
    func restore(_ walk: TimedWalk<State, Event, Effect, Context>) -> Result<TimedWalk<State, Event, Effect, Context>, Problem> {
        let saved = snapshot(of: walk)
        do {
            let read = try JSONDecoder().decode(MachineSnapshot.self, from: encoder.encode(saved))
            var machine = start
            try machine.restore(read)
            let armed = machine.isFinished ? [] : machine.timers
            let schedule = TimerSchedule.restoring(armed, now: walk.now, saved: read.savedTimers(elapsed: .zero, mode: .resumeRemaining))
            let restored = TimedWalk(machine, schedule: schedule, now: walk.now)
            let again = snapshot(of: restored)
            guard again == saved else { return .failure(Problem(text: "the snapshot \(describe(saved)) was restored as \(describe(again))")) }
            return .success(restored)
        } catch {
            return .failure(Problem(text: "the snapshot \(describe(saved)) was not restored: \(error)"))
        }
    }

    /// The walk's machine and timers, as a runner saves them.
    func snapshot(of walk: TimedWalk<State, Event, Effect, Context>) -> MachineSnapshot {
        var snapshot = walk.machine.snapshot()
        snapshot.timers = MachineSnapshot.timers(walk.schedule.saved(at: walk.now))
        return snapshot
    }

    /// Each step an input makes.
    func steps(of input: PropertyInput<Event>, on walk: inout TimedWalk<State, Event, Effect, Context>) -> [Step] {
        var steps: [Step] = []
        walk.take(input, context: context) { step in
            let taken = if case .success = step.result { true } else { false }
            steps.append(Step(row: step.machine.row, taken: taken, result: step.result))
            return true
        }
        return steps
    }

    /// A snapshot in a line: its state, parents, memories and timers.
    func describe(_ snapshot: MachineSnapshot) -> String {
        let parents = snapshot.parents.isEmpty ? "" : " in \(snapshot.parents.joined(separator: " > "))"
        let memories = snapshot.history.map { "\($0.parent)\($0.deep ? "*" : "") remembers \($0.remembers ?? "nothing")" }
        let timers = (snapshot.timers ?? []).map { "\($0.owner)#\($0.position) \($0.remainingNanoseconds.map { "\($0) ns left" } ?? "spent")" }
        return "'\(snapshot.state)'\(parents)" + (memories + timers).map { ", \($0)" }.joined()
    }
}
