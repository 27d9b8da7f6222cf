import FSM

/// One step of a generated path: what sets it off (an event, or a timer of the state running
/// out), and the guard that must hold for the step to take its transition (so a model-based
/// test knows which context to supply).
///
/// To take a step on a machine: `send` the event, or for a timer, `fire` the one of
/// `machine.timers` with the step's duration.
public struct PathStep<State: Hashable & Sendable, Event: Hashable & Sendable>: Sendable, Hashable, CustomStringConvertible {
    /// What sets the step off: an event to send, or a timer that runs out (`after 30 s`).
    public let trigger: Trigger<Event>
    /// The guard the step relies on, if any.
    public let guardName: String?
    /// The state the step should reach.
    public let target: State

    /// The event to send, or `nil` when a timer sets the step off.
    public var event: Event? {
        if case let .event(event) = trigger { return event }
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
    public let trigger: Trigger<Event>
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

    /// `source --event [guard]--> target via e1, e2, ...`.
    public var description: String {
        "\(source) --\(trigger)\(guardName.map { " [\($0)]" } ?? "")--> \(target) via " + steps.map { "\($0.trigger)" }.joined(separator: ", ")
    }
}

extension MachineDefinition {
    /// For each state reachable from the initial state, a shortest path that reaches it:
    /// breadth-first over the transitions of the flattened table (what a state inherits from
    /// its parents included) and over its timers, in table order (each state's cells in the
    /// order of the events, then its timers), so the result is deterministic. The initial
    /// state's path is empty; unreachable states are absent.
    public func shortestPaths() -> [State: [PathStep<State, Event.Key>]] {
        guard let initial, declaration(of: initial) != nil else { return [:] }
        let steps = pathSteps()
        var paths: [State: [PathStep<State, Event.Key>]] = [initial: []]
        var queue = [initial]
        var head = 0
        while head < queue.count {
            let state = queue[head]
            head += 1
            let path = paths[state] ?? []
            for step in steps[state] ?? [] where paths[step.target] == nil {
                paths[step.target] = path + [step]
                queue.append(step.target)
            }
        }
        return paths
    }

    /// For each transition of the flattened table whose state is reachable (each guarded
    /// alternative of a cell, internal ones included, and each timer), a path from the
    /// initial state that ends by taking it: together they cover every transition (for
    /// model-based tests). In table order.
    public func transitionCover() -> [TransitionPath<State, Event.Key>] {
        let paths = shortestPaths()
        let steps = pathSteps()
        // The states as the table lists them.
        var seen = Set<State>()
        let states = (table.rows.map(\.state) + table.timerRows.map(\.state)).filter { seen.insert($0).inserted }
        return states.flatMap { source in
            (steps[source] ?? []).compactMap { step in
                paths[source].map { TransitionPath(source: source, trigger: step.trigger, guardName: step.guardName, target: step.target, steps: $0 + [step]) }
            }
        }
    }

    /// Each state's steps: its cells' transitions, then its timers, in table order.
    func pathSteps() -> [State: [PathStep<State, Event.Key>]] {
        var steps: [State: [PathStep<State, Event.Key>]] = [:]
        for row in table.rows {
            switch row.cell {
            case let .transitions(entries), let .guarded(entries, _):
                for entry in entries {
                    steps[row.state, default: []].append(PathStep(trigger: .event(row.event), guardName: entry.guardName, target: entry.target))
                }
            case .ignored, .illegal:
                break
            }
        }
        for timer in table.timerRows {
            steps[timer.state, default: []].append(PathStep(trigger: .after(timer.duration), guardName: timer.entry.guardName, target: timer.entry.target))
        }
        return steps
    }
}
