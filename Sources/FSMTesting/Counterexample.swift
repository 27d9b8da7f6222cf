import Foundation
import FSM
import Testing

/// One step of a random walk, as a property sees it: the event sent (or the timer that ran out),
/// the state before it, what the machine did, and the machine after it.
public struct PropertyStep<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context> {
    /// The position in the walk of the input that made the step, from 0 (the timers that run
    /// out at one ``PropertyInput/advance`` are steps of one position).
    public let index: Int
    /// The event sent, or `nil` when a timer ran out (``timer``).
    public let event: Event?
    /// The timer that ran out and took its transition, or `nil` when an event was sent.
    public let timer: MachineTimer?
    /// The walk's virtual time when the step was taken, from 0 at its start.
    public let time: Duration
    /// The state before the step.
    public let before: State
    /// The transition taken, or the error that refused the event (a timer's step is always a
    /// transition: a timer whose guard does not hold makes no step).
    public let result: Result<Transition<State, Event.Key, Effect>, TransitionError<State, Event.Key>>
    /// The machine after the step.
    public let machine: Machine<State, Event, Effect, Context>
}

/// What a random walk does at one position: send an event, or let virtual time pass to the
/// earliest deadline of the timers armed and fire those that run out then, as `:advance` does
/// in the REPL (nothing when no timer is armed).
public enum PropertyInput<Event: MachineEvent>: CustomStringConvertible {
    /// Sends the event.
    case event(Event)
    /// Lets time pass to the next deadline.
    case advance

    /// The event, or `nil` for an advance.
    public var event: Event? {
        if case let .event(event) = self { return event }
        return nil
    }

    /// The event as Swift prints it, or `advance`.
    public var description: String {
        switch self {
        case let .event(event): String(describing: event)
        case .advance: "advance"
        }
    }
}

extension PropertyInput {
    /// The draw under which an input is an advance (of 2^53 values), for a chance of
    /// `advancing` (1 in 8 by default); 0 without timers (an advance would do nothing).
    static func threshold(_ hasTimers: Bool, advancing: Double?) -> UInt64 {
        let chance = hasTimers ? min(1, max(0, advancing ?? 1.0 / 8)) : 0
        return UInt64(chance * 9_007_199_254_740_992)
    }

    /// A random walk of `count` inputs: an advance when a draw falls under `threshold`,
    /// otherwise an event `event` makes.
    static func walk(_ count: Int, advancing threshold: UInt64, random: inout SeededRandom, event: (inout SeededRandom) -> Event) -> [Self] {
        var inputs: [Self] = []
        inputs.reserveCapacity(max(0, count))
        for _ in 0..<max(0, count) {
            if threshold > 0, random.next() >> 11 < threshold {
                inputs.append(.advance)
            } else {
                inputs.append(.event(event(&random)))
            }
        }
        return inputs
    }
}

extension PropertyInput: Sendable {}
extension PropertyInput: Equatable where Event: Equatable {}
extension PropertyInput: Hashable where Event: Hashable {}

/// A shortest sequence of events (and advances of time) found that breaks a property: what
/// ``expectProperty`` reports.
public struct Counterexample<Event: MachineEvent>: CustomStringConvertible {
    /// The seed of the walk that first broke the property (rerun with it to see it again).
    public let seed: UInt64
    /// How many inputs (events and advances) of that walk it took to break the property.
    public let originalLength: Int
    /// The shortest sequence found that still breaks it (no input can be left out): events
    /// sent and advances of time.
    public let inputs: [PropertyInput<Event>]
    /// What the property said at its last step.
    public let failure: String
    /// The sequence as a REPL script (`fsm repl MACHINE --script FILE`): one event a line, by
    /// name, then its data as JSON when the event type is `Codable` (the REPL reads it back);
    /// otherwise the data in a comment line before the bare name, and the REPL decides guards
    /// on it with `:guard`. An advance is `:advance` and the time it let pass (`:advance 3 ms`).
    public let script: String
    /// The sequence as a Swift Testing test to paste and finish: the events as Swift values,
    /// sent to `definition` with `context` (names your test gives them), and each timer that
    /// ran out fired by its owner and duration.
    public let swiftTest: String

