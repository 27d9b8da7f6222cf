import FSM
import Testing

/// A seeded generator (SplitMix64): the same seed gives the same sequences on every run and
/// platform, so a failure is reproduced by its seed.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator starting from `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// What ``expectAgreesWithTable(_:sequences:seed:event:context:sourceLocation:)`` found.
public struct TableAgreement: Sendable {
    /// The steps taken (each through five dispatch paths).
    public let steps: Int
    /// Each disagreement: the path, the step and what the table says (empty when they agree).
    public let mismatches: [String]
}

/// What one step must do, by the table.
enum ExpectedStep<State: Hashable & Sendable, Event: MachineEvent & Hashable, Effect: Equatable & Sendable>: Equatable where Event.Key == Event {
    case taken(target: State, effects: [Effect], kind: TransitionKind)
    case rejected(TransitionError<State, Event>.Reason, permitted: [Event], ignored: [Event])
}

/// The transition table as an oracle: what a machine must do for one event, derived from the
/// table and the declarations alone (guards decided by name, effects ordered by the rules the
/// documentation states), never from the runtime.
struct TableOracle<State: Hashable & Sendable, Event: MachineEvent, Effect: Equatable & Sendable, Context> {
    let definition: MachineDefinition<State, Event, Effect, Context>
    let table: TransitionTable<State, Event.Key, Effect>

    /// Where the machine is besides its state: what the histories remember.
    let model: TableMemory<State, Event, Effect, Context>
    /// The histories the table's transitions resume.
    var histories: [History] { model.histories }
    typealias Memory = TableMemory<State, Event, Effect, Context>.Memory

    init(_ definition: MachineDefinition<State, Event, Effect, Context>) {
        self.definition = definition
        table = definition.table
        model = TableMemory(definition, table: table)
    }

    func resumed(_ history: History, memory: Memory, default fallback: State) -> State { model.resumed(history, memory: memory, default: fallback) }
    func remembering(_ memory: Memory, leaving source: State, keeping kept: Int) -> Memory { model.remembering(memory, leaving: source, keeping: kept) }
    func keptParents(from source: State, to target: State, declaredBy owner: String?, entering parent: String? = nil) -> Int {
        model.keptParents(from: source, to: target, declaredBy: owner, entering: parent)
    }

    /// The events a state has transitions for, in declaration order.
    func permitted(in state: State) -> [Event.Key] {
        table.events.filter { event in
            switch table.cell(state, event) {
            case .transitions, .guarded: true
            case .ignored, .illegal, nil: false
            }
        }
    }

    /// The events a state ignores, in declaration order.
    func ignored(in state: State) -> [Event.Key] {
        table.events.filter { event in
            if case .ignored = table.cell(state, event) { true } else { false }
        }
    }

    /// The step the table expects from `state` (with no history remembered).
    func expected(_ state: State, _ event: Event.Key, holds: (String) -> Bool) -> ExpectedStep<State, Event.Key, Effect> {
        expected(state, event, holds: holds, memory: [:]).step
    }

    /// The step the table expects from `state` with `memory`, and the memory after it. With
    /// transitions without an event (the table's ``TransitionTable/eventlessRows``), as the
    /// documentation states them, step by step: first the lines of `state` whose guards hold
    /// (the machine rested there when they did not), then the event where they lead (dropped
    /// there if that state rejects or ignores it), then the lines of the state it reaches,
    /// until none holds; a chain that comes back to a state it passed rejects the event.
    func expected(_ state: State, _ event: Event.Key, holds: (String) -> Bool, memory: Memory) -> (step: ExpectedStep<State, Event.Key, Effect>, memory: Memory) {
        guard !table.eventlessRows.isEmpty else { return expectedEvent(state, event, holds: holds, memory: memory) }
        let rejection = { (reason: TransitionError<State, Event.Key>.Reason) in
            // The event whose chain never settles is not listed as permitted (as for failed guards).
            (ExpectedStep<State, Event.Key, Effect>.rejected(reason, permitted: self.permitted(in: state).filter { $0 != event }, ignored: self.ignored(in: state)), memory)
        }
        // Resting in `state`: its parent's completion was tried when it was entered, not now.
        guard case let .rested(here, before, memoryHere) = settle(from: state, holds: holds, memory: memory, waiting: true) else {
            if case let .cycle(text) = settle(from: state, holds: holds, memory: memory, waiting: true) { return rejection(.neverSettles(text)) }
            return rejection(.noTransition)
        }
        let moved = here != state || !before.isEmpty
        let (step, memoryAfter) = expectedEvent(here, event, holds: holds, memory: memoryHere)
        switch step {
        case let .rejected(reason, permitted, ignored):
            return moved ? (.taken(target: here, effects: before, kind: .external), memoryHere) : (.rejected(reason, permitted: permitted, ignored: ignored), memory)
        case let .taken(target, effects, kind):
            if kind == .ignored { return moved ? (.taken(target: here, effects: before, kind: .external), memoryHere) : (step, memory) }
            switch settle(from: target, holds: holds, memory: memoryAfter) {
            case let .cycle(text): return rejection(.neverSettles(text))
            case let .rested(end, after, memoryEnd):
                let changed = moved || end != target || !after.isEmpty
                return (.taken(target: end, effects: before + effects + after, kind: changed ? .external : kind), memoryEnd)
            }
        }
    }

