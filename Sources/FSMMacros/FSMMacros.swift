@_exported import FSM

#if Macros

/// Makes an enum with finitely many values list, name and index them: a state enum, or a
/// finite payload of another enum (`HomeFailure` in `case failure(HomeFailure)`).
///
/// ```swift
/// @Finite public enum HomeFailure { case authentication, network, server, system }
///
/// @Finite enum HomeLoadingState {
///     case waiting, loading, failure(HomeFailure), dismissed
/// }
/// // HomeLoadingState.allCases: waiting, loading, failure(authentication), ...,
/// // failure(system), dismissed; HomeLoadingState.failure(.network).denseIndex == 3
/// ```
///
/// The macro adds the conformances the enum lacks among `Hashable`, `Sendable`,
/// `CaseIterable`, `CustomStringConvertible` and ``FSM/DenseIndexed``, and writes, with the
/// enum's effective access level, the narrowest of its own and its enclosing types' (`public`
/// members for a `public` enum in public types, `fileprivate` ones for a `private` enum):
///
/// - `static let allCases`, the values in declaration order, stored once. A case with one
///   payload is expanded in place, one value per value of the payload.
/// - `var description`, the case's name followed, for a payload case, by the payload's
///   `String(describing:)` in parentheses, label kept: `failure(network)`, `failure(kind: network)`.
///   Not written when the enum declares `description` itself or already conforms to
///   `CustomStringConvertible`. A raw-value enum is described by its case names too.
/// - `var denseIndex`, the value's position in `allCases`, from a `switch`: no search and no
///   allocation (payload counts are cached in `static let __finiteCount_<case>`); `@inlinable`
///   in a `public` enum.
///
/// Each payload must be of a `CaseIterable & DenseIndexed` type whose dense indices are
/// `0..<allCases.count` in the order of `allCases`, which is what `@Finite` gives: mark payload
/// enums `@Finite` too. A case with two or more payload values, a payload of a type with no
/// finite list of values (`String`, `Int`, `[T]`, `T?`, ...), an indirect case, a case name
/// declared twice (`case move(x: Dir), move(y: Dir)`), a generic enum or one nested in a generic
/// type, a `private` enum nested in a type (make it `fileprivate`: the members live in an
/// extension at file scope) and an enum without cases are errors.
@attached(
    extension,
    conformances: Hashable, Sendable, CaseIterable, CustomStringConvertible, FSM.DenseIndexed,
    names: named(allCases), named(description), named(denseIndex), arbitrary
)
public macro Finite() = #externalMacro(module: "FSMMacrosPlugin", type: "FiniteMacro")

/// Makes an enum an event of a machine (``FSM/MachineEvent``), keyed by its cases.
///
/// A case without payload is one column of the machine's table. A case with a payload is keyed
/// by its case, one column for every `unlock(code:)` whatever the code, unless it is marked
/// ``Expanded()``, which makes one column per value of its one finite payload.
///
/// When no case is keyed (every case is plain or `@Expanded`), the event is finite and is its own
/// key: the macro writes what ``Finite()`` writes, and adds the conformance to `MachineEvent`.
///
/// Otherwise it adds the conformances the event lacks among `MachineEvent`, `Sendable` and
/// `CustomStringConvertible` (not `Hashable`: payloads need not be hashable) and writes, with the
/// event's effective access level:
///
/// ```swift
/// @MachineEvent public enum DoorEvent {
///     case open, close, unlock(code: String)
///     @Expanded case fail(DoorFailure)   // DoorFailure is @Finite
/// }
/// // enum DoorEvent.Key { case open, close, unlock, fail(DoorFailure) }: Hashable, Sendable,
/// //   CaseIterable, CustomStringConvertible, DenseIndexed and MachineEvent, listed, named and
/// //   indexed like a @Finite enum ("unlock", "fail(jammed)");
/// // var key: Key (DoorEvent.unlock(code: "1234").key == .unlock);
/// // var description: String ("unlock(code: 1234)"), unless the event has its own.
/// ```
///
/// Inside the event, `Key` names the event's key, so a payload type spelled `Key` (`Key`, `[Key]`,
/// `Key.Code`) is an error: qualify it with its module (`MyModule.Key`) or rename it. So is a
/// member named `Key` (a type or a case) or `key` (an instance property or method). The errors
/// of ``Finite()`` about where the enum is declared and about case names apply too.
@attached(
    extension,
    conformances: FSM.MachineEvent, Hashable, Sendable, CaseIterable, CustomStringConvertible, FSM.DenseIndexed,
    names: named(Key), named(key), named(allCases), named(description), named(denseIndex), arbitrary
)
public macro MachineEvent() = #externalMacro(module: "FSMMacrosPlugin", type: "MachineEventMacro")

/// Marks a case of a ``MachineEvent()`` enum whose one payload is finite, so that the machine's
/// table has one column per payload value (`failToLoad(network)`, `failToLoad(server)`, ...)
/// instead of one for the case.
///
/// The payload must be one value of a `CaseIterable & DenseIndexed` type, such as a
/// ``Finite()`` enum. The marker writes nothing; attached to anything but an enum case with one
/// payload value, it is an error. Only `@MachineEvent` reads it: in a `@Finite` enum (which
/// expands every payload already) or an enum with neither macro, it does nothing, and the
/// compiler warns.
@attached(peer)
public macro Expanded() = #externalMacro(module: "FSMMacrosPlugin", type: "ExpandedMacro")

#else
#error("FSMMacros needs the package trait \"Macros\" (on by default; it fetches swift-syntax): depend on the FSM package without `traits:`, or with `traits: [\"Macros\"]`")
#endif
