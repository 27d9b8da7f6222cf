import FSM

/// A shop's back door with a keypad.
public enum Door {
    /// Where the door is.
    public enum State: String, Hashable, Sendable, CustomStringConvertible {
        case locked, closed, opened
        public var description: String { rawValue }
    }

    /// What people do to it.
    public enum Event: String, MachineEvent, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        case open, close, lock, unlock
        public var description: String { rawValue }
    }

    /// What the door's hardware does.
    public enum Effect: String, Hashable, Sendable, CustomStringConvertible {
        case chime, bolt, unbolt
        public var description: String { rawValue }
    }

    /// What the guard reads: the code typed on the keypad and the shop's code.
    public struct Keypad: Sendable {
        /// The code typed.
        public var typed: String
        /// The code that opens the lock.
        public var secret: String

        /// Creates a keypad reading.
        public init(typed: String, secret: String) {
            self.typed = typed
            self.secret = secret
        }
    }

    /// The code on the keypad matches.
    public static let codeMatches = Guard<Keypad>("code matches") { $0.typed == $0.secret }

    /// The machine.
    public static let definition = MachineDefinition<State, Event, Effect, Keypad>(
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