    /// The events of ``inputs``, in order (the advances left out).
    public var events: [Event] { inputs.compactMap(\.event) }

    /// The failure, the shortest sequence, the script and the Swift test.
    public var description: String {
        let advances = inputs.count - events.count
        return """
        property broken after \(events.count) event(s)\(advances == 0 ? "" : " and \(advances) advance(s) of time") (shrunk from \(originalLength), seed \(seed)): \(failure)
        as a REPL script:
        \(script)
        as a Swift test:
        \(swiftTest)
        """
    }
}

/// Sends seeded random walks of events to fresh machines of `definition` (with timers, time
/// let pass to their deadlines between events), checks `check` after every step, and when it
/// breaks, shrinks the walk to a shortest sequence that still breaks it (leaving out runs of
/// inputs, then single ones, then trying the simpler events `shrink` offers), records one
/// Swift Testing issue with that sequence as a REPL script and as a Swift test, and returns
/// it.
///
/// Time is virtual: a walk starts at 0 and moves only at a ``PropertyInput/advance``, to the
/// earliest deadline of the timers armed, firing every timer that runs out then (the
/// innermost first, its guard decided on `context`) as a runtime would: a timer armed in a
/// state that was left never fires, a parent's timer keeps running while the machine moves
/// between its children, a timer whose guard does not hold is spent until its state is
/// entered again. Each timer that takes its transition is a step `check` sees.
///
/// ```swift
/// @Test func doorNeverOpensWhenLocked() {
///     expectProperty(doorDefinition, context: withKey, events: DoorEvent.allCases) { step in
///         step.before == .locked && step.machine.state == .opened ? "opened while locked" : nil
///     }
/// }
/// ```
///
/// - Parameters:
///   - definition: The machine.
///   - context: What guards read.
///   - walks: How many walks, each from the initial state.
///   - steps: How many inputs (events and advances) a walk has.
///   - seed: The seed of the first walk (walk `n` uses `seed + n`).
///   - advancing: The chance (0 to 1) that an input lets time pass instead of sending an
///     event. By default 1 in 8 when the machine has timers, 0 when it has none.
///   - event: Makes an event (with data, when the machine's events carry any).
///   - shrink: Simpler events to try in place of one, simplest first (default: none).
///   - model: Makes the state a check keeps across a walk (an oracle's own machine), new for
///     each walk and each shrinking attempt.
///   - check: Looks at one step (and updates the model): `nil` when the property holds, or
///     what is wrong.
/// - Returns: The counterexample, `nil` when every walk kept the property.
@discardableResult
public func expectProperty<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context, Model>(
    _ definition: MachineDefinition<State, Event, Effect, Context>,
    context: Context,
    walks: Int = 100,
    steps: Int = 200,
    seed: UInt64 = 1,
    advancing: Double? = nil,
    event: (inout SeededRandom) -> Event,
    shrink: (Event) -> [Event] = { _ in [] },
    model: () -> Model,
    sourceLocation: SourceLocation = #_sourceLocation,
    check: (inout Model, PropertyStep<State, Event, Effect, Context>) -> String?
) -> Counterexample<Event>? {
    let errors = definition.validate().filter { $0.severity == .error }
    guard errors.isEmpty else {
        Issue.record(Comment(rawValue: errors.listed(under: "machine '\(definition.name)' cannot run:")), sourceLocation: sourceLocation)
        return nil
    }
    guard let start = try? Machine(definition) else { return nil }
    let threshold = PropertyInput<Event>.threshold(definition.hasTimers, advancing: advancing)
    /// Where `inputs` breaks the property: the number of inputs it took and what was said.
    func breaks(_ inputs: some Collection<PropertyInput<Event>>) -> (length: Int, failure: String)? {
        var walk = TimedWalk(start)
        var state = model()
        for (index, input) in inputs.enumerated() {
            var failure: String?
            walk.take(input, context: context) { step in
                failure = check(&state, PropertyStep(
                    index: index, event: step.event, timer: step.timer, time: step.time, before: step.before, result: step.result, machine: step.machine))
                return failure == nil
            }
            if let failure { return (index + 1, failure) }
        }
        return nil
    }
    for walkNumber in 0..<max(0, walks) {
        let walkSeed = seed &+ UInt64(walkNumber)
        var random = SeededRandom(seed: walkSeed)
        let inputs = PropertyInput.walk(steps, advancing: threshold, random: &random, event: event)
        guard let broken = breaks(inputs) else { continue }
        var shortest = Array(inputs.prefix(broken.length))
        var failure = broken.failure
        Shrinking.shrink(&shortest, &failure, shrink: { input in input.event.map { shrink($0).map(PropertyInput.event) } ?? [] }) { breaks($0) }
        let counterexample = Counterexample(
            seed: walkSeed, originalLength: broken.length, inputs: shortest, failure: failure,
            script: Shrinking.script(shortest, start: start, context: context, definition),
            swiftTest: Shrinking.swiftTest(shortest, start: start, context: context, failure: failure)
        )
        Issue.record(Comment(rawValue: counterexample.description), sourceLocation: sourceLocation)
        return counterexample
    }
    return nil
}

