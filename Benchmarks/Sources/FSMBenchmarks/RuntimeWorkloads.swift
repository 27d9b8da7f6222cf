import BenchmarkMachines
import FSM
import FSMRuntime

// The runtime's overhead over a bare machine, in the loop a user writes: send, then read the
// state as view code does. The turnstile emits no effects and has no timers: every step is
// the runtime's synchronous path.

/// A random walk of coins and pushes.
func turnstileEvents(count: Int) -> [TurnstileEvent] {
    var generator = SplitMix(state: 5)
    return (0..<count).map { _ in generator.next() & 1 == 0 ? .coin : .push }
}

/// What a view reads of the turnstile's state.
@inline(__always)
func gate(_ state: TurnstileState) -> UInt64 {
    state == .locked ? 1 : 2
}

/// A bare machine: `send`, then the state.
@inline(never)
func machineTurnstile(_ machine: Machine<TurnstileState, TurnstileEvent, Never, Void>, _ events: [TurnstileEvent]) -> UInt64 {
    var machine = machine
    var checksum: UInt64 = 0
    for event in events {
        _ = try? machine.send(event)
        checksum &+= gate(machine.state)
    }
    return checksum
}

/// The same through a `MachineRuntime`: `send`, then its observable state.
@MainActor @inline(never)
func runtimeTurnstile(_ runtime: MachineRuntime<TurnstileState, TurnstileEvent, Never, Void>, _ events: [TurnstileEvent]) -> UInt64 {
    var checksum: UInt64 = 0
    for event in events {
        runtime.send(event)
        checksum &+= gate(runtime.state)
    }
    return checksum
}
