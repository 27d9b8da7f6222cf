import FSM
import PropertyBased
import Testing

/// The transition table as an oracle: what a machine must do for one event, derived from
/// the table and the declarations alone (guards looked up by name), not from the runtime.
private enum Expected {
    case success((Door, [DoorEffect], TransitionKind))
    case failure(TransitionError<Door, DoorEvent>.Reason)
}

private func oracle(_ state: Door, _ event: DoorEvent, _ context: Keyring) -> Expected {
    let table = doorDefinition.table
    guard let cell = table.cell(state, event) else { return .failure(.noTransition) }
    let guards: [String: Bool] = ["has key": context.hasKey]
    switch cell {
    case .ignored:
        return .success((state, [], .ignored))
    case let .illegal(declared):
        return .failure(table.finalStates.contains(state) ? .finalState : declared ? .declaredIllegal(inheritedFrom: nil) : .noTransition)
    case let .transitions(entries), let .guarded(entries, _):
        guard let entry = entries.first(where: { $0.guardName.map { guards[$0] ?? false } ?? true }) else {
            if case .guarded(_, .ignored) = cell { return .success((state, [], .ignored)) }
            return .failure(.guardNotMet(entries.compactMap(\.guardName)))
        }
        if entry.isInternal { return .success((state, entry.effects, .internal)) }
        let exit = doorDefinition.declaration(of: state)?.exitEffects ?? []
        let entry2 = doorDefinition.declaration(of: entry.target)?.entryEffects ?? []
        return .success((entry.target, exit + entry.effects + entry2, .external))
    }
}

@Suite("Machine against its table, on random event sequences")
struct MachinePropertyTests {
    @Test("every step matches the table; a rejected event never changes the state")
    func randomSequences() async throws {
        let steps = zip(Gen<DoorEvent>.case, Gen.bool).array(of: 0...60)
        await propertyCheck(count: 300, input: steps) { sequence in
            var machine = try Machine(doorDefinition)
            for (event, key) in sequence {
                let context = Keyring(hasKey: key)
                let before = machine.state
                let permittedBefore = machine.permittedEvents(context: context)
                let expected = oracle(before, event, context)
                let result = Result { () throws(TransitionError<Door, DoorEvent>) in try machine.send(event, context: context) }
                switch result {
                case let .success(step):
                    guard case let .success((target, effects, kind)) = expected else {
                        Issue.record("\(before) + \(event): accepted, but the table says \(expected)")
                        return
                    }
                    #expect(step.source == before && step.target == target && step.effects.elementsEqual(effects) && step.kind == kind)
                    #expect(machine.state == target)
                    #expect(permittedBefore.contains(event))
                case let .failure(error):
                    #expect(machine.state == before, "a rejected event changed the state")
                    #expect(error.state == before && error.event == event)
                    guard case let .failure(reason) = expected else {
                        Issue.record("\(before) + \(event): rejected (\(error)), but the table says \(expected)")
                        return
                    }
                    #expect(error.reason == reason)
                    #expect(!permittedBefore.contains(event))
                }
            }
        }
    }

    @Test("under the ignore policy a rejected event is reported and never changes the state")
    func ignorePolicySequences() async throws {
        await propertyCheck(count: 200, input: Gen<DoorEvent>.case.array(of: 0...60)) { events in
            var machine = try Machine(doorDefinition, policy: .ignore)
            for event in events {
                let before = machine.state
                let step = try machine.send(event, context: withoutKey)
                if step.kind == .rejected {
                    #expect(machine.state == before && step.effects.isEmpty)
                    #expect(machine.check(event, context: withoutKey).failureValue != nil)
                }
            }
        }
    }
}
