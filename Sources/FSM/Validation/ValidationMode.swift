/// How much ``MachineDefinition/validate(_:)`` asks of a definition.
public enum ValidationMode: Sendable, Hashable {
    /// Structural checks only.
    case standard
    /// Also require every (state, event) pair of a non-final state to be handled, ignored or
    /// declared illegal.
    case strict
}