/// ``expectProperty(_:context:walks:steps:seed:advancing:event:shrink:model:sourceLocation:check:)``
/// for a property of each step alone (an invariant), events drawn from a list. With timers,
/// an input lets time pass as often as each event is sent (1 in the number of events + 1),
/// unless `advancing` says otherwise.
@discardableResult
public func expectProperty<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>(
    _ definition: MachineDefinition<State, Event, Effect, Context>,
    context: Context,
    events: [Event],
    walks: Int = 100,
    steps: Int = 200,
    seed: UInt64 = 1,
    advancing: Double? = nil,
    sourceLocation: SourceLocation = #_sourceLocation,
    check: (PropertyStep<State, Event, Effect, Context>) -> String?
) -> Counterexample<Event>? {
    guard !events.isEmpty else {
        Issue.record("expectProperty needs at least one event to send", sourceLocation: sourceLocation)
        return nil
    }
    return expectProperty(
        definition, context: context, walks: walks, steps: steps, seed: seed,
        advancing: advancing ?? 1 / Double(events.count + 1),
        event: { random in events[Int(random.next(upperBound: UInt64(events.count)))] },
        shrink: { candidate in
            // Events earlier in the list are simpler.
            guard let position = events.firstIndex(where: { "\($0)" == "\(candidate)" }) else { return [] }
            return Array(events[..<position])
        },
        model: { () },
        sourceLocation: sourceLocation, check: { _, step in check(step) }
    )
}

/// A machine run as a property's walk runs it: events sent with the context, and virtual time
/// let pass to the next deadline, firing the timers that run out then as a runtime does.
struct TimedWalk<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context> {
    /// What one input did to the machine.
    struct Step {
        let event: Event?
        let timer: MachineTimer?
        let before: State
        let result: Result<Transition<State, Event.Key, Effect>, TransitionError<State, Event.Key>>
        /// The machine after the step, and the walk's time.
        let machine: Machine<State, Event, Effect, Context>
        let time: Duration
        /// At a timer's step, the timers armed before it (as `machine.timers` lists them).
        var armed: [MachineTimer] = []
    }

    /// A named guard on the context the walk decided (on its context), in the order asked:
    /// what a REPL script sets with `:guard` so that the REPL decides it the same.
    struct Decision: Equatable {
        let name: String
        let holds: Bool
    }

    private(set) var machine: Machine<State, Event, Effect, Context>
    private(set) var schedule = TimerSchedule()
    /// Virtual time since the walk started.
    private(set) var now: Duration = .zero

    init(_ machine: Machine<State, Event, Effect, Context>) {
        self.machine = machine
        schedule.rearm(machine.timers, kept: Int32.max, now: .zero)
    }

