import FSM

// A turnstile without effects: what a runtime does when a step has nothing to perform (the
// synchronous path, which allocates nothing).

/// The turnstile's states.
public enum TurnstileState: Hashable, Sendable {
    case locked, unlocked
}

/// The turnstile's events.
public enum TurnstileEvent: MachineEvent, Hashable, Sendable, CaseIterable {
    case coin, push
}

/// The machine: a coin unlocks, a push locks; a push when locked and a coin when unlocked
/// change nothing.
public let turnstile = MachineDefinition<TurnstileState, TurnstileEvent, Never, Void>(name: "turnstile", initial: .locked) {
    In(.locked) { On(.coin, to: .unlocked); Ignore(.push) }
    In(.unlocked) { On(.push, to: .locked); Ignore(.coin) }
}
