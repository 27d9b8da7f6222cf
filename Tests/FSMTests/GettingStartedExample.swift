// The example of README.md and of the DocC article "Getting Started", compiled here.
// DocumentationExampleTests checks that both documents show exactly the lines between the
// markers, so the documented example cannot stop compiling or drift.

// example:definition:start
import FSM

enum Turnstile: Hashable, Sendable { case locked, unlocked }
enum Input: MachineEvent, Hashable, Sendable, CaseIterable { case coin, push }
enum Output: Hashable, Sendable { case unlock, lock, refund }

let turnstile = MachineDefinition<Turnstile, Input, Output, Void>(name: "turnstile", initial: .locked) {
    In(.locked) {
        On(.coin, to: .unlocked, emit: .unlock)
        Illegal(.push)
    }
    In(.unlocked) {
        On(.push, to: .locked, emit: .lock)
        Internal(.coin, emit: .refund)
    }
}
// example:definition:end

// example:arguments:start
let bigTurnstile = MachineDefinition<Turnstile, Input, Output, Void>(name: "turnstile", initial: .locked,
    In(.locked) {
        On(.coin, to: .unlocked, emit: .unlock)
        Illegal(.push)
    },
    In(.unlocked) {
        On(.push, to: .locked, emit: .lock)
        Internal(.coin, emit: .refund)
    }
)
// example:arguments:end

func runTurnstileExample() throws -> [String] {
    var printed: [String] = []
    func print(_ value: Any) { printed.append("\(value)") }
    // example:run:start
    var gate = try Machine(turnstile)
    print(try gate.send(.coin))       // locked --coin--> unlocked / unlock
    print(try gate.send(.coin))       // unlocked --coin--> unlocked (internal) / refund
    print(try gate.send(.push))       // unlocked --push--> locked / lock
    do {
        try gate.send(.push)
    } catch {
        print(error)                  // illegal transition: 'push' is not permitted in state 'locked': declared illegal (permitted: coin)
    }
    print(gate.state)                 // locked
    // example:run:end
    return printed
}

func runDrawExample() -> [String] {
    var printed: [String] = []
    func print(_ value: Any) { printed.append("\(value)") }
    // example:draw:start
    let tall = turnstile.drawn(.topToBottom)
    print(tall.dot().contains("rankdir=TB;"))                                   // true
    print(turnstile.mermaid(DiagramOptions(showsEffects: false)).contains("coin / unlock"))  // false
    // example:draw:end
    return printed
}
