import FSM

/// One step of a generated path: what sets it off (an event, or a timer of the state running
/// out), and the guard that must hold for the step to take its transition (so a model-based
/// test knows which context to supply).
///
/// To take a step on a machine: `send` the ``event``, or for a timer, `fire` the one of
/// `machine.timers` with the step's ``duration``.
public struct PathStep<State: Hashable & Sendable, Event: Hashable & Sendable>: Sendable, Hashable, CustomStringConvertible {
    /// What sets the step off: an event to send, or a timer that runs out (`after 30 s`).
    package let trigger: Trigger<Event>
    /// The guard the step relies on, if any.
    public let guardName: String?
    /// The state the step should reach.
    public let target: State

    /// The event to send, or `nil` when a timer sets the step off.
    public var event: Event? {
        if case let .event(event) = trigger { return event }
        return nil
    }

    /// How long the timer that sets the step off runs (`fire` the one of `machine.timers`
    /// with this duration), or `nil` when an event does.
    public var duration: Duration? {
        if case let .after(duration) = trigger { return duration }
        return nil
    }

    /// `event [guard] -> target`, or `after 30 s [guard] -> target`.
    public var description: String { "\(trigger)" + (guardName.map { " [\($0)]" } ?? "") + " -> \(target)" }
}

/// A path that ends by taking one transition of the table.
public struct TransitionPath<State: Hashable & Sendable, Event: Hashable & Sendable>: Sendable, Hashable, CustomStringConvertible {
    /// The transition's source state.
    public let source: State
    /// What sets the transition off: an event, or a timer of the source state.
    package let trigger: Trigger<Event>
    /// The transition's guard, if any.
    public let guardName: String?
    /// The transition's target state.
    public let target: State
    /// The steps from the initial state, the last of which takes the transition.
    public let steps: [PathStep<State, Event>]

    /// The transition's event, or `nil` for a timer's transition.
    public var event: Event? {
        if case let .event(event) = trigger { return event }
        return nil
    }

    /// The duration of the timer whose transition this is, or `nil` for an event's.
    public var duration: Duration? {
        if case let .after(duration) = trigger { return duration }
        return nil
    }

    /// `source --event [guard]--> target via e1, e2, ...`.
    public var description: String {
        "\(source) --\(trigger)\(guardName.map { " [\($0)]" } ?? "")--> \(target) via " + steps.map { "\($0.trigger)" }.joined(separator: ", ")
    }
}

extension MachineDefinition {
    /// For each state reachable from the initial state, a shortest path that reaches it:
    /// breadth-first over the transitions of the flattened table (what a state inherits from
    /// its parents included) and over its timers, in table order (each state's cells in the
    /// order of the events, then its timers), so the result is deterministic. A machine that
    /// resumes histories is walked with its memory: a step that resumes one goes where the
    /// memory on that path says. With transitions without an event (``Always``, ``OnDone``),
    /// a line is one step per way its chain can settle, ending where the machine rests, its
    /// `guardName` every guard that must hold (`a && b`; the others must not), and the walk
    /// starts where the initial state's unguarded lines lead. The initial state's path is empty; unreachable states are
    /// absent.
    public func shortestPaths() -> [State: [PathStep<State, Event.Key>]] {
        walk().paths
    }

    /// For each transition of the flattened table whose state is reachable (each guarded
    /// alternative of a cell, internal ones included, and each timer), a path from the
    /// initial state that ends by taking it: together they cover every transition (for
    /// model-based tests). In table order. A transition that resumes a history ends where
    /// the memory on its path says.
    public func transitionCover() -> [TransitionPath<State, Event.Key>] {
        let walked = walk()
        // The states as the table lists them.
        var seen = Set<State>()
        let states = (table.rows.map(\.state) + table.timerRows.map(\.state)).filter { seen.insert($0).inserted }
        return states.flatMap { source -> [TransitionPath<State, Event.Key>] in
            guard let path = walked.paths[source], let memory = walked.memories[source] else { return [] }
            return walked.moves(source, memory).map { step, _ in
                TransitionPath(source: source, trigger: step.trigger, guardName: step.guardName, target: step.target, steps: path + [step])
            }
        }
    }

