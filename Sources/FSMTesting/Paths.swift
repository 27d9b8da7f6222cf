import FSM

/// One step of a generated path: an event, and the guard that must hold for the step to
/// take its transition (so a model-based test knows which context to supply).
public struct PathStep<State: Hashable & Sendable, Event: Hashable & Sendable>: Sendable, Hashable, CustomStringConvertible {
    /// The event to send.
    public let event: Event
    /// The guard the step relies on, if any.
    public let guardName: String?
    /// The state the step should reach.
    public let target: State

    /// `event [guard] -> target`.
    public var description: String { "\(event)" + (guardName.map { " [\($0)]" } ?? "") + " -> \(target)" }
}

/// A path that ends by taking one declared transition.
public struct TransitionPath<State: Hashable & Sendable, Event: Hashable & Sendable>: Sendable, Hashable, CustomStringConvertible {
    /// The transition's source state.
    public let source: State
    /// The transition's event.
    public let event: Event
    /// The transition's guard, if any.
    public let guardName: String?
    /// The transition's target state.
    public let target: State
    /// The steps from the initial state, the last of which takes the transition.
    public let steps: [PathStep<State, Event>]

    /// `source --event [guard]--> target via e1, e2, ...`.
    public var description: String {
        "\(source) --\(event)\(guardName.map { " [\($0)]" } ?? "")--> \(target) via " + steps.map { "\($0.event)" }.joined(separator: ", ")
    }
}

extension MachineDefinition {
    /// For each state reachable from the initial state, a shortest path of events that
    /// reaches it (breadth-first over the declared transitions, in declaration order, so the
    /// result is deterministic). The initial state's path is empty; unreachable states are
    /// absent.
    public func shortestPaths() -> [State: [PathStep<State, Event.Key>]] {
        guard let initial, declaration(of: initial) != nil else { return [:] }
        var paths: [State: [PathStep<State, Event.Key>]] = [initial: []]
        var queue = [initial]
        var head = 0
        while head < queue.count {
            let state = queue[head]
            head += 1
            let path = paths[state] ?? []
            for transition in declaration(of: state)?.transitions ?? [] where paths[transition.target] == nil {
                guard declaration(of: transition.target) != nil else { continue }
                paths[transition.target] = path + [PathStep(event: transition.event, guardName: transition.guard?.name, target: transition.target)]
                queue.append(transition.target)
            }
        }
        return paths
    }

    /// For each declared transition whose source is reachable, a path from the initial state
    /// that ends by taking it: together they cover every transition (for model-based tests).
    /// In declaration order.
    public func transitionCover() -> [TransitionPath<State, Event.Key>] {
        let paths = shortestPaths()
        return transitions.compactMap { transition in
            guard let prefix = paths[transition.source] else { return nil }
            let step = PathStep(event: transition.event, guardName: transition.guard?.name, target: transition.target)
            return TransitionPath(source: transition.source, event: transition.event, guardName: transition.guard?.name,
                                  target: transition.target, steps: prefix + [step])
        }
    }
}
