/// The transition a machine took for one event or timer: where it was, what set it off (the
/// event's key, the column of the table it took: `unlock`, not `unlock(code: "1234")`, which
/// the caller holds; or a timer, `after 30 s`), where it is now, and the effects to perform,
/// in order.
///
/// `Event` is an event key (`Machine.Event.Key`): a `Transition<S, E, F>` of an event type `E`
/// with data does not compile, which keeps `catch` clauses and tests from naming a type that
/// is never thrown.
public struct Transition<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable>: Sendable where Event.Key == Event {
    /// The state before the event.
    public let source: State
    /// The event's key, or `nil` when a timer set the transition off.
    public let event: Event?
    /// The state after the event.
    public let target: State
    /// The effects to perform, in order: the source's exit effects, the transition's own,
    /// then the target's entry effects (only the transition's own for internal transitions).
    /// Held inline: making, copying or dropping a transition allocates nothing.
    public let effects: SmallList<Effect>
    /// The kind (the low byte: its position in ``TransitionKind/allCases``) and, when a timer
    /// set the transition off, the number of its duration among the process's interned
    /// durations (the other bytes; 0 otherwise). One field, not a ``Trigger`` and a kind: a
    /// transition one field larger is dropped through the runtime's generic value witnesses
    /// instead of inline, several times slower (measured by the benchmark's `.ignore` path).
    @usableFromInline let code: Int32

    /// What kind of step this was.
    @inlinable
    public var kind: TransitionKind {
        switch code & 0xFF {
        case 0: .external
        case 1: .internal
        case 2: .ignored
        default: .rejected
        }
    }

    /// The low byte of `code` for a kind.
    @inlinable @inline(__always)
    static func code(of kind: TransitionKind) -> Int32 {
        switch kind {
        case .external: 0
        case .internal: 1
        case .ignored: 2
        case .rejected: 3
        }
    }

    /// Creates a transition value.
    @inlinable @inline(__always)
    package init(source: State, event: Event, target: State, effects: SmallList<Effect>, kind: TransitionKind) {
        self.source = source
        self.event = event
        self.target = target
        self.effects = effects
        code = Self.code(of: kind)
    }

    /// Creates a transition value set off by a timer whose duration is interned as `duration`
    /// (`Interned.durations`).
    @inlinable
    package init(source: State, timer duration: Int32, target: State, effects: SmallList<Effect>) {
        self.source = source
        event = nil
        self.target = target
        self.effects = effects
        // At most 2^23 distinct durations in one process: the kind takes the low byte.
        precondition(duration >= 0 && duration < 1 << 23, "too many distinct timer durations in one process")
        code = duration << 8
    }

    /// What set it off: an event's key, or a timer of the state (``After``).
    package var trigger: Trigger<Event> {
        if let event { return .event(event) }
        return .after(Interned.durations.value(code >> 8))
    }

    /// Whether the machine is now in another state.
    package var changesState: Bool { source != target }
}

extension Transition: Equatable where Event: Equatable, Effect: Equatable {}

extension Transition: Hashable where Event: Hashable, Effect: Hashable {}

extension Transition: CustomStringConvertible {
    /// `source --event--> target / effect, effect`, or `source: event ignored`.
    public var description: String {
        switch kind {
        case .ignored: return "\(source): \(trigger) ignored"
        case .rejected: return "\(source): \(trigger) rejected"
        case .external, .internal:
            let effectList = effects.isEmpty ? "" : " / " + effects.map { String(describing: $0) }.joined(separator: ", ")
            let arrow = kind == .internal ? " (internal)" : ""
            return "\(source) --\(trigger)--> \(target)\(arrow)\(effectList)"
        }
    }
}
