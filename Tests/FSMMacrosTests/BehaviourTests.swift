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

/// Whether a type is `Sendable` (checked at compile time).
func isSendable<T: Sendable>(_: T.Type) -> Bool { true }

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
        #expect(isSendable(HomeLoadingState.self))
    }

    @Test func publicEnumsWithLabeledPayloads() {
        #expect(PublicState.allCases.map(\.description) == [
            "idle", "failed(timeout)", "failed(refused)", "rejected(kind: timeout)", "rejected(kind: refused)", "done",
        ])
        expectDense(PublicFailure.self)
        expectDense(PublicState.self)
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
        #expect(isSendable(HomeEvent.self))
    }

    @Test func publicKeyedEvent() {
        #expect(PublicDoorEvent.unlock(code: "1234").description == "unlock(code: 1234)")
        #expect(key(of: PublicDoorEvent.unlock(code: "1234")) == .unlock)
        #expect(PublicDoorEvent.Key.allCases.map(\.description) == ["open", "unlock", "fail(timeout)", "fail(refused)"])
        expectDense(PublicDoorEvent.Key.self)
    }

    @Test func ownEventDescriptionIsKept() {
        #expect(DescribedEvent.send(1).description == "described")
        #expect(DescribedEvent.Key.allCases.map(\.description) == ["ping", "send"])
        #expect(key(of: DescribedEvent.send(2)) == .send)
    }
}
