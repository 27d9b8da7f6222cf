/// What a (state, event) cell does, as resolution decides it; one byte per cell. The order
/// is the precedence of lines of one level (one state, or one parent) on one event: a
/// transition wins over `Ignore`, `Ignore` over `Illegal`.
enum CellKind: UInt8, Comparable, Sendable {
    /// Nothing handles the event: it is rejected.
    case unhandled = 0
    /// Declared illegal (`Illegal`, `IllegalOtherEvents`): rejected, on purpose.
    case declaredIllegal = 1
    /// Declared ignored (`Ignore`, `IgnoreOtherEvents`): accepted, nothing happens.
    case ignored = 2
    /// The cell has transitions (guarded ones are tried in order).
    case transitions = 3

    static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// What a cell with transitions does when none of its guards holds: the `Ignore` or
/// `Illegal` line after the guarded ones, or nothing. When a level declares both, the larger
/// wins (validation reports it).
enum CellDefault: UInt8, Comparable, Sendable {
    /// No default: rejected, because no guard held.
    case rejected = 0
    /// An `Illegal` line after the guarded ones: rejected, declared illegal.
    case declaredIllegal = 1
    /// An `Ignore` line after the guarded ones: ignored.
    case ignored = 2

    static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
