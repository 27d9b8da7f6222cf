import Foundation
import FSM
import Testing

/// One step of a random walk, as a property sees it: the event, the state before it, what the
/// machine did, and the machine after it.
public struct PropertyStep<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context> {
    /// The step's position in the walk, from 0.
    public let index: Int
    /// The event sent.
    public let event: Event
    /// The state before the event.
    public let before: State
    /// The transition taken, or the error that refused the event.
    public let result: Result<Transition<State, Event.Key, Effect>, TransitionError<State, Event.Key>>
    /// The machine after the event.
    public let machine: Machine<State, Event, Effect, Context>
}

/// A shortest sequence of events found that breaks a property: what ``expectProperty`` reports.
public struct Counterexample<Event: MachineEvent>: CustomStringConvertible {
    /// The seed of the walk that first broke the property (rerun with it to see it again).
    public let seed: UInt64
    /// How many events of that walk it took to break the property.
    public let originalLength: Int
    /// The shortest sequence found that still breaks it (no event can be left out).
    public let events: [Event]
    /// What the property said at its last step.
    public let failure: String
    /// The sequence as a REPL script (`fsm repl MACHINE --script FILE`): one event a line, by
    /// name, then its data as JSON when the event type is `Codable` (the REPL reads it back);
    /// otherwise the data in a comment line before the bare name, and the REPL decides guards
    /// on it with `:guard`.
    public let script: String
    /// The sequence as a Swift Testing test to paste and finish: the events as Swift values,
    /// sent to `definition` with `context` (names your test gives them).
    public let swiftTest: String

    /// The failure, the shortest sequence, the script and the Swift test.
    public var description: String {
        """
        property broken after \(events.count) event(s) (shrunk from \(originalLength), seed \(seed)): \(failure)
        as a REPL script:
        \(script)
        as a Swift test:
        \(swiftTest)
        """
    }
}

/// Sends seeded random walks of events to fresh machines of `definition`, checks `check`
/// after every step, and when it breaks, shrinks the walk to a shortest sequence that still
/// breaks it (leaving out runs of events, then single ones, then trying the simpler events
/// `shrink` offers), records one Swift Testing issue with that sequence as a REPL script and
/// as a Swift test, and returns it.
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
///   - steps: How many events a walk sends.
///   - seed: The seed of the first walk (walk `n` uses `seed + n`).
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
    /// Where `events` breaks the property: the number of events it took and what was said.
    func breaks(_ events: some Collection<Event>) -> (length: Int, failure: String)? {
        guard var machine = try? Machine(definition) else { return nil }
        var state = model()
        for (index, event) in events.enumerated() {
            let before = machine.state
            let result = machine.transition(on: event, context: context)
            if let failure = check(&state, PropertyStep(index: index, event: event, before: before, result: result, machine: machine)) {
                return (index + 1, failure)
            }
        }
        return nil
    }
    for walk in 0..<max(0, walks) {
        let walkSeed = seed &+ UInt64(walk)
        var random = SeededRandom(seed: walkSeed)
        var events: [Event] = []
        events.reserveCapacity(steps)
        for _ in 0..<max(0, steps) { events.append(event(&random)) }
        guard let broken = breaks(events) else { continue }
        var shortest = Array(events.prefix(broken.length))
        var failure = broken.failure
        Shrinking.shrink(&shortest, &failure, shrink: shrink) { breaks($0) }
        let counterexample = Counterexample(
            seed: walkSeed, originalLength: broken.length, events: shortest, failure: failure,
            script: Shrinking.script(shortest, definition), swiftTest: Shrinking.swiftTest(shortest, failure: failure)
        )
        Issue.record(Comment(rawValue: counterexample.description), sourceLocation: sourceLocation)
        return counterexample
    }
    return nil
}

/// ``expectProperty(_:context:walks:steps:seed:event:shrink:model:sourceLocation:check:)`` for a
/// property of each step alone (an invariant), events drawn from a list.
@discardableResult
public func expectProperty<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>(
    _ definition: MachineDefinition<State, Event, Effect, Context>,
    context: Context,
    events: [Event],
    walks: Int = 100,
    steps: Int = 200,
    seed: UInt64 = 1,
    sourceLocation: SourceLocation = #_sourceLocation,
    check: (PropertyStep<State, Event, Effect, Context>) -> String?
) -> Counterexample<Event>? {
    guard !events.isEmpty else {
        Issue.record("expectProperty needs at least one event to send", sourceLocation: sourceLocation)
        return nil
    }
    return expectProperty(
        definition, context: context, walks: walks, steps: steps, seed: seed,
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

    /// The events as a Swift Testing test: sent in order to `definition` with `context`, and
    /// the property's failure in a comment, to turn into the expectation. An event is written
    /// as Swift prints it (`Module.Event.lock`), or as `.` and its description when that is
    /// all Swift shows (an event with its own `description`).
    static func swiftTest<Event>(_ events: [Event], failure: String) -> String {
        let values = events.map { event in
            let reflected = String(reflecting: event)
            return reflected.contains(".") && !reflected.contains("(unknown context") ? reflected : "." + String(describing: event)
        }
        return """
        @Test func counterexample() throws {
            var machine = try Machine(definition)
            let events: [\(String(describing: Event.self))] = [
        \(values.map { "        \($0)," }.joined(separator: "\n"))
            ]
            for event in events { _ = machine.transition(on: event, context: context) }
            // The property broke here: \(String(String.UnicodeScalarView(failure.unicodeScalars.map { $0.properties.generalCategory == .control || $0.properties.generalCategory == .lineSeparator || $0.properties.generalCategory == .paragraphSeparator ? " " : $0 })))
        }
        """
    }
}
