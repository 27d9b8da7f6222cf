import FSMMacros
import Testing

// The macros applied to real enums, compiled by the compiler (warnings are errors), and the
// generated members checked by value.

/// A finite payload with raw values (described by case name all the same).
@Finite enum HomeFailure: String {
    case authentication, network, server, system
}

/// A state enum with a finite payload in the middle.
@Finite enum HomeLoadingState {
    case waiting, loading, failure(HomeFailure), dismissed
}

/// A public payload: `denseIndex` is `@inlinable`, the count caches `@usableFromInline`.
@Finite public enum PublicFailure {
    /// Timed out.
    case timeout
    /// Refused.
    case refused
}

/// A public state with a plain and a labeled payload.
@Finite public enum PublicState {
    /// Idle.
    case idle
    /// Failed.
    case failed(PublicFailure)
    /// Failed, with a label.
    case rejected(kind: PublicFailure)
    /// Done.
    case done
}

/// A private enum gets `fileprivate` members.
@Finite private enum PrivateState {
    case start, stuck(HomeFailure), end
}

/// An enum with its own description: not replaced.
@Finite enum OwnDescription: CustomStringConvertible {
    case first, second

    var description: String { "own \(self == .first ? 1 : 2)" }
}

/// An enum that already conforms to `CaseIterable`: `allCases` is still written explicitly.
@Finite enum AlreadyIterable: CaseIterable, Hashable {
    case zulu, alpha
}

/// Many payloads, labeled ones, adjacent ones, keywords as case names.
@Finite enum Crowded {
    case a(HomeFailure), b
    case c(PublicFailure), d(HomeFailure)
    case `default`
    case f(kind: HomeFailure), g(PublicState), h
}

/// A finite event (every case plain or `@Expanded`): its own key.
@MachineEvent enum FiniteEvent {
    case start
    @Expanded case fail(HomeFailure)
    case stop
}

/// An event with keyed and expanded cases.
@MachineEvent enum HomeEvent {
    case startLoading
    case loaded(user: String)
    @Expanded case failToLoad(HomeFailure)
    case typed(String, Int)
    @Expanded case rejected(kind: PublicFailure)
    case clearError
}

/// A public keyed event: `key` and `Key.denseIndex` are `@inlinable`.
@MachineEvent public enum PublicDoorEvent {
    /// Open.
    case open
    /// Unlock with a code.
    case unlock(code: String)
    /// Failed.
    @Expanded case fail(PublicFailure)
}

/// A keyed event with its own description.
@MachineEvent enum DescribedEvent: CustomStringConvertible {
    case ping, send(Int)

    var description: String { "described" }
}

/// An internal type: the public enums nested in it are effectively internal, and so are the
/// members written for them (a `public` one would not compile).
struct InternalHolder {
    @Finite public enum Mode {
        case on, off(HomeFailure), standby
    }

    @MachineEvent public enum Event {
        case tap(Int), close
        @Expanded case fail(PublicFailure)
    }

    /// `fileprivate`, as the error on a nested `private` enum asks: its members are visible.
    @Finite fileprivate enum Scratch {
        case first, second(PublicFailure)
    }
}

/// A public type: the public enum nested in it needs public members (`CaseIterable`,
/// `DenseIndexed` and `CustomStringConvertible` are public protocols).
public struct PublicHolder {
    @Finite public enum Mode {
        /// On.
        case on
        /// Off, for a reason.
        case off(PublicFailure)
    }
}

public extension PublicHolder {
    /// Public as a member of a `public extension`: public members too.
    @Finite enum Extra {
        /// One.
        case one
        /// Two.
        case two
    }
}

/// A private type at file scope (so `fileprivate`): an enum nested in it is handled as at file
/// scope.
private struct PrivateHolder {
    @Finite enum Mode {
        case on, off
    }
}

/// A fileprivate type: the public enum nested in it is effectively fileprivate, and so are its
/// members (without modifier, they would default to internal, wider than the type they use).
fileprivate struct FileprivateHolder {
    @Finite public enum Mode {
        case on, off(HomeFailure)
    }
}

private extension InternalHolder {
    /// Fileprivate as a member of a `private extension`.
    @Finite enum Hidden {
        case on, off
    }
}

/// A payload type named `Key`, which the key of an event hides inside the event.
@Finite enum Key {
    case up, down
}

/// The payload `Key` qualified by its module, as the error on a bare `Key` asks.
@MachineEvent enum KeyPressEvent {
    case typed(String)
    @Expanded case pressed(FSMMacrosTests.Key)
}

