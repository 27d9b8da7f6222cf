/// A finding of ``MachineDefinition/validate(_:)``: a severity, a kind, the names of the
/// states and events involved, and a sentence that says what is wrong.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How bad a finding is.
    public enum Severity: String, Sendable, Hashable {
        /// The definition cannot run.
        case error
        /// The definition runs, but probably not as meant.
        case warning
    }

    /// What kind of finding this is.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The definition names no initial state.
        case missingInitialState
        /// A state is named (as initial state, target or start state) but not declared.
        case undeclaredState
        /// A line names an event that the definition does not declare.
        case undeclaredEvent
        /// A state is declared twice.
        case duplicateState
        /// An event is listed twice.
        case duplicateEvent
        /// Two different states, or two different events, have the same name.
        case duplicateName
        /// Two transitions for one (state, event) without distinct guards.
        case nondeterministicTransitions
        /// A transition that can never be taken: an unguarded one comes before it.
        case shadowedTransition
        /// An event is both handled and ignored, or handled and declared illegal, in one state.
        case conflictingDeclarations
        /// A state that no path from the initial state reaches.
        case unreachableState
        /// A non-final state with no transition to another state.
        case deadEnd
        /// A final state that declares transitions.
        case finalStateWithTransitions
        /// An event that no state handles or explicitly ignores.
        case unusedEvent
        /// Strict mode: a (state, event) pair neither handled, ignored nor declared illegal.
        case unhandledPair
        /// A parent whose `initial` is not one of its children.
        case parentWithoutInitialChild
        /// A parent whose children are declared in two places, or a state that is also a parent.
        case parentDeclaredTwice
        /// A child declares an event its parent declares too, without ``Overrides`` (or an
        /// ``Overrides`` line with nothing to override).
        case shadowedParentDeclaration
        /// Two regions of a parallel machine (or of a ``Parallel`` parent) have guards on one
        /// event, or the initial state does not hold each region's initial state; a region's
        /// line would decide an event that a parent around its ``Parallel`` takes otherwise
        /// than SCXML does; a ``Parallel`` inside a region.
        case regionConflict
        /// A timer (``After``) that cannot be: in a region, or of zero or less.
        case timerNotSupported
        /// A parallel machine whose flattened table (every combination of its regions'
        /// states, times its events) would exceed
        /// 2^20 cells: it is refused, not built.
        case tooLarge
        /// A transition resumes the history of a parent that is not declared, its default is
        /// not a state inside that parent (or is the parent itself), or it is in a region (see
        /// ``History``).
        case invalidHistory
        /// A transition without an event (``Always``, ``OnDone``) that cannot be: in a final
        /// state, an `OnDone` outside a parent, a chain that comes back to a state it passed
        /// (an error when no guard can stop it), or one in a machine with history, timers or
        /// regions, which cannot have them yet.
        case invalidEventless
    }

    /// How bad it is.
    public let severity: Severity
    /// What kind of finding it is.
    public let kind: Kind
    /// The names of the states involved.
    public let states: [String]
    /// The names of the events involved.
    public let events: [String]
    /// What is wrong, in one sentence.
    public let message: String

    /// Creates a diagnostic.
    package init(_ severity: Severity, _ kind: Kind, states: [String] = [], events: [String] = [], _ message: String) {
        self.severity = severity
        self.kind = kind
        self.states = states
        self.events = events
        self.message = message
    }

    /// `error: message [kind]`.
    public var description: String { "\(severity.rawValue): \(message) [\(kind.rawValue)]" }
}

extension Diagnostic.Severity {
    /// The order findings are listed in: errors (0) before warnings (1).
    package var rank: Int { self == .error ? 0 : 1 }
}
