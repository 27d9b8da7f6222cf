import FSM
import Testing

private typealias Definition = MachineDefinition<Door, DoorEvent, DoorEffect, Keyring>

private let alwaysOpen = Guard<Keyring>("always") { _ in true }

@Suite("Validation: each diagnostic on a deliberately broken definition")
struct ValidationTests {
    @Test("the shipped example is clean")
    func clean() {
        #expect(doorDefinition.validate() == [])
    }

    @Test("no initial state")
    func missingInitial() {
        let definition = Definition(name: "x", initial: nil, events: [.open], declarations: [_StateDeclaration(state: .closed)])
        #expect(definition.validate().contains(Diagnostic(.error, .missingInitialState, "the machine has no initial state")))
    }

    @Test("an undeclared initial state")
    func undeclaredInitial() {
        let definition = Definition(name: "x", initial: .locked, events: [.open]) {
            In(.closed) { On(.open, to: .closed) }
        }
        #expect(definition.validate().first == Diagnostic(.error, .undeclaredState, states: ["locked"], "the initial state 'locked' is not declared"))
    }

    @Test("a transition to an undeclared state")
    func undeclaredTarget() {
        let definition = Definition(name: "x", initial: .closed, events: [.open]) {
            In(.closed) { On(.open, to: .opened) }
        }
        #expect(definition.validate() == [
            Diagnostic(.error, .undeclaredState, states: ["closed", "opened"], events: ["open"], "the transition 'closed' --open--> 'opened' goes to the undeclared state 'opened'"),
            Diagnostic(.warning, .deadEnd, states: ["closed"], "state 'closed' is not final and has no transition to another state"),
        ])
    }

    @Test("a line naming an undeclared event")
    func undeclaredEvent() {
        let definition = Definition(name: "x", initial: .closed, events: [.open]) {
            In(.closed) { On(.open, to: .opened); Ignore(.knock) }
            In(.opened) { On(.open, to: .closed) }
        }
        #expect(definition.validate() == [
            Diagnostic(.error, .undeclaredEvent, states: ["closed"], events: ["knock"], "state 'closed' names the undeclared event 'knock'"),
        ])
    }

    @Test("a state declared twice, an event listed twice")
    func duplicates() {
        let definition = Definition(name: "x", initial: .closed, events: [.open, .open]) {
            In(.closed) { On(.open, to: .opened) }
            In(.opened) { On(.open, to: .closed) }
            In(.closed) {}
        }
        let found = definition.validate()
        #expect(found.contains(Diagnostic(.error, .duplicateState, states: ["closed"], "state 'closed' is declared more than once")))
        #expect(found.contains(Diagnostic(.warning, .duplicateEvent, events: ["open"], "event 'open' is listed more than once")))
    }

    @Test("two different states with the same name")
    func duplicateNames() {
        enum Twin: Hashable, Sendable, CustomStringConvertible {
            case a, b
            var description: String { "twin" }
        }
        let definition = MachineDefinition<Twin, DoorEvent, Never, Void>(name: "x", initial: .a, events: [.open]) {
            In(.a) { On(.open, to: .b) }
            In(.b) { On(.open, to: .a) }
        }
        #expect(definition.validate() == [Diagnostic(.error, .duplicateName, states: ["twin", "twin"], "2 different states are all named 'twin'")])
    }

    @Test("two unguarded transitions, or two with the same guard, are nondeterministic")
    func nondeterminism() {
        let definition = Definition(name: "x", initial: .closed, events: [.open, .close]) {
            In(.closed) {
                On(.open, to: .opened)
                On(.open, to: .locked)
                On(.close, to: .opened, guard: hasKey)
                On(.close, to: .locked, guard: hasKey)
            }
            In(.opened) { On(.close, to: .closed) }
            In(.locked) { On(.close, to: .closed) }
        }
        #expect(definition.validate() == [
            Diagnostic(.error, .nondeterministicTransitions, states: ["closed"], events: ["open"], "state 'closed' has more than one unguarded transition on 'open'"),
            Diagnostic(.error, .nondeterministicTransitions, states: ["closed"], events: ["close"], "state 'closed' has more than one transition on 'close' guarded by 'has key'"),
        ])
    }

    @Test("distinct guards, with an unguarded fallback last, are fine; a guard after the fallback is shadowed")
    func guardsAndFallback() {
        let fine = Definition(name: "x", initial: .closed, events: [.open]) {
            In(.closed) {
                On(.open, to: .opened, guard: hasKey)
                On(.open, to: .locked, guard: alwaysOpen)
                On(.open, to: .opened)
            }
            In(.opened) { On(.open, to: .closed) }
            In(.locked) { On(.open, to: .closed) }
        }
        #expect(fine.validate() == [])
        let shadowed = Definition(name: "x", initial: .closed, events: [.open]) {
            In(.closed) {
                On(.open, to: .opened)
                On(.open, to: .locked, guard: hasKey)
            }
            In(.opened) { On(.open, to: .closed) }
            In(.locked) { On(.open, to: .closed) }
        }
        #expect(shadowed.validate() == [
            Diagnostic(.error, .shadowedTransition, states: ["closed"], events: ["open"],
                       "the transition on 'open' in state 'closed' guarded by 'has key' is never taken: an unguarded transition comes before it"),
        ])
    }

    @Test("an event both handled and ignored, or ignored and illegal")
    func conflicts() {
        let definition = Definition(name: "x", initial: .closed, events: [.open, .knock]) {
            In(.closed) {
                On(.open, to: .opened)
                Ignore(.open)
                Ignore(.knock)
                Illegal(.knock)
            }
            In(.opened) { On(.open, to: .closed) }
        }
        #expect(definition.validate() == [
            Diagnostic(.error, .conflictingDeclarations, states: ["closed"], events: ["open"], "state 'closed' has an unguarded transition on 'open' and also declares it ignored: only one line can be the default (the last, unguarded one)"),
            Diagnostic(.error, .conflictingDeclarations, states: ["closed"], events: ["knock"], "state 'closed' declares 'knock' both ignored and illegal"),
        ])
    }

    @Test("unreachable states, dead ends and unused events are warnings")
    func warnings() {
        let definition = Definition(name: "x", initial: .closed, events: [.open, .close, .kick]) {
            In(.closed) { On(.open, to: .opened) }
            In(.opened) { Internal(.close) }
            In(.locked) { On(.open, to: .closed) }
        }
        #expect(definition.validate() == [
            Diagnostic(.warning, .unreachableState, states: ["locked"], "state 'locked' cannot be reached from the initial state 'closed'"),
            Diagnostic(.warning, .deadEnd, states: ["opened"], "state 'opened' is not final and has no transition to another state"),
            Diagnostic(.warning, .unusedEvent, events: ["kick"], "event 'kick' is handled or ignored by no state"),
        ])
    }

    @Test("a final state with transitions is an error")
    func finalWithTransitions() {
        let definition = Definition(name: "x", initial: .closed, events: [.open]) {
            In(.closed) { On(.open, to: .broken) }
            Final(.broken) { On(.open, to: .closed) }
        }
        #expect(definition.validate() == [
            Diagnostic(.error, .finalStateWithTransitions, states: ["broken"], events: ["open"], "final state 'broken' has transitions on 'open'"),
        ])
    }

    @Test("strict mode requires every pair of a non-final state to be handled, ignored or declared illegal")
    func strict() {
        #expect(doorDefinition.validate(.strict) == [
            Diagnostic(.error, .unhandledPair, states: ["opened"], events: ["lock", "unlock", "knock", "kick"],
                       "state 'opened' neither handles, ignores nor declares illegal 'lock', 'unlock', 'knock', 'kick'"),
            Diagnostic(.error, .unhandledPair, states: ["closed"], events: ["close", "unlock"],
                       "state 'closed' neither handles, ignores nor declares illegal 'close', 'unlock'"),
            Diagnostic(.error, .unhandledPair, states: ["locked"], events: ["open", "close", "lock"],
                       "state 'locked' neither handles, ignores nor declares illegal 'open', 'close', 'lock'"),
        ])
        let total = Definition(name: "x", initial: .closed, events: [.open, .close]) {
            In(.closed) { On(.open, to: .opened); Illegal(.close) }
            In(.opened) { On(.close, to: .closed); Ignore(.open) }
        }
        #expect(total.validate(.strict) == [])
    }

    @Test("errors come before warnings, and diagnostics read as one line")
    func ordering() {
        let definition = Definition(name: "x", initial: .closed, events: [.open, .kick]) {
            In(.closed) { On(.open, to: .opened) }
        }
        let found = definition.validate()
        #expect(found.map(\.severity) == [.error, .warning, .warning])
        #expect(found.first?.description == "error: the transition 'closed' --open--> 'opened' goes to the undeclared state 'opened' [undeclaredState]")
    }
}
