import FSM
import Testing

@Suite("Machine: sending events")
struct MachineTests {
    @Test("an external transition changes the state and emits exit, own and entry effects in order")
    func externalTransitionEffects() throws {
        var door = try Machine(doorDefinition)
        let opened = try door.send(.open, context: withKey)
        #expect(opened == Transition(source: .closed, event: .open, target: .opened, effects: [.creak, .lightOn], kind: .external))
        #expect(door.state == .opened)
        let closed = try door.send(.close, context: withKey)
        #expect(closed.effects == [.lightOff, .creak, .click])
        #expect(door.state == .closed)
    }

    @Test("an internal transition keeps the state and emits only its own effects")
    func internalTransition() throws {
        var door = try Machine(doorDefinition)
        let knocked = try door.send(.knock, context: withKey)
        #expect(knocked.kind == .internal)
        #expect(knocked.effects == [.echo])
        #expect(door.state == .closed)
    }

    @Test("an ignored event succeeds, changes nothing and emits nothing")
    func ignoredEvent() throws {
        var door = try Machine(doorDefinition)
        try door.send(.open, context: withKey)
        let again = try door.send(.open, context: withKey)
        #expect(again == Transition(source: .opened, event: .open, target: .opened, effects: [], kind: .ignored))
        #expect(door.state == .opened)
    }

    @Test("a guard that holds lets the transition through")
    func guardHolds() throws {
        var door = try Machine(doorDefinition)
        try door.send(.lock, context: withKey)
        #expect(door.state == .locked)
    }

