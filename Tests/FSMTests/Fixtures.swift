import FSM

/// A door: the smallest machine with a guard, effects, an internal transition, entry and
/// exit effects, an ignored event and a final state.
enum Door: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case opened, closed, locked, broken
    var description: String { rawValue }
}

enum DoorEvent: String, MachineEvent, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case open, close, lock, unlock, knock, kick
    var description: String { rawValue }
}

enum DoorEffect: String, Hashable, Sendable, CustomStringConvertible {
    case creak, click, bolt, unbolt, echo, lightOn, lightOff
    var description: String { rawValue }
}

struct Keyring: Sendable {
    var hasKey: Bool
}

let hasKey = Guard<Keyring>("has key") { $0.hasKey }

let doorDefinition = MachineDefinition<Door, DoorEvent, DoorEffect, Keyring>(name: "door", initial: .closed) {
    In(.opened) {
        OnEntry(.lightOn)
        OnExit(.lightOff)
        On(.close, to: .closed, emit: .creak, .click)
        Ignore(.open)
    }
    In(.closed) {
        On(.open, to: .opened, emit: .creak)
        On(.lock, to: .locked, guard: hasKey, emit: .bolt)
        Internal(.knock, emit: .echo)
        On(.kick, to: .broken)
    }
    In(.locked) {
        On(.unlock, to: .closed, guard: hasKey, emit: .unbolt)
        Internal(.knock, emit: .echo)
        On(.kick, to: .broken)
    }
    Final(.broken) {
        Ignore(.knock)
    }
}

let withKey = Keyring(hasKey: true)
let withoutKey = Keyring(hasKey: false)
