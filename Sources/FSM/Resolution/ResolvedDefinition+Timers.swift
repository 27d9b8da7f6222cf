/// One timer armed while the machine is in a state: an `After` line of the state itself or of
/// one of its parents, resolved against the definition.
struct ResolvedTimer<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context> {
    /// Who declares it: -1 for the state itself, otherwise the parent's index.
    let node: Int32
    /// Its position among the declaring state's (or parent's) `After` lines.
    let position: Int
    let declaration: TimerDeclaration<State, Event, Effect, Context>
    /// The index of the state it goes to (a parent: its initial leaf), or -1 when the target
    /// is not declared.
    let target: Int
    /// Exit effects of what it leaves, its own effects, entry effects of what it enters.
    let effects: [Effect]
    /// How many of the source's parents, outermost first, it stays inside.
    let kept: Int
}

extension ResolvedDefinition {
    /// The name of who declares a timer: the state's, or the parent's.
    func timerOwnerName(_ s: Int, _ node: Int32) -> String {
        node < 0 ? stateNames[s] : parents[Int(node)].name
    }

    /// The timers armed in state `s`, its own first, then its parents' from the innermost out,
    /// each in declaration order. A final state has none (it inherits nothing).
    func timers(of s: Int) -> [ResolvedTimer<State, Event, Effect, Context>] {
        let declaration = declarations[s]
        var nodes: [(node: Int32, timers: [TimerDeclaration<State, Event, Effect, Context>])] = [(-1, declaration.timers)]
        if !declaration.isFinal, hasHierarchy {
            for p in chains[s].reversed() { nodes.append((p, parents[Int(p)].timers)) }
        }
        var resolved: [ResolvedTimer<State, Event, Effect, Context>] = []
        for (node, timers) in nodes {
            for (position, timer) in timers.enumerated() {
                let target = leafIndex(of: timer.target) ?? -1
                let path = target >= 0
                    ? self.path(from: s, declaredBy: node, to: target, named: timer.target, emitting: timer.effects)
                    : (effects: timer.effects, kept: 0)
                resolved.append(ResolvedTimer(node: node, position: position, declaration: timer, target: target, effects: path.effects, kept: path.kept))
            }
        }
        return resolved
    }

    /// Whether any state or parent declares a timer.
    var hasTimers: Bool {
        declarations.contains { !$0.timers.isEmpty } || parents.contains { !$0.timers.isEmpty }
    }
}
