/// What a ``Machine`` does with an event it rejects. In every case the state does not change.
public enum RejectionPolicy: Sendable, Hashable {
    /// Throw a ``TransitionError`` (the default).
    case `throw`
    /// Return a transition of kind ``TransitionKind/rejected``, silently.
    case ignore
    /// Stop with an assertion failure in debug builds, like a hand-written machine whose
    /// illegal calls are programming errors; behave as ``ignore`` in release builds.
    case assertInDebug
}
