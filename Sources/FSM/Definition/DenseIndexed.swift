/// A type whose values can say, cheaply, where they stand in a dense numbering.
///
/// Conform your event type and a ``Machine`` finds an event's cell with an array lookup
/// instead of hashing it, so dispatch costs about as much as a hand-written `switch`. An
/// enum with `Int` raw values conforms by declaring it; an enum with payloads returns its
/// index from a `switch`:
///
/// ```swift
/// enum Input: Int, MachineEvent, Hashable, Sendable, DenseIndexed { case coin, push }
///
/// extension LoginEvent: DenseIndexed {
///     var denseIndex: Int {
///         switch self {
///         case .edit: 0
///         case .logIn: 1
///         case let .fail(kind): 2 + kind.index
///         }
///     }
/// }
/// ```
///
/// The contract, like `Hashable`'s: distinct values have distinct indices. The indices need
/// not follow declaration order, but they should be non-negative and small (below four times
/// the number of events, plus 64); when the declared events' indices are not, the machine
/// falls back to hashing, with the same results. Mark `denseIndex` `@inlinable` when the
/// type lives in another module, so that the lookup inlines into the caller.
public protocol DenseIndexed {
    /// A small non-negative integer, distinct for each declared value.
    var denseIndex: Int { get }
}

extension DenseIndexed where Self: RawRepresentable, RawValue == Int {
    /// The raw value.
    @inlinable
    public var denseIndex: Int { rawValue }
}
