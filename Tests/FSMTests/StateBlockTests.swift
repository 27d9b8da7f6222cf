import FSM
import Testing

/// The counter of `MachineBuilderTests`, declared in the argument form: state blocks as
/// arguments, a loop wrapped in `States`, a helper's declarations through `States(_:)`.
func counterAsArguments(length: Int, resettable: Bool, loud: Bool) -> MachineDefinition<Step, Key, String, Void> {
    MachineDefinition(name: "counter", initial: .entered(0),
        States {
            for count in 0..<length {
                In(.entered(count)) {
                    if count + 1 < length {
                        On(.type, to: .entered(count + 1))
                    } else {
                        On(.type, to: .complete, emit: "submit")
                    }
                    switch count {
                    case 0: Ignore(.delete)
                    default: On(.delete, to: .entered(count - 1))
                    }
                    if resettable {
                        On(.reset, to: .entered(0))
                    }
                    if loud {
                        OnEntry("beep")
                    }
                }
            }
        },
        Final(.complete) { IgnoreOtherEvents() }
    )
}

@Suite("_StateBlock: the argument form of a definition")
struct StateBlockTests {
    @Test("says exactly what the trailing-closure form says: same states, events and every cell", arguments: [1, 2, 5])
    func sameAsTheClosureForm(length: Int) {
        for resettable in [false, true] {
            for loud in [false, true] {
                let closure = counter(length: length, resettable: resettable, loud: loud)
                let arguments = counterAsArguments(length: length, resettable: resettable, loud: loud)
                #expect(arguments.states == closure.states)
                #expect(arguments.finalStates == closure.finalStates)
                #expect(arguments.events == closure.events)
                #expect(arguments.tableText(.json) == closure.tableText(.json))
                #expect(arguments.dot() == closure.dot())
            }
        }
    }

    @Test("blocks of every kind, in order: In, Final, a hand-made declaration, States of a helper's list; explicit events")
    func everyKindOfBlock() throws {
        let helper = [_StateDeclaration<Step, Key, String, Void>(state: .entered(2), transitions: [
            TransitionDeclaration(source: .entered(2), event: .type, target: .complete),
        ])]
        let definition = MachineDefinition<Step, Key, String, Void>(name: "blocks", initial: .entered(0), events: [.type, .delete],
            In(.entered(0)) { On(.type, to: .entered(1)) },
            _StateDeclaration(state: .entered(1), transitions: [TransitionDeclaration(source: .entered(1), event: .type, target: .entered(2))]),
            States(helper),
            Final(.complete)
        )
        #expect(definition.states == [.entered(0), .entered(1), .entered(2), .complete])
        #expect(definition.events == [.type, .delete])
        var machine = try Machine(definition)
        for _ in 0..<3 { try machine.send(.type) }
        #expect(machine.state == .complete)
        #expect(machine.isFinished)
    }
}
