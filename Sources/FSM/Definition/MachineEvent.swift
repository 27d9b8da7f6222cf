/// An event a machine can receive: a value that names its case, the key the machine's table,
/// diagrams, validation and tools are keyed by.
///
/// An event without data is its own key: declare the conformance and you are done.
///
/// ```swift
/// enum DoorEvent: MachineEvent, Hashable, CaseIterable { case open, close, lock, unlock }
/// ```
///
/// An event with data (`case unlock(code: String)`, `case loaded(User)`) is keyed by its case,
/// so that the table stays finite and exact while guards and effects read the value. The
/// `@MachineEvent` macro of the `FSMMacros` product writes the key type for you; by hand it
/// is a payload-free twin of the event:
///
/// ```swift
/// enum KeypadEvent: MachineEvent {
///     case press(digit: Int)
///     case clear
///
///     enum Key: MachineEvent, Hashable, CaseIterable { case press, clear }
///
///     var key: Key {
///         switch self {
///         case .press: .press
///         case .clear: .clear
///         }
///     }
/// }
/// ```
///
/// A key may carry a finite payload of its own (`failToLoad(HomeFailure)`), making one column
/// per value: see <doc:EventsWithData>.
public protocol MachineEvent: Sendable {
    /// What the machine's table is keyed by: the event's case, with any payload the machine
    /// distinguishes. `Self` for an event without data.
    associatedtype Key: MachineEvent & Hashable = Self where Key.Key == Key

    /// The key of this event: the column of the table it is dispatched by.
    var key: Key { get }
}

extension MachineEvent where Key == Self {
    /// An event without data is its own key.
    @inlinable @inline(__always)
    public var key: Self { self }
}

/// Strings are events keyed by themselves (for machines built from names, such as tools and
/// generated tests).
extension String: MachineEvent {}
