/// Where a transition resumes a parent: the child it was in when it last left (shallow),
/// or the state deep inside it (deep). The transition's `to:` target is the declared
/// default, taken while the parent has never been left.
///
/// ```swift
/// Parent("failed") {
///     On(.closeAlert, to: .idle)
/// } children: {
///     In(.failed(.network))
///     In(.failed(.server))
/// }
/// In(.idle) {
///     // Back to the failure last shown; the network one the first time.
///     On(.reopen, to: .failed(.network), resuming: .shallow("failed"))
/// }
/// ```
///
/// The memory is part of the machine's state: it is set whenever a transition leaves the
/// parent (an internal transition leaves nothing), and a new machine, or ``Machine/reset()``,
/// starts with none. A shallow resume of a child that is itself a parent enters that child at
/// its initial state. The table shows such a cell as `history(failed), default
/// failed(network)`; diagrams draw the parent's `H` (shallow) or `H*` (deep) pseudo-state.

public enum History: Hashable, Sendable {
    /// The parent of this name (``Parent``'s name, or `String(describing:)` of its state
    /// value), resumed at the child it was last in.
    case shallow(String)
    /// The parent of this name, resumed at the innermost state it was last in.
    case deep(String)

    /// The name of the parent it resumes.
    package var parent: String {
        switch self {
        case let .shallow(name), let .deep(name): name
        }
    }

    /// Whether it resumes the innermost state rather than the child.
    package var isDeep: Bool {
        if case .deep = self { return true }
        return false
    }

    /// How tables and messages show it: `history(failed)`, `deep history(failed)`.
    package var label: String { (isDeep ? "deep history(" : "history(") + parent + ")" }
}

/// A history held by a declared transition: one plain reference, so that a transition that
/// resumes none pays one word for it (an `indirect` enum would cost the same, but packs its case
/// into the reference's spare bits, where LeakSanitizer cannot see the reference).
@usableFromInline
final class HistoryBox: Sendable {
    @usableFromInline let history: History

    @inlinable
    init(_ history: History) { self.history = history }
}