    /// A walk of `machine` at `now`, its timers as `schedule` says (one restored from a
    /// snapshot).
    init(_ machine: Machine<State, Event, Effect, Context>, schedule: TimerSchedule, now: Duration) {
        self.machine = machine
        self.schedule = schedule
        self.now = now
    }

    /// Takes one input: `step` sees each step it makes (an event's, or each timer's that took
    /// its transition) and answers whether to go on. Returns the time an advance let pass
    /// (`nil` for an event, or when no timer was armed).
    @discardableResult
    mutating func take(_ input: PropertyInput<Event>, context: Context, step: (Step) -> Bool = { _ in true }) -> Duration? {
        var ignored: [Decision] = []
        return take(input, context: context, decided: &ignored, step: step)
    }

    /// ``take(_:context:step:)``, appending to `decided` each guard on the context alone that
    /// is one named guard (not a combination), as it was decided.
    mutating func take(_ input: PropertyInput<Event>, context: Context, decided: inout [Decision], step: (Step) -> Bool = { _ in true }) -> Duration? {
        func record(_ condition: TransitionGuard<Context, Event>, _ holds: Bool) -> Bool {
            if condition.reads == .context, condition.atoms == [condition.name] { decided.append(Decision(name: condition.name, holds: holds)) }
            return holds
        }
        switch input {
        case let .event(event):
            let before = machine.state
            let result: Result<Transition<State, Event.Key, Effect>, TransitionError<State, Event.Key>>
            do {
                let (transition, kept) = try machine.sendKeeping(event) { record($0, $0.holds(context, event)) }
                schedule.rearm(machine.timers, kept: kept, now: now)
                result = .success(transition)
            } catch {
                result = .failure(error)
            }
            _ = step(Step(event: event, timer: nil, before: before, result: result, machine: machine, time: now))
            return nil
        case .advance:
            guard let next = schedule.next else { return nil }
            let elapsed = next.deadline - now
            now = next.deadline
            // Each timer taken is a step; `step` answering `false` stops the firings there.
            var going = true
            let time = now
            machine.fireDue(at: now, schedule: &schedule, deciding: { record($0, $0.holds(context: context) ?? false) }, proceed: { going }) { timer, transition, armed, after in
                guard let transition else { return }
                going = step(Step(event: nil, timer: timer, before: transition.source, result: .success(transition), machine: after, time: time, armed: armed))
            }
            return elapsed
        }
    }
}

/// How counterexamples are made small and printed.
enum Shrinking {
    /// The most sequences tried while shrinking one counterexample.
    static let attemptLimit = 20_000

    /// Shrinks `events` (which breaks the property with `failure`) while `breaks` says a
    /// shorter or simpler sequence still breaks it: runs of events left out (halves, quarters,
    /// ... single events), then each event replaced by a simpler one, until nothing changes.
    static func shrink<Event>(
        _ events: inout [Event], _ failure: inout String, shrink simpler: (Event) -> [Event],
        breaks: ([Event]) -> (length: Int, failure: String)?
    ) {
        var attempts = 0
        func accept(_ candidate: [Event]) -> Bool {
            guard attempts < attemptLimit else { return false }
            attempts += 1
            guard let broken = breaks(candidate) else { return false }
            events = Array(candidate.prefix(broken.length))
            failure = broken.failure
            return true
        }
        var changed = true
        while changed && attempts < attemptLimit {
            changed = false
            var chunk = max(1, events.count / 2)
            while chunk >= 1 {
                var start = 0
                while start < events.count {
                    let end = min(start + chunk, events.count)
                    if end - start < events.count, accept(Array(events[..<start] + events[end...])) {
                        changed = true
                    } else {
                        start += chunk
                    }
                }
                chunk = chunk == 1 ? 0 : max(1, chunk / 2)
            }
            var index = 0
            while index < events.count {
                for candidate in simpler(events[index]) {
                    var replaced = events
                    replaced[index] = candidate
                    if accept(replaced) {
                        changed = true
                        break
                    }
                }
                index += 1
            }
        }
    }

