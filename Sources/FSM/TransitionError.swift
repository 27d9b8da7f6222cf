/// The error of a rejected event: the state, the event, why, and what the state permits.
///
/// Its description says all of that in one line:
///
/// ```text
/// illegal transition: 'finishLoading' is not permitted in state 'waiting' (permitted: startLoading)
/// ```
///
/// Creating one allocates nothing: the permitted events are held inline (up to eight), and
/// guard names are the compiled machine's own strings.
///
/// `Event` is an event key (`Machine.Event.Key`, the event itself for an event without data):
/// `catch let error as TransitionError<State, DoorEvent>` with a `DoorEvent` that carries data
/// does not compile, where it would otherwise never match. Write `TransitionError<State, DoorEvent.Key>`.
public struct TransitionError<State: Hashable & Sendable, Event: MachineEvent>: Error, Sendable where Event.Key == Event {
    /// Why an event was rejected.
    public enum Reason: Sendable, Hashable {
        /// The state has no transition for the event (or declares it illegal).
        case noTransition
        /// The state has transitions for the event, but none of their guards holds; the
        /// names of those guards, in declaration order.
        case guardNotMet(GuardNames)
        /// The state is final and does not ignore the event.
        case finalState
    }

    /// The state the machine was (and still is) in.
    public let state: State
    /// The rejected event's key (the caller holds the event itself, with its data).
    public let event: Event
    /// Why it was rejected.
    public let reason: Reason
    /// The events the state handles or ignores, in declaration order (guarded ones included).
    public let permitted: SmallList<Event>

    /// Creates an error value.
    @inlinable
    public init(state: State, event: Event, reason: Reason, permitted: SmallList<Event>) {
        self.state = state
        self.event = event
        self.reason = reason
        self.permitted = permitted
    }
}

extension TransitionError: Equatable where Event: Equatable {}
extension TransitionError: Hashable where Event: Hashable {}

extension TransitionError: CustomStringConvertible {
    /// One line: `illegal transition: 'E' is not permitted in state 'S'[: why] (permitted: a, b)`.
    public var description: String {
        var text = "illegal transition: '\(event)' is not permitted in state '\(state)'"
        switch reason {
        case .noTransition: break
        case let .guardNotMet(guardNames):
            let names = guardNames.names
            let quoted = names.map { "'\($0)'" }.joined(separator: ", ")
            text += names.count == 1 ? ": guard \(quoted) not met" : ": guards \(quoted) not met"
        case .finalState: text += ": the state is final"
        }
        let list = permitted.isEmpty ? "none" : permitted.map { String(describing: $0) }.joined(separator: ", ")
        return text + " (permitted: \(list))"
    }
}
