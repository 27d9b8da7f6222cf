import FSM
import FSMTesting
import Testing

enum Step: Hashable, Sendable, CustomStringConvertible {
    case entered(Int), complete
    var description: String {
        switch self {
        case let .entered(count): "entered(\(count))"
        case .complete: "complete"
        }
    }
}

enum Key: String, MachineEvent, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case type, delete, reset
    var description: String { rawValue }
}

/// A definition whose states come from a `for` loop, with `if`, `if`/`else` and `switch`
/// inside state blocks, and a helper returning several declarations.
func counter(length: Int, resettable: Bool, loud: Bool) -> MachineDefinition<Step, Key, String, Void> {
    MachineDefinition(name: "counter", initial: .entered(0)) {
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
        Final(.complete) { IgnoreOtherEvents() }
    }
}

@Suite("MachineBuilder: every builder form")
struct MachineBuilderTests {
    @Test("a for loop declares states in order")
    func forLoop() {
        let definition = counter(length: 3, resettable: false, loud: false)
        #expect(definition.states == [.entered(0), .entered(1), .entered(2), .complete])
        #expect(definition.finalStates == [.complete])
        #expect(definition.initial == .entered(0))
        #expect(definition.events == [.type, .delete, .reset])
    }

    @Test("if/else picks the branch", arguments: [1, 4, 6])
    func ifElse(length: Int) {
        let definition = counter(length: length, resettable: false, loud: false)
        let targets = definition.transitions.filter { $0.event == .type }.map(\.target)
        #expect(targets == (1..<length).map { Step.entered($0) } + [.complete])
        #expect(definition.transitions.filter { $0.event == .type }.map(\.effects) == Array(repeating: [], count: length - 1) + [["submit"]])
    }

    @Test("if without else adds lines only when true", arguments: [true, false])
    func optional(resettable: Bool) {
        let definition = counter(length: 3, resettable: resettable, loud: false)
        #expect(definition.transitions.contains { $0.event == .reset } == resettable)
    }

    @Test("switch and nested blocks keep declaration order inside a state")
    func switchAndOrder() throws {
        let definition = counter(length: 2, resettable: true, loud: true)
        let second = try #require(definition.declaration(of: .entered(1)))
        #expect(second.transitions.map(\.event) == [.type, .delete, .reset])
        #expect(second.entryEffects == ["beep"])
        let first = try #require(definition.declaration(of: .entered(0)))
        #expect(first.ignored == [.delete])
        #expect(definition.declaration(of: .complete)?.ignoresOtherEvents == true)
    }

    @Test("the built machine runs: typing the last digit completes and submits")
    func runs() throws {
        var machine = try Machine(counter(length: 2, resettable: false, loud: true))
        #expect(try machine.send(.type).effects == ["beep"])
        #expect(try machine.send(.type).effects == ["submit"])
        #expect(machine.isFinished)
        #expect(try machine.send(.delete).kind == .ignored)
    }

    @Test("declarations made by hand mix with blocks")
    func handMadeDeclarations() {
        let extra = [_StateDeclaration<Step, Key, String, Void>(state: .complete, isFinal: true)]
        let definition = MachineDefinition<Step, Key, String, Void>(name: "mixed", initial: .entered(0)) {
            In(.entered(0)) { On(.type, to: .complete) }
            extra
        }
        #expect(definition.states == [.entered(0), .complete])
        #expect(definition.validate(.standard).map(\.kind) == [.unusedEvent, .unusedEvent])
    }
}

@Suite("IllegalOtherEvents")
struct IllegalOtherEventsTests {
    static let pad = MachineDefinition<Step, Key, String, Void>(name: "pad", initial: .entered(0)) {
        In(.entered(0)) {
            On(.type, to: .complete)
            Ignore(.delete)
            IllegalOtherEvents()
        }
        Final(.complete) { IgnoreOtherEvents() }
    }

    @Test("declares the rest of the events illegal: strict validation is satisfied, handled and ignored cells stay")
    func declaresTheRest() throws {
        #expect(Self.pad.validate(.strict).map(\.kind) == [.unusedEvent], "only 'reset', which no state takes")
        #expect(Self.pad.tableDifferences([
            ExpectedRow(.entered(0), .type, .to(.complete)),
            ExpectedRow(.entered(0), .delete, .ignored),
            ExpectedRow(.entered(0), .reset, .illegal),
        ] + Key.allCases.map { ExpectedRow(.complete, $0, .ignored) }).isEmpty)
        var machine = try Machine(Self.pad)
        #expect(throws: TransitionError<Step, Key>.self) { try machine.send(.reset) }
    }

    @Test("without it, the same state fails strict validation for the undeclared pair")
    func withoutIt() {
        let loose = MachineDefinition<Step, Key, String, Void>(name: "pad", initial: .entered(0)) {
            In(.entered(0)) {
                On(.type, to: .complete)
                Ignore(.delete)
            }
            Final(.complete) { IgnoreOtherEvents() }
        }
        #expect(loose.validate(.strict).map(\.kind) == [.unhandledPair, .unusedEvent])
    }
}

@Suite("IgnoreOtherEvents and IllegalOtherEvents together")
struct OtherEventsConflictTests {
    @Test("a state that declares the other events both ignored and illegal is an error, whatever the order")
    func conflict() {
        for ignoreFirst in [true, false] {
            let pad = MachineDefinition<Step, Key, String, Void>(name: "pad", initial: .entered(0)) {
                In(.entered(0)) {
                    On(.type, to: .complete)
                    if ignoreFirst {
                        IgnoreOtherEvents()
                        IllegalOtherEvents()
                    } else {
                        IllegalOtherEvents()
                        IgnoreOtherEvents()
                    }
                }
                Final(.complete) { IgnoreOtherEvents() }
            }
            let errors = pad.validate(.standard).filter { $0.severity == .error }
            #expect(errors.map(\.kind) == [.conflictingDeclarations])
            #expect(errors.first?.message == "state 'entered(0)' declares the other events both ignored (IgnoreOtherEvents) and illegal (IllegalOtherEvents)")
            #expect(throws: DefinitionError.self) { try Machine(pad) }
        }
    }
}