    /// The inputs as REPL lines (see ``script(_:_:)``), each advance as `:advance` and the
    /// time it let pass when the walk is replayed from `start` (an advance with no timer armed
    /// writes nothing: the REPL's time would not move either), each named guard on the context
    /// set with `:guard` before the line that asks it when the walk decided it otherwise than
    /// the REPL last held it (a combination of guards is not set: the REPL decides its parts).
    static func script<State, Event, Effect, Context>(
        _ inputs: [PropertyInput<Event>], start: Machine<State, Event, Effect, Context>, context: Context,
        _ definition: MachineDefinition<State, Event, Effect, Context>, before insertions: [Int: String] = [:]
    ) -> String {
        var walk = TimedWalk(start)
        // The REPL holds every guard until told otherwise: each named guard on the context is
        // set as the walk decided it, before the line that asks it.
        var set: [String: Bool] = [:]
        let lines = inputs.enumerated().compactMap { index, input -> String? in
            var decided: [TimedWalk<State, Event, Effect, Context>.Decision] = []
            let elapsed = walk.take(input, context: context, decided: &decided)
            var lines: [String] = insertions[index].map { [$0] } ?? []
            for decision in decided where set[decision.name, default: true] != decision.holds {
                set[decision.name] = decision.holds
                lines.append(":guard \(decision.name) \(decision.holds ? "on" : "off")")
            }
            switch input {
            case let .event(event): lines.append(script([event], definition))
            case .advance:
                if let elapsed { lines.append(":advance \(DurationText.words(elapsed))") }
            }
            return lines.isEmpty ? nil : lines.joined(separator: "\n")
        }
        return (lines + (insertions[inputs.count].map { [$0] } ?? [])).joined(separator: "\n")
    }

    /// The events as REPL lines, by the names tables use. An event whose data its name does not
    /// show is followed by its data as JSON when its type is `Codable` (`setAddress
    /// {"address":127}`, `deposit 501`: what the REPL reads back, so the script replays the
    /// counterexample); otherwise the event's description is a comment line before its bare
    /// name, which the REPL sends deciding the guards on its data by name (`:guard`).
    static func script<State, Event, Effect, Context>(_ events: [Event], _ definition: MachineDefinition<State, Event, Effect, Context>) -> String {
        events.map { event in
            let name = definition.name(of: event.key)
            let value = String(describing: event)
            if value == name { return name }
            if let json = payloadJSON(event, caseName: name) { return "\(name) \(json)" }
            return "# \(value.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: " "))\n\(name)"
        }.joined(separator: "\n")
    }

    /// An event's data as the REPL reads it: the case's value in the JSON Swift's synthesised
    /// `Codable` writes (`{"case":{"label":value}}`, one unlabelled value under `_0`), cut out
    /// of the encoder's text (no number goes through another parser). `nil` when the type is
    /// not `Codable`, when the JSON's case is not the name the table uses (an expanded
    /// payload, a key named otherwise: the REPL could not read it back), or when the encoding
    /// is not one case with data (a hand-written one, optional values left out).
    static func payloadJSON<Event>(_ event: Event, caseName: String) -> String? {
        guard Event.self is any Decodable.Type, let encodable = event as? any Encodable else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(encodable),
              let object = try? JSONSerialization.jsonObject(with: data, options: []) as? [String: Any],
              object.count == 1, object.keys.first == caseName, let payload = object[caseName] as? [String: Any]
        else { return nil }
        // A case name is a Swift identifier: the encoder writes it as is.
        let text = String(decoding: data, as: UTF8.self)
        let prefix = "{\"\(caseName)\":"
        guard !payload.isEmpty, text.hasPrefix(prefix), text.hasSuffix("}") else { return nil }
        let value = text.dropFirst(prefix.count).dropLast()
        if payload.count == 1, payload["_0"] != nil, value.hasPrefix("{\"_0\":"), value.hasSuffix("}") {
            return String(value.dropFirst(6).dropLast())
        }
        return String(value)
    }