    /// Where a chain of transitions without an event ends.
    enum Settled {
        /// Rests in a state, after these effects, with this memory.
        case rested(State, [Effect], Memory)
        /// Comes back to a state it passed: the states, `a -> b -> a`.
        case cycle(String)
    }

    /// Follows the table's transitions without an event from `state`: the first row of the
    /// state whose guard holds, until none does.
    func settle(from state: State, holds: (String) -> Bool, memory: Memory, waiting: Bool = false) -> Settled {
        var passed = [state]
        var here = state
        var effects: [Effect] = []
        var memory = memory
        while let row = table.eventless(here).first(where: { !(waiting && passed.count == 1 && $0.isCompletion) && ($0.entry.guardName.map(holds) ?? true) }) {
            let (target, kept, after) = model.step(from: here, row.entry, declaredBy: row.inheritedFrom, memory: memory)
            effects += self.effects(from: here, to: target, own: row.entry.effects, declaredBy: row.inheritedFrom, keeping: kept)
            memory = after
            if let start = passed.firstIndex(of: target) {
                return .cycle((passed[start...] + [target]).map { String(describing: $0) }.joined(separator: " -> "))
            }
            passed.append(target)
            here = target
        }
        return .rested(here, effects, memory)
    }

    /// The step the table expects from `state` for the event itself (no transition without an event).
    func expectedEvent(_ state: State, _ event: Event.Key, holds: (String) -> Bool, memory: Memory) -> (step: ExpectedStep<State, Event.Key, Effect>, memory: Memory) {
        let row = table.rows.first { $0.state == state && $0.event == event }
        let entries: [TransitionTable<State, Event.Key, Effect>.Entry]
        var otherwise: TransitionTable<State, Event.Key, Effect>.Otherwise?
        switch row?.cell {
        case .ignored:
            return (.taken(target: state, effects: [], kind: .ignored), memory)
        case let .illegal(declared)?:
            let reason: TransitionError<State, Event.Key>.Reason = table.finalStates.contains(state)
                ? .finalState : declared ? .declaredIllegal(inheritedFrom: row?.inheritedFrom) : .noTransition
            return (.rejected(reason, permitted: permitted(in: state), ignored: ignored(in: state)), memory)
        case nil:
            return (.rejected(.noTransition, permitted: permitted(in: state), ignored: ignored(in: state)), memory)
        case let .transitions(list)?:
            entries = list
        case let .guarded(list, fallback)?:
            entries = list
            otherwise = fallback
        }
        guard let entry = entries.first(where: { $0.guardName.map(holds) ?? true }) else {
            if otherwise == .ignored { return (.taken(target: state, effects: [], kind: .ignored), memory) }
            // The rejected event's guards were tried: it is not listed as permitted.
            return (.rejected(.guardNotMet(entries.compactMap(\.guardName)), permitted: permitted(in: state).filter { $0 != event }, ignored: ignored(in: state)), memory)
        }
        if entry.isInternal { return (.taken(target: state, effects: entry.effects, kind: .internal), memory) }
        let owner = row?.inheritedFrom
        let (target, kept, after) = model.step(from: state, entry, declaredBy: owner, memory: memory)
        return (.taken(target: target, effects: effects(from: state, to: target, own: entry.effects, declaredBy: owner, keeping: kept), kind: .external), after)
    }