/// Checks, for every value of a finite type, that `denseIndex` is its position in `allCases`
/// and that the values are distinct.
func expectDense<T: CaseIterable & DenseIndexed & Hashable>(
    _: T.Type, sourceLocation: SourceLocation = #_sourceLocation
) where T.AllCases == [T] {
    #expect(Set(T.allCases).count == T.allCases.count, sourceLocation: sourceLocation)
    for (position, value) in T.allCases.enumerated() {
        #expect(value.denseIndex == position, "\(value)", sourceLocation: sourceLocation)
        #expect(T.allCases.firstIndex(of: value) == value.denseIndex, "\(value)", sourceLocation: sourceLocation)
    }
}

/// The key of an event, through the generic requirement.
func key<E: MachineEvent>(of event: E) -> E.Key { event.key }

/// Compiles only when `T` is `Sendable`: a call is a check made by the compiler, not at run time.
/// Call it on public types: a non-public enum whose payloads are `Sendable` is inferred
/// `Sendable` without the macros.
func requireSendable<T: Sendable>(_: T.Type) {}

@Suite struct FiniteBehaviour {
    @Test func payloadEnumListsAndDescribesByCaseName() {
        #expect(HomeFailure.allCases == [.authentication, .network, .server, .system])
        #expect(HomeFailure.allCases.map(\.description) == ["authentication", "network", "server", "system"])
        #expect(HomeFailure.network.rawValue == "network")
        expectDense(HomeFailure.self)
    }

    @Test func stateEnumExpandsItsPayloadInPlace() {
        #expect(HomeLoadingState.allCases == [
            .waiting, .loading,
            .failure(.authentication), .failure(.network), .failure(.server), .failure(.system),
            .dismissed,
        ])
        #expect(HomeLoadingState.allCases.map(String.init(describing:)) == [
            "waiting", "loading",
            "failure(authentication)", "failure(network)", "failure(server)", "failure(system)",
            "dismissed",
        ])
        #expect(HomeLoadingState.failure(.network).denseIndex == 3)
        #expect(HomeLoadingState.dismissed.denseIndex == 6)
        expectDense(HomeLoadingState.self)
    }

    @Test func publicEnumsWithLabeledPayloads() {
        #expect(PublicState.allCases.map(\.description) == [
            "idle", "failed(timeout)", "failed(refused)", "rejected(kind: timeout)", "rejected(kind: refused)", "done",
        ])
        expectDense(PublicFailure.self)
        expectDense(PublicState.self)
        // Compile-time check: this line does not compile unless `@Finite` made the public enum
        // `Sendable`.
        requireSendable(PublicState.self)
    }

    @Test func privateEnum() {
        #expect(PrivateState.allCases.map(\.description) == [
            "start", "stuck(authentication)", "stuck(network)", "stuck(server)", "stuck(system)", "end",
        ])
        expectDense(PrivateState.self)
    }

    @Test func ownDescriptionIsKept() {
        #expect(OwnDescription.allCases.map(\.description) == ["own 1", "own 2"])
        expectDense(OwnDescription.self)
    }

    @Test func explicitAllCasesInDeclarationOrder() {
        #expect(AlreadyIterable.allCases == [.zulu, .alpha])
        #expect(AlreadyIterable.alpha.description == "alpha")
        expectDense(AlreadyIterable.self)
    }

    @Test func crowdedEnum() {
        let names = Crowded.allCases.map(\.description)
        #expect(names.count == 4 + 1 + 2 + 4 + 1 + 4 + 6 + 1)
        #expect(names.prefix(6) == ["a(authentication)", "a(network)", "a(server)", "a(system)", "b", "c(timeout)"])
        #expect(names.contains("default"))
        #expect(names.contains("f(kind: server)"))
        #expect(names.contains("g(rejected(kind: refused))"))
        #expect(names.last == "h")
        expectDense(Crowded.self)
    }
}