    /// The inputs as a Swift Testing test: the events sent in order to `definition` with
    /// `context`, each timer that took its transition when the walk is replayed from `start`
    /// fired (found among `machine.timers` by its owner and duration), and the property's
    /// failure in a comment, to turn into the expectation. Only public API, so it compiles in
    /// an adopter's tests.
    static func swiftTest<State, Event, Effect, Context>(
        _ inputs: [PropertyInput<Event>], start: Machine<State, Event, Effect, Context>, context: Context, failure: String
    ) -> String {
        let comment = String(String.UnicodeScalarView(failure.unicodeScalars.map {
            [.control, .lineSeparator, .paragraphSeparator].contains($0.properties.generalCategory) ? " " : $0
        }))
        let events = inputs.compactMap(\.event)
        guard events.count < inputs.count else {
            return """
            @Test func counterexample() throws {
                var machine = try Machine(definition)
                let events: [\(typeName(Event.self))] = [
            \(events.map { "        \(swiftValue($0))," }.joined(separator: "\n"))
                ]
                for event in events { _ = try? machine.send(event, context: context) }
                // The property broke here: \(comment)
            }
            """
        }
        var walk = TimedWalk(start)
        var lines: [String] = []
        for input in inputs {
            walk.take(input, context: context) { step in
                if let event = step.event {
                    lines.append("_ = try? machine.send(\(swiftValue(event)) as \(typeName(Event.self)), context: context)")
                } else if let timer = step.timer {
                    // Two timers of one owner with one duration (a guarded one first): by position.
                    let match = "{ $0.owner == \(String(reflecting: timer.owner)) && $0.duration == \(swiftLiteral(timer.duration)) }"
                    let twins = step.armed.filter { $0.owner == timer.owner && $0.duration == timer.duration }
                    if twins.count > 1, let position = twins.firstIndex(of: timer) {
                        lines.append("try machine.fire(#require(machine.timers.filter \(match).dropFirst(\(position)).first), context: context)")
                    } else {
                        lines.append("try machine.fire(#require(machine.timers.first \(match)), context: context)")
                    }
                }
                return true
            }
        }
        return """
        @Test func counterexample() throws {
            var machine = try Machine(definition)
        \(lines.map { "    \($0)" }.joined(separator: "\n"))
            // The property broke here: \(comment)
        }
        """
    }

    /// A type as a test names it: with the types it is nested in (`Door.Event`), without the
    /// module (the test imports it), or as Swift shows it when that is all there is.
    static func typeName<T>(_ type: T.Type) -> String {
        let reflected = String(reflecting: type)
        guard !reflected.contains("(unknown context"), let dot = reflected.firstIndex(of: "."), !reflected.contains("<") else { return String(describing: type) }
        return String(reflected[reflected.index(after: dot)...])
    }

    /// An event as Swift prints it (`Module.Event.lock`), or `.` and its description when that
    /// is all Swift shows (an event with its own `description`).
    static func swiftValue<Event>(_ event: Event) -> String {
        let reflected = String(reflecting: event)
        // A string (String is an event type): its literal, as Swift writes it.
        if event is String { return reflected }
        return reflected.contains(".") && !reflected.contains("(unknown context") ? reflected : "." + String(describing: event)
    }

    /// A duration as Swift code: `.seconds(3)`, `.milliseconds(3)`, down to `.nanoseconds(n)`
    /// (a timer's duration is whole nanoseconds or finer; finer is written in attoseconds).
    static func swiftLiteral(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        if attoseconds == 0 { return ".seconds(\(seconds))" }
        // Under a day in smaller units: no overflow of Int64 nanoseconds.
        if seconds >= 0 && seconds < 86_400 {
            for (unit, perSecond, name) in [(Int64(1_000_000_000_000_000), Int64(1_000), "milliseconds"), (1_000_000_000_000, 1_000_000, "microseconds"), (1_000_000_000, 1_000_000_000, "nanoseconds")]
            where attoseconds % unit == 0 {
                return ".\(name)(\(seconds * perSecond + attoseconds / unit))"
            }
        }
        return "Duration(secondsComponent: \(seconds), attosecondsComponent: \(attoseconds))"
    }
}
