/// The transition a machine took for one event: where it was, the event's key (the column of
/// the table it took: `unlock`, not `unlock(code: "1234")`, which the caller holds), where it is now,
/// and the effects to perform, in order.
///
/// `Event` is an event key (`Machine.Event.Key`): a `Transition<S, E, F>` of an event type `E`
/// with data does not compile, which keeps `catch` clauses and tests from naming a type that
/// is never thrown.
public struct Transition<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable>: Sendable where Event.Key == Event {
    /// The state before the event.
    public let source: State
    /// The event's key.
    public let event: Event
    /// The state after the event.
    public let target: State
    /// The effects to perform, in order: the source's exit effects, the transition's own,
    /// then the target's entry effects (only the transition's own for internal transitions).
    /// Held inline: making, copying or dropping a transition allocates nothing.
    public let effects: SmallList<Effect>
    /// What kind of step this was.
    public let kind: TransitionKind

    /// Creates a transition value.
    @inlinable
    package init(source: State, event: Event, target: State, effects: SmallList<Effect>, kind: TransitionKind) {
        self.source = source
        self.event = event
        self.target = target
        self.effects = effects
        self.kind = kind
    }

    /// Whether the machine is now in another state.
    public var changesState: Bool { source != target }
}

extension Transition: Equatable where Event: Equatable, Effect: Equatable {}

extension Transition: Hashable where Event: Hashable, Effect: Hashable {}

extension Transition: CustomStringConvertible {
    /// `source --event--> target / effect, effect`, or `source: event ignored`.
    public var description: String {
        switch kind {
        case .ignored: return "\(source): \(event) ignored"
        case .rejected: return "\(source): \(event) rejected"
        case .external, .internal:
            let effectList = effects.isEmpty ? "" : " / " + effects.map { String(describing: $0) }.joined(separator: ", ")
            let arrow = kind == .internal ? " (internal)" : ""
            return "\(source) --\(event)--> \(target)\(arrow)\(effectList)"
        }
    }
}