    /// An external transition's effects, by the documented order (a region move inside a
    /// parallel parent: its own effects only): the source's exit effects,
    /// those of each parent it leaves (innermost first: those that do not hold the target, and
    /// the parent that declares the transition, or those past `keeping`), its own, then the
    /// entry effects of the parents it enters (outermost first) and of the target.
    func effects(from source: State, to target: State, own: [Effect], declaredBy owner: String?, keeping kept: Int? = nil) -> [Effect] {
        // A move of a parallel parent's regions between two of its children (a line of the
        // child itself): its effects are already each moving region's exits and entries.
        if owner == nil, let parallel = definition.parallelParent(of: source), definition.parallelParent(of: target) == parallel { return own }
        let parents = Dictionary(definition.parents.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let left = definition.parentNames(of: source), entered = definition.parentNames(of: target)
        let common = min(kept ?? keptParents(from: source, to: target, declaredBy: owner), left.count, entered.count)
        var effects = definition.declaration(of: source)?.exitEffects ?? []
        for name in left[common...].reversed() { effects += parents[name]?.exitEffects ?? [] }
        effects += own
        for name in entered[common...] { effects += parents[name]?.entryEffects ?? [] }
        return effects + (definition.declaration(of: target)?.entryEffects ?? [])
    }
}

/// Sends seeded random event sequences to a machine through five dispatch paths (throwing
/// `send(_:context:)`, the same returning a `Result`, guards decided by name as the REPL
/// does, asking by name then sending, and `send` under the `.ignore` policy), each guard that reads the context decided
/// at random, each that reads only the event evaluated on the event made, and checks
/// every step of every path against the machine's transition table read as an oracle (the
/// target, the effects in order, the kind; a rejection's reason and the events it lists; a
/// rejected event never changes the state). Records one issue per disagreement (the first
/// ten) naming the seed; a definition that cannot run fails with its errors instead.
///
/// ```swift
/// @Test func agreesWithItsTable() {
///     expectAgreesWithTable(Door.definition, sequences: 1_000) { key, _ in key } context: { holds in
///         holds("code matches") ? "4711" : "0000"
///     }
/// }
/// ```
///
/// - Parameters:
///   - definition: The machine.
///   - sequences: How many sequences (each of 1 to 40 events).
///   - seed: The seed of the sequences and of the guard decisions.
///   - event: An event for a key: the key itself for events without data, or one with data
///     (random data from the generator, where guards do not read it).
///   - context: A context in which each guard holds as the decisions say (guards are named:
///     `holds(name)`), for the paths that evaluate guards. A guard that
///     reads the context and the event together must hold as `holds` says of its name.
/// - Returns: The steps taken and the disagreements.
@discardableResult
public func expectAgreesWithTable<State, Event, Effect: Equatable, Context>(
    _ definition: MachineDefinition<State, Event, Effect, Context>,
    sequences: Int = 1_000,
    seed: UInt64 = 1,
    event makeEvent: (Event.Key, inout SeededRandom) -> Event,
    context: (_ holds: (String) -> Bool) -> Context,
    sourceLocation: SourceLocation = #_sourceLocation
) -> TableAgreement {
    guard expectRunnable(definition, "expectAgreesWithTable", sourceLocation: sourceLocation), let start = try? Machine(definition) else {
        return TableAgreement(steps: 0, mismatches: ["'\(definition.name)' cannot run"])
    }
    let oracle = TableOracle(definition)
    let events = oracle.table.events
    guard !events.isEmpty else { return TableAgreement(steps: 0, mismatches: []) }
    var seen: Set<String> = []
    let timerGuards = (definition.declarations.flatMap(\.timers) + definition.parents.flatMap(\.timers)).compactMap(\.guard)
    let eventlessGuards = (definition.declarations.flatMap(\.eventless) + definition.parents.flatMap(\.eventless)).compactMap(\.guard)
    let allGuards = (definition.transitions + definition.parents.flatMap(\.transitions)).compactMap(\.guard) + timerGuards + eventlessGuards
    let guardNames = allGuards.flatMap(\.atoms).filter { seen.insert($0).inserted }
    let guards = Dictionary(allGuards.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    let hasTimers = !oracle.table.timerRows.isEmpty
    let readsEvent = guards.values.contains { $0.reads == .event }
    var generator = SeededRandom(seed: seed)
    var steps = 0
    var mismatches: [String] = []
    func mismatch(_ text: @autoclosure () -> String) {
        mismatches.append(text())
        if mismatches.count <= 10 { Issue.record(Comment(rawValue: "\(definition.name) (seed \(seed)): \(mismatches.last ?? "")"), sourceLocation: sourceLocation) }
    }
    // The machine starts where the initial state's first transitions without an event lead
    // while they are unguarded (guarded ones wait for the first event and its context).
    if let initial = definition.initial, !oracle.table.eventlessRows.isEmpty, oracle.table.states.contains(initial) {
        var resting = initial
        var passed: Set<State> = [initial]
        while let row = oracle.table.eventless(resting).first, row.entry.guardName == nil, passed.insert(row.entry.target).inserted { resting = row.entry.target }
        if resting != start.state { mismatch("the machine starts in \(start.state), the table's unguarded transitions without an event lead from \(initial) to \(resting)") }
    }
    for _ in 0..<sequences {
        var memory: TableOracle<State, Event, Effect, Context>.Memory = [:]
        var throwing = start, result = start, byName = start, checked = start
        var ignoring = start
        ignoring.policy = .ignore
        let length = Int(generator.next() % 40) + 1
        for _ in 0..<length {
            // A machine with timers: one step in four, a timer of the state runs out instead.
            if hasTimers, generator.next() % 4 == 0 {
                var decisions: [String: Bool] = [:]
                for name in guardNames { decisions[name] = generator.next() & 1 == 0 }
                let atom: (String) -> Bool = { decisions[$0] ?? false }
                let before = throwing.state
                let rows = oracle.table.timers(before)
                let armed = throwing.timers
                if armed.map(\.duration) != rows.map(\.duration) || armed.map(\.owner) != rows.map({ $0.inheritedFrom ?? String(describing: before) }) {
                    mismatch("timers of \(before): the machine arms \(armed), the table lists \(rows.map { "after \($0.duration)" })")
                    continue
                }
                guard !armed.isEmpty else { continue }
                let pick = Int(generator.next() % UInt64(armed.count))
                let timer = armed[pick], row = rows[min(pick, rows.count - 1)]
                steps += 1
                let holds = row.entry.guardName.map { name in guards[name].map { $0.holds(deciding: atom) } ?? atom(name) } ?? true
                let contextValue = context(atom)
                let kept = oracle.keptParents(from: before, to: row.entry.target, declaredBy: row.inheritedFrom, entering: row.entry.targetParent)
                let expectedEffects = oracle.effects(from: before, to: row.entry.target, own: row.entry.effects, declaredBy: row.inheritedFrom, keeping: kept)
                if holds { memory = oracle.remembering(memory, leaving: before, keeping: kept) }
                func verifyTimer(_ step: Transition<State, Event.Key, Effect>?, after: State, path: String) {
                    if let step {
                        if !holds || step.source != before || step.trigger != .after(timer.duration) || step.target != row.entry.target
                            || !step.effects.elementsEqual(expectedEffects) || step.kind != .external || after != step.target {
                            mismatch("\(path): \(before) + \(timer) gave \(step), the table says \(holds ? "\(row.entry.target) / \(expectedEffects)" : "nothing (guard not met)")")
                        }
                    } else if holds || after != before {
                        mismatch("\(path): \(before) + \(timer) did nothing, the table says \(row.entry.target) / \(expectedEffects)")
                    }
                }
                verifyTimer(throwing.fire(timer, context: contextValue), after: throwing.state, path: "fire")
                verifyTimer(result.fire(timer, context: contextValue), after: result.state, path: "fire")
                verifyTimer(byName.fire(timer, guards: atom), after: byName.state, path: "fire(guards:)")
                verifyTimer(checked.fire(timer, guards: atom), after: checked.state, path: "fire(guards:)")
                verifyTimer(ignoring.fire(timer, context: contextValue), after: ignoring.state, path: "fire, .ignore policy")
                continue
            }
            let key = events[Int(generator.next() % UInt64(events.count))]
            let event = makeEvent(key, &generator)
            var decisions: [String: Bool] = [:]
            for name in guardNames { decisions[name] = generator.next() & 1 == 0 }
            let atom: (String) -> Bool = { decisions[$0] ?? false }
            // A guard that reads only the event is evaluated on it (the data decides); the
            // others as the random decisions say, a combination from its parts.
            let decide: (TransitionGuard<Context, Event>) -> Bool = { $0.holds(event: event, deciding: atom) }
            let holds: (String) -> Bool = { name in guards[name].map(decide) ?? atom(name) }
            let before = throwing.state
            let (expected, nextMemory) = oracle.expected(before, key, holds: holds, memory: memory)
            defer { memory = nextMemory }
            steps += 1

            func verify(_ outcome: Result<Transition<State, Event.Key, Effect>, TransitionError<State, Event.Key>>, after: State, path: String) {
                switch (outcome, expected) {
                case let (.success(step), .taken(target, effects, kind)):
                    if step.source != before || step.event != key || step.target != target || !step.effects.elementsEqual(effects) || step.kind != kind || after != target {
                        mismatch("\(path): \(before) + \(event) gave \(step), the table says \(target) / \(effects) (\(kind))")
                    }
                case let (.failure(error), .rejected(reason, permitted, ignored)):
                    if error.state != before || error.event != key || error.reason != reason || !error.permitted.elementsEqual(permitted)
                        || !error.ignored.elementsEqual(ignored) || after != before {
                        mismatch("\(path): \(before) + \(event) rejected as \(error), the table says \(reason), permitted \(permitted), ignored \(ignored)")
                    }
                default:
                    mismatch("\(path): \(before) + \(event) gave \(outcome), the table says \(expected)")
                }
            }

            let contextValue = context(atom)
            do {
                let step = try throwing.send(event, context: contextValue)
                verify(.success(step), after: throwing.state, path: "send")
            } catch {
                verify(.failure(error), after: throwing.state, path: "send")
            }
            verify(result.transition(on: event, context: contextValue), after: result.state, path: "transition(on:)")
            // Guards decided by name, as tools do; with guards on the event's data, by the data
            // (a name cannot say what the data says).
            do {
                let step = readsEvent ? try byName.send(event: event, deciding: decide) : try byName.send(key, guards: atom)
                verify(.success(step), after: byName.state, path: "send(guards:)")
            } catch {
                verify(.failure(error), after: byName.state, path: "send(guards:)")
            }
            let preview = readsEvent ? checked.check(event: event, deciding: decide) : checked.check(key, guards: atom)
            if checked.state != before { mismatch("check changed the state") }
            if case .success = preview { _ = readsEvent ? try? checked.send(event: event, deciding: decide) : try? checked.send(key, guards: atom) }
            verify(preview, after: checked.state, path: "check + send")
            if let rejected = readsEvent ? try? ignoring.send(event: event, deciding: decide) : try? ignoring.send(key, guards: atom) {
                if case .rejected = rejected.kind {
                    if case .taken = expected { mismatch("ignore policy: \(before) + \(event) rejected, the table says \(expected)") }
                    if ignoring.state != before || !rejected.effects.isEmpty { mismatch("ignore policy: a rejection changed the state or emitted") }
                } else {
                    verify(.success(rejected), after: ignoring.state, path: "send, .ignore policy")
                }
            } else {
                mismatch("ignore policy: send threw")
            }
        }
    }
    return TableAgreement(steps: steps, mismatches: mismatches)
}

/// ``expectAgreesWithTable(_:sequences:seed:event:context:sourceLocation:)`` for a machine
/// whose events carry no data: each key is its event.
@discardableResult
public func expectAgreesWithTable<State, Event, Effect: Equatable, Context>(
    _ definition: MachineDefinition<State, Event, Effect, Context>,
    sequences: Int = 1_000,
    seed: UInt64 = 1,
    context: (_ holds: (String) -> Bool) -> Context,
    sourceLocation: SourceLocation = #_sourceLocation
) -> TableAgreement where Event.Key == Event {
    expectAgreesWithTable(definition, sequences: sequences, seed: seed, event: { key, _ in key }, context: context, sourceLocation: sourceLocation)
}
