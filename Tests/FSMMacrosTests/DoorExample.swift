// The events-with-data example of README.md, of the DocC articles "Getting Started" and
// "Events with data", compiled here. DoorExampleTests checks that the documents show exactly
// the lines between the markers and that the comments say what the code prints.

// example:door:start
import FSMMacros

@Finite enum Door { case opened, closed, locked }
@MachineEvent enum DoorEvent { case open, close, lock, unlock(code: String) }

let codeMatches = Guard<(String, DoorEvent)>("code matches") { secret, event in
    if case let .unlock(code) = event { code == secret } else { false }
}

let door = MachineDefinition<Door, DoorEvent, Never, String>(name: "door", initial: .closed) {
    In(.opened) { On(.close, to: .closed) }
    In(.closed) { On(.open, to: .opened); On(.lock, to: .locked) }
    In(.locked) { On(.unlock, to: .closed, guard: codeMatches) }
}
// example:door:end

// example:expanded:start
@Finite enum Jam { case motor, battery }
@MachineEvent enum LockEvent {
    case unlock(code: String)    // one column, `unlock`, whatever the code
    @Expanded case jammed(Jam)   // one column per value: `jammed(motor)`, `jammed(battery)`
}
// example:expanded:end

// example:badge:start
@Finite enum Reader { case idle, reading }
@MachineEvent enum BadgeEvent: Codable {
    case badge(id: UInt16, name: String)
    case pin(Int)
    case reset
}

let knownBadge = Guard<BadgeEvent>("known badge") { if case let .badge(id, _) = $0 { id < 1000 } else { false } }
let pinOK = Guard<BadgeEvent>("pin ok") { if case let .pin(pin) = $0 { pin == 4711 } else { false } }

let reader = MachineDefinition<Reader, BadgeEvent, String, Void>(name: "reader", initial: .idle) {
    In(.idle) { On(.badge, to: .reading, guard: knownBadge, emit: "greet"); Ignore(.badge, .pin, .reset) }
    In(.reading) { Internal(.pin, guard: pinOK, emit: "open"); Ignore(.pin); On(.reset, to: .idle); Ignore(.badge) }
}
// example:badge:end

func runDoorExample() throws -> [String] {
    var printed: [String] = []
    func print(_ value: Any) { printed.append("\(value)") }
    // example:door-run:start
    var frontDoor = try Machine(door)
    try frontDoor.send(.lock, context: "4711")
    if case let .failure(error) = frontDoor.check(.unlock(code: "0000"), context: "4711") { print(error) }
    // illegal transition: 'unlock' is not permitted in state 'locked': guard 'code matches' not met (permitted: none)
    print(try frontDoor.send(.unlock(code: "4711"), context: "4711"))  // locked --unlock--> closed
    // example:door-run:end
    return printed
}