    /// The breadth-first walk of the states and what the histories remember: per state, its
    /// first path and the memory at its end; and the steps from a state with a memory.
    func walk() -> (paths: [State: [PathStep<State, Event.Key>]], memories: [State: TableMemory<State, Event, Effect, Context>.Memory],
                    moves: (State, TableMemory<State, Event, Effect, Context>.Memory) -> [(PathStep<State, Event.Key>, TableMemory<State, Event, Effect, Context>.Memory)]) {
        typealias Memory = TableMemory<State, Event, Effect, Context>.Memory
        let table = self.table
        let model = TableMemory(self, table: table)
        // Each state's lines, in table order: its cells' transitions, then its timers.
        var lines: [State: [(trigger: Trigger<Event.Key>, entry: TransitionTable<State, Event.Key, Effect>.Entry, owner: String?)]] = [:]
        for row in table.rows {
            switch row.cell {
            case let .transitions(entries), let .guarded(entries, _):
                for entry in entries { lines[row.state, default: []].append((.event(row.event), entry, row.inheritedFrom)) }
            case .ignored, .illegal:
                break
            }
        }
        for timer in table.timerRows { lines[timer.state, default: []].append((.after(timer.duration), timer.entry, timer.inheritedFrom)) }
        // Transitions without an event (a machine with them has no history): each way the
        // chain a state starts can settle, the guards it needs (those it passes over must not
        // hold), as the runtime compiles it; a chain that never settles is no way.
        func settled(_ state: State, entered: Bool, passed: [State] = []) -> [(guards: [String], target: State)] {
            var ways: [(guards: [String], target: State)] = []
            let here = passed + [state]
            for row in table.eventless(state) where entered || !row.isCompletion {
                if !here.contains(row.entry.target) {
                    for way in settled(row.entry.target, entered: true, passed: here) { ways.append(((row.entry.guardName.map { [$0] } ?? []) + way.guards, way.target)) }
                }
                if row.entry.guardName == nil { return ways }
            }
            return ways + [([], state)]
        }
        func moves(_ state: State, _ memory: Memory) -> [(PathStep<State, Event.Key>, Memory)] {
            (lines[state] ?? []).flatMap { line -> [(PathStep<State, Event.Key>, Memory)] in
                let (target, after) = line.entry.isInternal ? (state, memory) : { let step = model.step(from: state, line.entry, declaredBy: line.owner, memory: memory); return (step.0, step.2) }()
                guard !table.eventlessRows.isEmpty else { return [(PathStep(trigger: line.trigger, guardName: line.entry.guardName, target: target), after)] }
                // An internal line enters nothing: its state's chain is the waiting one.
                return settled(target, entered: !line.entry.isInternal).map { way in
                    let guards = (line.entry.guardName.map { [$0] } ?? []) + way.guards
                    return (PathStep(trigger: line.trigger, guardName: guards.isEmpty ? nil : guards.joined(separator: " && "), target: way.target), after)
                }
            }
        }
        guard var initial, declaration(of: initial) != nil else { return ([:], [:], moves) }
        // The machine starts where the initial state's unguarded first lines lead.
        var started: Set<State> = [initial]
        while let row = table.eventless(initial).first, row.entry.guardName == nil, started.insert(row.entry.target).inserted { initial = row.entry.target }
        typealias Node = PathNode<State, Memory>
        var paths: [State: [PathStep<State, Event.Key>]] = [initial: []]
        var memories: [State: Memory] = [initial: [:]]
        var nodePaths: [Node: [PathStep<State, Event.Key>]] = [Node(state: initial, memory: [:]): []]
        var queue = [Node(state: initial, memory: [:])]
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            let path = nodePaths[node] ?? []
            for (step, memory) in moves(node.state, node.memory) {
                let next = Node(state: step.target, memory: memory)
                guard nodePaths[next] == nil else { continue }
                nodePaths[next] = path + [step]
                queue.append(next)
                if paths[step.target] == nil {
                    paths[step.target] = path + [step]
                    memories[step.target] = memory
                }
            }
        }
        return (paths, memories, moves)
    }
}

/// A state of a walk and what the histories remember there.
struct PathNode<State: Hashable, Memory: Hashable>: Hashable {
    let state: State
    let memory: Memory
}
