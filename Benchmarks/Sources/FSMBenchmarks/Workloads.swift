import FSM
import MallocCounter
import UseCases

// Each workload runs the same pre-generated events through a hand-written nested switch over
// the same enums and through the library, and returns a checksum of what happened.

// MARK: - home-loading

/// The hand-written `home-loading`: the new state and the number of effects, or nil when
/// the event is rejected.
@inline(__always)
func homeLoadingSwitch(_ state: HomeLoadingState, _ event: HomeLoadingEvent) -> (HomeLoadingState, Int)? {
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

/// A rejection of the hand-written machine, as a value (what the library's error carries).
struct SwitchRejection {
    let state: HomeLoadingState
    let event: HomeLoadingEvent
    let permitted: Int
}

@inline(never)
func switchHomeLoading(_ events: [HomeLoadingEvent]) -> UInt64 {
    var state = HomeLoadingState.waiting
    var checksum: UInt64 = 0
    for event in events {
        if let (next, effects) = homeLoadingSwitch(state, event) {
            state = next
            checksum &+= UInt64(effects)
        } else {
            let rejection = SwitchRejection(state: state, event: event, permitted: 1)
            checksum &+= UInt64(rejection.permitted)
        }
    }
    return checksum
}

@inline(never)
func fsmHomeLoading(_ machine: Machine<HomeLoadingState, HomeLoadingEvent, HomeLoadingEffect, Void>, _ events: [HomeLoadingEvent]) -> UInt64 {
    var machine = machine
    var checksum: UInt64 = 0
    for event in events {
        do {
            checksum &+= UInt64(try machine.send(event).effects.count)
        } catch {
            checksum &+= UInt64(error.permitted.count)
        }
    }
    return checksum
}

@inline(never)
func fsmHomeLoadingResult(_ machine: Machine<HomeLoadingState, HomeLoadingEvent, HomeLoadingEffect, Void>, _ events: [HomeLoadingEvent]) -> UInt64 {
    var machine = machine
    var checksum: UInt64 = 0
    for event in events {
        switch machine.transition(on: event) {
        case let .success(transition): checksum &+= UInt64(transition.effects.count)
        case let .failure(error): checksum &+= UInt64(error.permitted.count)
        }
    }
    return checksum
}

/// Legal events only: a cycle through every kind of transition (periodic), or a random walk
/// over the events each state takes (random). Never into `dismissed`.
func legalHomeLoadingEvents(count: Int, random: Bool) -> [HomeLoadingEvent] {
    var generator = SplitMix(state: 42)
    var state = HomeLoadingState.waiting
    let cycle: [HomeLoadingEvent] = [.startLoading, .finishLoading, .startLoading, .failToLoad(.network), .clearError, .startLoading, .failToLoad(.server), .startLoading, .clearError, .startLoading, .failToLoad(.system), .clearError]
    var events: [HomeLoadingEvent] = []
    events.reserveCapacity(count)
    for index in 0..<count {
        let event: HomeLoadingEvent
        if random {
            let options: [HomeLoadingEvent]
            switch state {
            case .waiting: options = [.startLoading]
            case .loading: options = [.startLoading, .finishLoading, .failToLoad(.network), .failToLoad(.server), .failToLoad(.system)]
            case .failure: options = [.startLoading, .clearError]
            case .dismissed: options = []
            }
            event = options[Int(generator.next() % UInt64(options.count))]
        } else {
            event = cycle[index % cycle.count]
        }
        if let (next, _) = homeLoadingSwitch(state, event) { state = next }
        events.append(event)
    }
    return events
}

/// Illegal events only, all sent in `waiting` (which takes only `startLoading`).
func illegalHomeLoadingEvents(count: Int, random: Bool) -> [HomeLoadingEvent] {
    var generator = SplitMix(state: 7)
    let options: [HomeLoadingEvent] = [.finishLoading, .failToLoad(.authentication), .failToLoad(.network), .failToLoad(.server), .failToLoad(.system), .clearError]
    return (0..<count).map { index in random ? options[Int(generator.next() % UInt64(options.count))] : options[index % options.count] }
}

// MARK: - login (a guard reading a context)

@inline(never)
func switchLogin(_ events: [LoginEvent], _ credentials: Credentials) -> UInt64 {
    var state = LoginState.idle
    var checksum: UInt64 = 0
    for event in events {
        switch state {
        case .idle:
            switch event {
            case .edit: break
            case .logIn:
                if !credentials.id.isEmpty && !credentials.password.isEmpty { state = .loggingIn; checksum &+= 3 } else { checksum &+= 2 }
            default: checksum &+= 2
            }
        case .loggingIn:
            switch event {
            case .logIn: break
            case .succeed: state = .atHome; checksum &+= 2
            case let .fail(kind): state = .failed(kind); checksum &+= 3
            default: checksum &+= 6
            }
        case .failed:
            switch event {
            case .closeAlert: state = .idle
            default: checksum &+= 1
            }
        case .atHome:
            switch event {
            case .logIn: break
            case .returnFromHome: state = .idle; checksum &+= 1
            default: checksum &+= 2
            }
        }
    }
    return checksum
}

@inline(never)
func fsmLogin(_ machine: Machine<LoginState, LoginEvent, LoginEffect, Credentials>, _ events: [LoginEvent], _ credentials: Credentials) -> UInt64 {
    var machine = machine
    var checksum: UInt64 = 0
    for event in events {
        do {
            checksum &+= UInt64(try machine.send(event, context: credentials).effects.count)
        } catch {
            checksum &+= UInt64(error.permitted.count)
        }
    }
    return checksum
}

/// logIn (guarded, the guard holds), a failure, closeAlert; logIn, succeed, returnFromHome.
func loginEvents(count: Int) -> [LoginEvent] {
    let cycle: [LoginEvent] = [.edit, .logIn, .fail(.network), .closeAlert, .logIn, .succeed, .returnFromHome]
    return (0..<count).map { cycle[$0 % cycle.count] }
}

// MARK: - the synthetic 50 x 50 machine

@inline(never)
func switchSynthetic(_ events: [E50]) -> UInt64 {
    var state = S50.s0
    var checksum: UInt64 = 0
    for event in events {
        state = synthetic50Switch(state, event)
        checksum &+= UInt64(state.rawValue)
    }
    return checksum
}

@inline(never)
func fsmSynthetic(_ machine: Machine<S50, E50, Never, Void>, _ events: [E50]) -> UInt64 {
    var machine = machine
    var checksum: UInt64 = 0
    for event in events {
        do {
            checksum &+= UInt64(try machine.send(event).target.rawValue)
        } catch {
            checksum &+= 1_000
        }
    }
    return checksum
}

func syntheticEvents(count: Int, random: Bool) -> [E50] {
    var generator = SplitMix(state: 99)
    return (0..<count).map { index in
        E50(rawValue: random ? Int(generator.next() % 50) : index % 50) ?? .e0
    }
}

// MARK: - the cost of a throw, for comparison

/// A two-byte error, the smallest there is.
struct TinyError: Error {
    let code: UInt8
}

@inline(never)
func throwing(_ value: UInt8) throws(TinyError) -> UInt8 {
    if value & 1 == 0 { throw TinyError(code: value) }
    return value
}

@inline(never)
func returning(_ value: UInt8) -> Result<UInt8, TinyError> {
    value & 1 == 0 ? .failure(TinyError(code: value)) : .success(value)
}

@inline(never)
func bareThrows(_ values: [UInt8]) -> UInt64 {
    var checksum: UInt64 = 0
    for value in values {
        do { checksum &+= UInt64(try throwing(value)) } catch { checksum &+= UInt64(error.code) }
    }
    return checksum
}

@inline(never)
func bareResults(_ values: [UInt8]) -> UInt64 {
    var checksum: UInt64 = 0
    for value in values {
        switch returning(value) {
        case let .success(value): checksum &+= UInt64(value)
        case let .failure(error): checksum &+= UInt64(error.code)
        }
    }
    return checksum
}
