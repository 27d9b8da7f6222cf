import FSM

// The home-loading machine as a user writes it: plain enums (one event with a finite
// payload), no protocol adopted beyond Hashable and Sendable, declared in a module of its
// own and used from another (the benchmark executable), through the public API only.

/// Why loading failed.
public enum LoadFailure: Hashable, Sendable, CaseIterable {
    case authentication, network, server, system
}

/// The loading states.
public enum LoadState: Hashable, Sendable {
    case waiting, loading, failure(LoadFailure), dismissed
}

/// The loading events.
public enum LoadEvent: MachineEvent, Hashable, Sendable {
    case startLoading, finishLoading, failToLoad(LoadFailure), clearError
}

/// The loading effects.
public enum LoadEffect: Hashable, Sendable {
    case callCurrentUser, showAlert(LoadFailure), dismiss
}

/// The machine, as the README shows how to declare one.
public let loading = MachineDefinition<LoadState, LoadEvent, LoadEffect, Void>(
    name: "loading",
    initial: .waiting,
    events: [.startLoading, .finishLoading] + LoadFailure.allCases.map(LoadEvent.failToLoad) + [.clearError]
) {
    In(.waiting) {
        On(.startLoading, to: .loading, emit: .callCurrentUser)
    }
    In(.loading) {
        Ignore(.startLoading)
        On(.finishLoading, to: .waiting)
        for failure in LoadFailure.allCases {
            On(.failToLoad(failure), to: .failure(failure), emit: .showAlert(failure))
        }
    }
    for failure in LoadFailure.allCases {
        In(.failure(failure)) {
            Ignore(.startLoading)
            if failure == .authentication {
                On(.clearError, to: .dismissed, emit: .dismiss)
            } else {
                On(.clearError, to: .waiting)
            }
        }
    }
    Final(.dismissed) { IgnoreOtherEvents() }
}

/// The hand-written machine behind a call the optimiser cannot see through: the new state
/// and the number of effects, or `nil` when the event is rejected.
@inline(never)
public func loadingSwitchOpaque(_ state: LoadState, _ event: LoadEvent) -> (LoadState, Int)? {
    switch state {
    case .waiting:
        switch event {
        case .startLoading: return (.loading, 1)
        case .finishLoading, .failToLoad, .clearError: return nil
        }
    case .loading:
        switch event {
        case .startLoading: return (.loading, 0)
        case .finishLoading: return (.waiting, 0)
        case let .failToLoad(kind): return (.failure(kind), 1)
        case .clearError: return nil
        }
    case let .failure(kind):
        switch event {
        case .startLoading: return (state, 0)
        case .clearError: return kind == .authentication ? (.dismissed, 1) : (.waiting, 0)
        case .finishLoading, .failToLoad: return nil
        }
    case .dismissed:
        return (.dismissed, 0)
    }
}

/// The same machine declared with a parent: the four failures share, once, what they
/// ignore. Flattened when resolved, it must dispatch as the flat declaration does.
public let nestedLoading = MachineDefinition<LoadState, LoadEvent, LoadEffect, Void>(
    name: "loading",
    initial: .waiting,
    events: [.startLoading, .finishLoading] + LoadFailure.allCases.map(LoadEvent.failToLoad) + [.clearError]
) {
    In(.waiting) {
        On(.startLoading, to: .loading, emit: .callCurrentUser)
    }
    In(.loading) {
        Ignore(.startLoading)
        On(.finishLoading, to: .waiting)
        for failure in LoadFailure.allCases {
            On(.failToLoad(failure), to: .failure(failure), emit: .showAlert(failure))
        }
    }
    Parent("failure") {
        Ignore(.startLoading)
        On(.clearError, to: .waiting)
    } children: {
        In(.failure(.authentication)) {
            Overrides(.clearError)
            On(.clearError, to: .dismissed, emit: .dismiss)
        }
        In(.failure(.network))
        In(.failure(.server))
        In(.failure(.system))
    }
    Final(.dismissed) { IgnoreOtherEvents() }
}
