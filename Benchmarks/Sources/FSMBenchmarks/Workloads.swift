import BenchmarkMachines
import FSM

// Each workload runs the same pre-generated events through a hand-written nested switch and
// through the library's public API, as a user's module calls it, and returns a checksum of
// what happened (printed, so that nothing is optimised away). Every loop is the one a user
// writes: after each event it counts the effects and reads the state as view code does
// (`screen(_:)`), whether the state lives in a local variable (the switches) or in the
// machine (`machine.state`).

/// What a view reads of the state after each event: which screen it shows.
@inline(__always)
func screen(_ state: LoadState) -> UInt64 {
    switch state {
    case .waiting: 1
    case .loading: 2
    case let .failure(kind): kind == .authentication ? 3 : 4
    case .dismissed: 5
    }
}

/// The hand-written loading machine, in this (the caller's) module.
@inline(__always)
func loadingSwitch(_ state: LoadState, _ event: LoadEvent) -> (LoadState, Int)? {
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
    let state: LoadState
    let event: LoadEvent
    let permitted: Int
}

@inline(never)
func switchLoading(_ events: [LoadEvent]) -> UInt64 {
    var state = LoadState.waiting
    var checksum: UInt64 = 0
    for event in events {
        if let (next, effects) = loadingSwitch(state, event) {
            state = next
            checksum &+= UInt64(effects)
        } else {
            checksum &+= UInt64(SwitchRejection(state: state, event: event, permitted: 1).permitted)
        }
        checksum &+= screen(state)
    }
    return checksum
}

@inline(never)
func opaqueSwitchLoading(_ events: [LoadEvent]) -> UInt64 {
    var state = LoadState.waiting
    var checksum: UInt64 = 0
    for event in events {
        if let (next, effects) = loadingSwitchOpaque(state, event) {
            state = next
            checksum &+= UInt64(effects)
        } else {
            checksum &+= 1
        }
        checksum &+= screen(state)
    }
    return checksum
}

/// `send(_:)`, the throwing way.
@inline(never)
func sendLoading(_ machine: Machine<LoadState, LoadEvent, LoadEffect, Void>, _ events: [LoadEvent]) -> UInt64 {
    var machine = machine
    var checksum: UInt64 = 0
    for event in events {
        do {
            checksum &+= UInt64(try machine.send(event).effects.count)
        } catch {
            checksum &+= UInt64(error.permitted.count)
        }
        checksum &+= screen(machine.state)
    }
    return checksum
}

/// `send(_:)` under the `.ignore` policy: a rejection comes back as a transition of kind
/// `.rejected`, with no error built.
@inline(never)
func ignoringLoading(_ machine: Machine<LoadState, LoadEvent, LoadEffect, Void>, _ events: [LoadEvent]) -> UInt64 {
    var machine = machine
    machine.policy = .ignore
    var checksum: UInt64 = 0
    for event in events {
        do {
            let transition = try machine.send(event)
            checksum &+= transition.kind == .rejected ? 1 : UInt64(transition.effects.count)
        } catch {
            checksum &+= 1_000_000
        }
        checksum &+= screen(machine.state)
    }
    return checksum
}

/// Legal events only: a cycle through every kind of transition (periodic), or a random walk
/// over the events each state takes (random). Never into `dismissed`.
func legalLoadingEvents(count: Int, random: Bool) -> [LoadEvent] {
    var generator = SplitMix(state: 42)
    var state = LoadState.waiting
    let cycle: [LoadEvent] = [
        .startLoading, .finishLoading, .startLoading, .failToLoad(.network), .clearError, .startLoading,
        .failToLoad(.server), .startLoading, .clearError, .startLoading, .failToLoad(.system), .clearError,
    ]
    var events: [LoadEvent] = []
    events.reserveCapacity(count)
    for index in 0..<count {
        let event: LoadEvent
        if random {
            let options: [LoadEvent]
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
        if let (next, _) = loadingSwitch(state, event) { state = next }
        events.append(event)
    }
    return events
}

/// Illegal events only, all sent in `waiting` (which takes only `startLoading`), in random order.
func illegalLoadingEvents(count: Int) -> [LoadEvent] {
    var generator = SplitMix(state: 7)
    let options: [LoadEvent] = [.finishLoading, .failToLoad(.authentication), .failToLoad(.network), .failToLoad(.server), .failToLoad(.system), .clearError]
    return (0..<count).map { _ in options[Int(generator.next() % UInt64(options.count))] }
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
func sendSynthetic(_ machine: Machine<S50, E50, Never, Void>, _ events: [E50]) -> UInt64 {
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

// MARK: - events with data

@inline(never)
func switchSearch(_ events: [SearchEvent]) -> UInt64 {
    var state = SearchState.idle
    var checksum: UInt64 = 0
    for event in events {
        if let (next, effects) = searchSwitch(state, event) {
            state = next
            checksum &+= UInt64(effects)
        } else {
            checksum &+= 1
        }
    }
    return checksum
}

@inline(never)
func sendSearch(_ machine: Machine<SearchState, SearchEvent, SearchEffect, Void>, _ events: [SearchEvent]) -> UInt64 {
    var machine = machine
    var checksum: UInt64 = 0
    for event in events {
        do {
            checksum &+= UInt64(try machine.send(event).effects.count)
        } catch {
            checksum &+= 1
        }
    }
    return checksum
}

/// A random walk over events with payloads: typed text (empty or not), result counts
/// (zero or not), failures of every kind.
func searchEvents(count: Int) -> [SearchEvent] {
    var generator = SplitMix(state: 11)
    let words = ["", "swift", "state machine", "fsm", "", "a longer query than fits inline"]
    var state = SearchState.idle
    var events: [SearchEvent] = []
    events.reserveCapacity(count)
    for _ in 0..<count {
        let roll = Int(generator.next() % 100)
        let event: SearchEvent
        switch state {
        case .idle, .results: event = .typed(words[roll % words.count])
        case .typing: event = roll < 40 ? .typed(words[roll % words.count]) : roll < 90 ? .submit : .clear
        case .searching: event = roll < 70 ? .loaded(count: roll % 3) : .failed(LoadFailure.allCases[roll % 4])
        case .failed: event = roll < 50 ? .submit : .clear
        }
        if let (next, _) = searchSwitch(state, event) { state = next }
        events.append(event)
    }
    return events
}