@Suite struct MachineEventBehaviour {
    @Test func finiteEventIsItsOwnKey() {
        #expect(FiniteEvent.allCases.map(\.description) == [
            "start", "fail(authentication)", "fail(network)", "fail(server)", "fail(system)", "stop",
        ])
        #expect(key(of: FiniteEvent.fail(.server)) == .fail(.server))
        #expect(FiniteEvent.Key.self == FiniteEvent.self)
        expectDense(FiniteEvent.self)
    }

    @Test func keyedEventKeysByCase() {
        #expect(key(of: HomeEvent.loaded(user: "Ann")) == .loaded)
        #expect(key(of: HomeEvent.typed("a", 3)) == .typed)
        #expect(key(of: HomeEvent.failToLoad(.network)) == .failToLoad(.network))
        #expect(key(of: HomeEvent.rejected(kind: .refused)) == .rejected(kind: .refused))
        #expect(key(of: HomeEvent.startLoading) == .startLoading)
        #expect(key(of: HomeEvent.Key.typed) == .typed)
    }

    @Test func keysAreListedNamedAndIndexed() {
        #expect(HomeEvent.Key.allCases.map(\.description) == [
            "startLoading", "loaded",
            "failToLoad(authentication)", "failToLoad(network)", "failToLoad(server)", "failToLoad(system)",
            "typed", "rejected(kind: timeout)", "rejected(kind: refused)", "clearError",
        ])
        expectDense(HomeEvent.Key.self)
    }

    @Test func eventDescriptionKeepsPayloadsAndLabels() {
        #expect(HomeEvent.loaded(user: "Ann").description == "loaded(user: Ann)")
        #expect(HomeEvent.typed("a", 3).description == "typed(a, 3)")
        #expect(HomeEvent.failToLoad(.network).description == "failToLoad(network)")
        #expect(HomeEvent.rejected(kind: .timeout).description == "rejected(kind: timeout)")
        #expect(HomeEvent.clearError.description == "clearError")
    }

    @Test func publicKeyedEvent() {
        #expect(PublicDoorEvent.unlock(code: "1234").description == "unlock(code: 1234)")
        #expect(key(of: PublicDoorEvent.unlock(code: "1234")) == .unlock)
        #expect(PublicDoorEvent.Key.allCases.map(\.description) == ["open", "unlock", "fail(timeout)", "fail(refused)"])
        expectDense(PublicDoorEvent.Key.self)
        // Compile-time check: these lines do not compile unless `@MachineEvent` made the public
        // event and its key `Sendable`.
        requireSendable(PublicDoorEvent.self)
        requireSendable(PublicDoorEvent.Key.self)
    }

    @Test func ownEventDescriptionIsKept() {
        #expect(DescribedEvent.send(1).description == "described")
        #expect(DescribedEvent.Key.allCases.map(\.description) == ["ping", "send"])
        #expect(key(of: DescribedEvent.send(2)) == .send)
    }

    @Test func eventWithAPayloadTypeNamedKey() {
        #expect(key(of: KeyPressEvent.pressed(.down)) == .pressed(.down))
        #expect(key(of: KeyPressEvent.typed("a")) == .typed)
        #expect(KeyPressEvent.Key.allCases.map(\.description) == ["typed", "pressed(up)", "pressed(down)"])
        expectDense(KeyPressEvent.Key.self)
    }
}

@Suite struct NestedBehaviour {
    @Test func publicEnumsInAnInternalType() {
        #expect(InternalHolder.Mode.allCases.map(\.description) == [
            "on", "off(authentication)", "off(network)", "off(server)", "off(system)", "standby",
        ])
        expectDense(InternalHolder.Mode.self)
        #expect(key(of: InternalHolder.Event.tap(3)) == .tap)
        #expect(key(of: InternalHolder.Event.fail(.refused)) == .fail(.refused))
        #expect(InternalHolder.Event.tap(3).description == "tap(3)")
        expectDense(InternalHolder.Event.Key.self)
    }

    @Test func fileprivateEnumInAType() {
        #expect(InternalHolder.Scratch.allCases.map(\.description) == ["first", "second(timeout)", "second(refused)"])
        expectDense(InternalHolder.Scratch.self)
    }

    @Test func publicEnumsInAPublicType() {
        #expect(PublicHolder.Mode.allCases.map(\.description) == ["on", "off(timeout)", "off(refused)"])
        expectDense(PublicHolder.Mode.self)
        // Compile-time check: this line does not compile unless `@Finite` made the nested public
        // enum `Sendable`.
        requireSendable(PublicHolder.Mode.self)
        #expect(PublicHolder.Extra.allCases == [.one, .two])
        expectDense(PublicHolder.Extra.self)
    }

    @Test func enumsInPrivateAndFileprivateScopes() {
        #expect(PrivateHolder.Mode.allCases.map(\.description) == ["on", "off"])
        expectDense(PrivateHolder.Mode.self)
        #expect(FileprivateHolder.Mode.allCases.count == 1 + 4)
        expectDense(FileprivateHolder.Mode.self)
        #expect(InternalHolder.Hidden.allCases.map(\.description) == ["on", "off"])
        expectDense(InternalHolder.Hidden.self)
    }
}
