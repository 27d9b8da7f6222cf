// example:machine:start
import FSMMacros

/// A shop's back door with a keypad.
public enum Door {
    /// Where the door is.
    @Finite public enum State { case locked, closed, opened }

    /// What people do to it: `unlock` carries the code typed on the keypad.
    @MachineEvent public enum Event { case open, close, lock, unlock(code: String) }

    /// What the door's hardware does.
    @Finite public enum Effect { case chime, bolt, unbolt }

    /// The code typed matches the shop's code (the context).
    public static let codeMatches = Guard<(String, Event)>("code matches") { secret, event in
        if case let .unlock(code) = event { code == secret } else { false }
    }

    /// The machine; its context is the shop's code.
    public static let definition = MachineDefinition<State, Event, Effect, String>(
        name: "door",
        summary: "A back door with a keypad: the right code unlocks it, opening it chimes.",
        initial: .locked
    ) {
        In(.locked) {
            On(.unlock, to: .closed, guard: codeMatches, emit: .unbolt)
            Ignore(.lock)
            Illegal(.open)
            Illegal(.close)
        }
        In(.closed) {
            On(.open, to: .opened, emit: .chime)
            On(.lock, to: .locked, emit: .bolt)
            Ignore(.close)
            Ignore(.unlock)
        }
        In(.opened) {
            On(.close, to: .closed)
            Ignore(.open)
            Illegal(.lock)
            Illegal(.unlock)
        }
    }
}
// example:machine:end
