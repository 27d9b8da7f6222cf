/// What sending an event did.
public enum TransitionKind: String, Sendable, Hashable, CaseIterable {
    /// The machine left its state and entered the target (possibly the same state).
    case external
    /// The event was handled without leaving the state.
    case `internal`
    /// The state declares the event as ignored: nothing happened.
    case ignored
    /// The event was rejected and the policy said not to throw: nothing happened.
    case rejected
}