    @Test("no transition: the error names state, event, reason and permitted events")
    func noTransitionMessage() throws {
        var door = try Machine(doorDefinition)
        #expect(throws: TransitionError(state: Door.closed, event: DoorEvent.close, reason: .noTransition, permitted: [.open, .lock, .knock, .kick])) {
            try door.send(.close, context: withKey)
        }
        let error = door.check(.close, context: withKey).failureValue
        #expect(error?.description == "illegal transition: 'close' is not permitted in state 'closed': no transition (permitted: open, lock, knock, kick)")
        #expect(door.state == .closed)
    }

    @Test("guard not met: the error names the guard")
    func guardNotMetMessage() throws {
        var door = try Machine(doorDefinition)
        do {
            try door.send(.lock, context: withoutKey)
            Issue.record("lock without a key was accepted")
        } catch {
            #expect(error.reason == .guardNotMet(["has key"]))
            #expect(error.description == "illegal transition: 'lock' is not permitted in state 'closed': guard 'has key' not met (permitted: open, knock, kick)", "the refused event, its guard just tried, is not listed")
        }
        #expect(door.state == .closed)
    }

    @Test("final state: the error says the state is final")
    func finalStateMessage() throws {
        var door = try Machine(doorDefinition)
        try door.send(.kick, context: withKey)
        #expect(door.isFinished)
        do {
            try door.send(.open, context: withKey)
            Issue.record("open in a final state was accepted")
        } catch {
            #expect(error.reason == .finalState)
            #expect(error.description == "illegal transition: 'open' is not permitted in state 'broken': the state is final (permitted: none; ignored: knock)")
        }
        #expect(door.state == .broken)
        #expect(try door.send(.knock, context: withKey).kind == .ignored)
    }

    @Test("the ignore policy returns a rejected transition and leaves the state alone")
    func ignorePolicy() throws {
        var door = try Machine(doorDefinition, policy: .ignore)
        let step = try door.send(.unlock, context: withKey)
        #expect(step.kind == .rejected)
        #expect(step.effects.isEmpty)
        #expect(door.state == .closed)
    }

    @Test("permitted events are evaluated with the context, and availability says why not")
    func permittedEvents() throws {
        let door = try Machine(doorDefinition)
        #expect(door.permittedEvents(context: withKey) == [.open, .lock, .knock, .kick])
        #expect(door.permittedEvents(context: withoutKey) == [.open, .knock, .kick])
        let reasons = door.availability(context: withoutKey).filter { !$0.isPermitted }.map { ($0.event, $0.outcome.failureValue?.reason) }
        #expect(reasons.map(\.0) == [.close, .lock, .unlock])
        #expect(reasons.map(\.1) == [.noTransition, .guardNotMet(["has key"]), .noTransition])
    }

    @Test("reset returns to the initial state; a machine can start in any declared state")
    func resetAndStart() throws {
        var door = try Machine(doorDefinition, startingIn: .locked)
        #expect(door.state == .locked)
        door.reset()
        #expect(door.state == .closed)
        let twoStates = MachineDefinition<Door, DoorEvent, Never, Void>(name: "two", initial: .closed, events: [.open, .close]) {
            In(.closed) { On(.open, to: .opened) }
            In(.opened) { On(.close, to: .closed) }
        }
        #expect(throws: DefinitionError(machine: "two", diagnostics: [
            Diagnostic(.error, .undeclaredState, states: ["locked"], "the start state 'locked' is not declared"),
        ])) { try Machine(twoStates, startingIn: .locked) }
    }

    @Test("a machine is a value: a copy is a snapshot")
    func valueSemantics() throws {
        var door = try Machine(doorDefinition)
        let snapshot = door
        try door.send(.open, context: withKey)
        #expect(snapshot.state == .closed)
        #expect(door.state == .opened)
    }

    @Test("a definition with errors does not run, and says why")
    func brokenDefinitionRefused() {
        let broken = MachineDefinition<Door, DoorEvent, Never, Void>(name: "broken", initial: .closed) {
            In(.closed) { On(.open, to: .opened) }
        }
        #expect(throws: DefinitionError.self) { try Machine(broken) }
        do {
            _ = try Machine(broken)
        } catch {
            #expect(error.description == """
            machine 'broken' cannot run:
              error: the transition 'closed' --open--> 'opened' goes to the undeclared state 'opened' [undeclaredState]
            """)
        }
    }

    @Test("a machine without context sends events without one")
    func voidContext() throws {
        let turnstile = MachineDefinition<Door, DoorEvent, Never, Void>(name: "t", initial: .closed) {
            In(.closed) { On(.open, to: .opened) }
            In(.opened) { On(.close, to: .closed) }
        }
        var machine = try Machine(turnstile)
        try machine.send(.open)
        #expect(machine.state == .opened)
        #expect(machine.permittedEvents == [.close])
        #expect(machine.check(.open).failureValue?.reason == .noTransition)
    }

    @Test("guards can be decided by name instead of by a context")
    func guardsByName() throws {
        var door = try Machine(doorDefinition)
        #expect(door.check(.lock) { _ in false }.failureValue?.reason == .guardNotMet(["has key"]))
        var asked: [String] = []
        try door.send(.lock) { asked.append($0); return true }
        #expect(asked == ["has key"])
        #expect(door.state == .locked)
    }

    @Test("an undeclared event is rejected as having no transition")
    func undeclaredEvent() throws {
        let small = MachineDefinition<Door, DoorEvent, Never, Void>(name: "small", initial: .closed, events: [.open, .close]) {
            In(.closed) { On(.open, to: .opened) }
            In(.opened) { On(.close, to: .closed) }
        }
        var machine = try Machine(small)
        #expect(throws: TransitionError(state: Door.closed, event: DoorEvent.kick, reason: .noTransition, permitted: [.open])) {
            try machine.send(.kick)
        }
    }

    @Test("errors are equal, and hash alike, when what they say is: permitted as read, not as given")
    func equalityOnWhatIsSaid() {
        // Guards on `unlock` were tried: `permitted` leaves it out, given or not.
        let given = TransitionError(state: Door.locked, event: DoorEvent.unlock, reason: .guardNotMet(["has key"]), permitted: [.unlock, .knock])
        let read = TransitionError(state: Door.locked, event: DoorEvent.unlock, reason: .guardNotMet(["has key"]), permitted: [.knock])
        #expect(given.permitted == [.knock])
        #expect(given == read)
        #expect(given.hashValue == read.hashValue)
        #expect(Set([given, read]).count == 1)
        // Each field that is said makes a difference.
        #expect(given != TransitionError(state: Door.closed, event: DoorEvent.unlock, reason: .guardNotMet(["has key"]), permitted: [.knock]))
        #expect(given != TransitionError(state: Door.locked, event: DoorEvent.kick, reason: .guardNotMet(["has key"]), permitted: [.knock]))
        #expect(given != TransitionError(state: Door.locked, event: DoorEvent.unlock, reason: .guardNotMet(["key"]), permitted: [.knock]))
        #expect(given != TransitionError(state: Door.locked, event: DoorEvent.unlock, reason: .guardNotMet(["has key"]), permitted: [.knock, .kick]))
        #expect(given != TransitionError(state: Door.locked, event: DoorEvent.unlock, reason: .guardNotMet(["has key"]), permitted: [.knock], ignored: [.kick]))
    }

    @Test("an error outlives its machine and says what the state said: its own row, the parent that declared the event illegal")
    func errorOutlivesItsMachine() throws {
        let definition = MachineDefinition<String, String, String, Void>(name: "rows", initial: "a", events: ["go", "back", "stop", "noise"]) {
            Parent("outer") { Illegal("stop") } children: {
                In("a") { On("go", to: "b"); Ignore("noise") }
                Parent("inner") { Illegal("back") } children: {
                    In("b") { On("back", to: "a"); On("stop", to: "a") }
                    In("c") { On("go", to: "a") }
                }
            }
        }
        var errors: [TransitionError<String, String>] = []
        do {
            var machine = try Machine(definition)
            errors.append(machine.transition(on: "stop").failureValue!)
            errors.append(machine.transition(on: "back").failureValue!)
            machine = try Machine(definition, startingIn: "c")
            errors.append(machine.transition(on: "back").failureValue!)
            errors.append(machine.transition(on: "stop").failureValue!)
        }
        // The machines are gone; each error still reads its own state's row.
        #expect(errors.map(\.reason) == [.declaredIllegal(inheritedFrom: "outer"), .noTransition, .declaredIllegal(inheritedFrom: "inner"), .declaredIllegal(inheritedFrom: "outer")])
        #expect(errors.map { Array($0.permitted) } == [["go"], ["go"], ["go"], ["go"]])
        #expect(errors.map { Array($0.ignored) } == [["noise"], ["noise"], [], []])
        #expect(errors[2].description == "illegal transition: 'back' is not permitted in state 'c': declared illegal by parent 'inner' (permitted: go)")
    }

    @Test("a rejection lists what the state takes and what it ignores, split right, whether the lists fit in place or not", arguments: [(2, 3), (0, 3), (3, 0), (5, 3), (6, 5), (0, 9), (9, 0), (12, 12)])
    func permittedAndIgnoredLists(handled: Int, ignoring: Int) throws {
        let taken = (0..<handled).map { "take \($0)" }, ignored = (0..<ignoring).map { "ignore \($0)" }
        let definition = MachineDefinition<String, String, String, Void>(name: "lists", initial: "a", events: taken + ignored + ["refused"]) {
            In("a") {
                for event in taken { On(event, to: "a") }
                Ignore(ignored)
            }
        }
        var machine = try Machine(definition)
        let error = try #require(machine.transition(on: "refused").failureValue)
        #expect(Array(error.permitted) == taken)
        #expect(Array(error.ignored) == ignored)
        #expect(error == TransitionError(state: "a", event: "refused", reason: .noTransition, permitted: SmallList(taken), ignored: SmallList(ignored)))
    }
}

extension Result {
    var failureValue: Failure? {
        if case let .failure(error) = self { return error }
        return nil
    }
}

@Suite("Machine: outcomes as values")
struct MachineResultTests {
    @Test("transition(on:) takes a transition like send, and returns a rejection instead of throwing")
    func resultAPI() throws {
        var door = try Machine(doorDefinition, policy: .ignore)
        let opened = door.transition(on: .open, context: withKey)
        #expect((try? opened.get())?.target == .opened)
        #expect(door.state == .opened)
        let rejected = door.transition(on: .lock, context: withKey)
        #expect(rejected.failureValue == TransitionError(state: .opened, event: .lock, reason: .noTransition, permitted: [.close], ignored: [.open]))
        #expect(door.state == .opened, "rejected whatever the policy, and the state unchanged")
        let ignored = door.transition(on: .open, context: withKey)
        #expect((try? ignored.get())?.kind == .ignored)
    }

    @Test("dense-indexed events dispatch exactly like hashed ones")
    func dense() throws {
        enum Key: Int, MachineEvent, Hashable, Sendable, CaseIterable, DenseIndexed { case a, b, c }
        let definition = MachineDefinition<Door, Key, String, Void>(name: "keys", initial: .closed) {
            In(.closed) { On(.a, to: .opened, emit: "x"); Ignore(.c) }
            In(.opened) { On(.b, to: .closed) }
        }
        var machine = try Machine(definition)
        #expect(try machine.send(.a).effects == ["x"])
        #expect(machine.transition(on: .a).failureValue?.reason == .noTransition)
        #expect(try machine.send(.b).target == .closed)
        #expect(try machine.send(.c).kind == .ignored)
        #expect(machine.check(.b).failureValue?.permitted == [.a])
        #expect(machine.check(.b).failureValue?.ignored == [.c])
    }
}
