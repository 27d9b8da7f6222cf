import FSM
import Testing

/// Every way a user can send an event, run side by side on copies of one machine: they must
/// agree on every step, whatever the event type's layout (one byte, several bytes, a
/// `String`, `DenseIndexed` or not) and however long the lists (more than eight effects or
/// permitted events spill out of `SmallList`'s inline slots).
// FSM makes only `String` an event out of the box; bytes, integers and booleans are events
// here so that the dispatch's paths for one-byte and several-byte plain keys are tried.
extension UInt8: MachineEvent {}
extension Int: MachineEvent {}
extension Bool: MachineEvent {}

struct PathOutcome<State: Hashable & Sendable, Event: MachineEvent & Hashable, Effect: Equatable & Sendable>: Equatable where Event.Key == Event {
    let result: Result<Transition<State, Event, Effect>, TransitionError<State, Event>>
    let stateAfter: State
}

/// Sends `event` through `send` (throws), `transition(on:)`, `check` + `send`, and `send`
/// under the `.ignore` policy, on four copies, and returns the outcomes (all must agree).
func sendEveryWay<State, Event: Hashable, Effect: Equatable, Context>(
    _ machines: inout [Machine<State, Event, Effect, Context>], _ event: Event, context: Context
) -> [PathOutcome<State, Event.Key, Effect>] {
    var outcomes: [PathOutcome<State, Event.Key, Effect>] = []
    do {
        let transition = try machines[0].send(event, context: context)
        outcomes.append(PathOutcome(result: .success(transition), stateAfter: machines[0].state))
    } catch {
        outcomes.append(PathOutcome(result: .failure(error), stateAfter: machines[0].state))
    }
    let result = machines[1].transition(on: event, context: context)
    outcomes.append(PathOutcome(result: result, stateAfter: machines[1].state))
    let checked = machines[2].check(event, context: context)
    if case .success = checked { _ = try? machines[2].send(event, context: context) }
    outcomes.append(PathOutcome(result: checked, stateAfter: machines[2].state))
    let before = machines[3].state
    if let ignoring = try? machines[3].send(event, context: context) {
        switch outcomes[0].result {
        case let .success(transition):
            #expect(ignoring == transition, "the .ignore policy takes the same transition")
        case .failure:
            #expect(ignoring.kind == .rejected && ignoring.source == before && ignoring.target == before && ignoring.effects.isEmpty)
        }
    } else {
        Issue.record("send under the .ignore policy threw")
    }
    #expect(machines[3].state == outcomes[0].stateAfter)
    return outcomes
}

/// Runs `events` through every path and expects them to agree at each step; returns the
/// outcomes of the throwing path.
@discardableResult
func expectPathsAgree<State, Event: Hashable, Effect: Equatable, Context>(
    _ definition: MachineDefinition<State, Event, Effect, Context>, _ events: [Event], context: Context,
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> [PathOutcome<State, Event.Key, Effect>] {
    var ignoring = try Machine(definition)
    ignoring.policy = .ignore
    var machines = [try Machine(definition), try Machine(definition), try Machine(definition), ignoring]
    var first: [PathOutcome<State, Event.Key, Effect>] = []
    for (step, event) in events.enumerated() {
        let outcomes = sendEveryWay(&machines, event, context: context)
        for (path, outcome) in outcomes.enumerated().dropFirst() {
            #expect(outcome == outcomes[0], "step \(step) (\(event)): path \(path) disagrees with send", sourceLocation: sourceLocation)
        }
        first.append(outcomes[0])
    }
    return first
}

extension Result {
    var successValue: Success? {
        if case let .success(value) = self { return value }
        return nil
    }
}

enum Bulb3: Hashable, Sendable { case off, on, broken }

@Suite("Every dispatch path, for every event layout")
struct DispatchPathTests {
    @Test("one-byte enum events with a finite payload (the byte table)")
    func byteEvents() throws {
        enum Reason: Hashable, Sendable { case a, b }
        enum Event: MachineEvent, Hashable, Sendable { case push, fail(Reason), fix }
        #expect(MemoryLayout<Event>.size == 1, "the layout this test is about")
        let definition = MachineDefinition<Bulb3, Event, String, Void>(name: "bytes", initial: .off, events: [.push, .fail(.a), .fail(.b), .fix]) {
            In(.off) { On(.push, to: .on, emit: "light"); On(.fail(.a), to: .broken) }
            In(.on) { On(.push, to: .off); Ignore(.fail(.b)) }
            Final(.broken)
        }
        let outcomes = try expectPathsAgree(definition, [.push, .fail(.b), .fail(.a), .push, .fail(.a), .fix, .push], context: ())
        #expect(outcomes.map(\.stateAfter) == [.on, .on, .on, .off, .broken, .broken, .broken])
        #expect(outcomes[1].result.successValue?.kind == .ignored)
        #expect(outcomes[2].result.failureValue?.permitted == [.push])
        #expect(outcomes[2].result.failureValue?.ignored == [.fail(.b)])
        #expect(outcomes[5].result.failureValue?.reason == .finalState)
    }

    @Test("UInt8 and Bool events: every byte value, declared or not")
    func rawBytes() throws {
        let declared: [UInt8] = [0, 7, 255]
        let definition = MachineDefinition<Bulb3, UInt8, String, Void>(name: "raw", initial: .off, events: declared) {
            In(.off) { On(7, to: .on); Ignore(0) }
            In(.on) { On(255, to: .off, emit: "reset") }
            In(.broken) {}
        }
        let outcomes = try expectPathsAgree(definition, Array(0...255) + [7, 8, 255], context: ())
        let taken = outcomes.enumerated().compactMap { $0.element.result.successValue?.kind == .external ? $0.offset : nil }
        #expect(taken == [7, 255, 256, 258], "only the declared bytes with a transition move the machine")
        #expect(outcomes[8].result.failureValue?.reason == .noTransition, "an undeclared byte is rejected")

        let flags = MachineDefinition<Bulb3, Bool, Never, Void>(name: "flags", initial: .off, events: [true, false]) {
            In(.off) { On(true, to: .on) }
            In(.on) { On(false, to: .off) }
            In(.broken) {}
        }
        #expect(try expectPathsAgree(flags, [true, true, false, false], context: ()).map(\.stateAfter) == [.on, .on, .off, .off])
    }

    @Test("multi-byte events (an Int payload) and String events, found by hashing")
    func hashedEvents() throws {
        enum Move: MachineEvent, Hashable, Sendable { case step(Int), stop }
        #expect(MemoryLayout<Move>.size > 1)
        let moves = MachineDefinition<Bulb3, Move, String, Void>(name: "moves", initial: .off, events: [.step(1), .step(1_000_000), .stop]) {
            In(.off) { On(.step(1_000_000), to: .on, emit: "far"); Ignore(.step(1)) }
            In(.on) { On(.stop, to: .off) }
            In(.broken) {}
        }
        let outcomes = try expectPathsAgree(moves, [.step(1), .step(2), .step(1_000_000), .stop], context: ())
        #expect(outcomes.map(\.stateAfter) == [.off, .off, .on, .off])
        #expect(outcomes[1].result.failureValue?.reason == .noTransition, "an undeclared payload is rejected")

        let words = MachineDefinition<Bulb3, String, String, Void>(name: "words", initial: .off, events: ["on", "off", "break"]) {
            In(.off) { On("on", to: .on); On("break", to: .broken, emit: "crack") }
            In(.on) { On("off", to: .off) }
            Final(.broken)
        }
        let said = try expectPathsAgree(words, ["on", "on", "off", "typo", "break", "on"], context: ())
        #expect(said.map(\.stateAfter) == [.on, .on, .off, .off, .broken, .broken])
        #expect(said[4].result.successValue?.effects == ["crack"])
    }

    @Test("DenseIndexed multi-byte events, with good and with unusable indices", arguments: [0, 1_000_000])
    func denseMultiByte(offset: Int) throws {
        struct Key: MachineEvent, Hashable, Sendable, DenseIndexed {
            let code: Int
            let offset: Int
            var denseIndex: Int { code + offset }
        }
        #expect(MemoryLayout<Key>.size > 1)
        let keys = (0..<5).map { Key(code: $0, offset: offset) }
        let definition = MachineDefinition<Bulb3, Key, Int, Void>(name: "dense", initial: .off, events: keys) {
            In(.off) { On(keys[1], to: .on, emit: 1); Ignore(keys[2]) }
            In(.on) { On(keys[3], to: .off, emit: 3); On(keys[4], to: .broken) }
            Final(.broken)
        }
        let undeclared = Key(code: 9, offset: offset)
        let outcomes = try expectPathsAgree(definition, [keys[0], keys[2], undeclared, keys[1], keys[1], keys[3], keys[1], keys[4], keys[0]], context: ())
        #expect(outcomes.map(\.stateAfter) == [.off, .off, .off, .on, .on, .off, .on, .broken, .broken])
        #expect(outcomes[2].result.failureValue?.reason == .noTransition)
        #expect(outcomes[8].result.failureValue?.reason == .finalState)
    }

    @Test("more than eight effects, and exit + own + entry effects together")
    func longEffectLists() throws {
        let many = (0..<12).map { "effect \($0)" }
        let definition = MachineDefinition<Bulb3, String, String, Void>(name: "effects", initial: .off, events: ["go", "back", "self"]) {
            In(.off) {
                OnExit("leave off 1", "leave off 2")
                On("go", to: .on, effects: many)
                Internal("self", effects: many + many)
            }
            In(.on) {
                OnEntry("enter on 0", "enter on 1", "enter on 2", "enter on 3", "enter on 4")
                On("back", to: .off)
            }
            In(.broken) {}
        }
        let outcomes = try expectPathsAgree(definition, ["self", "go", "back"], context: ())
        #expect(outcomes[0].result.successValue?.effects.elementsEqual(many + many) == true)
        #expect(outcomes[1].result.successValue?.effects.elementsEqual(["leave off 1", "leave off 2"] + many + (0..<5).map { "enter on \($0)" }) == true)
        #expect(outcomes[1].result.successValue?.effects.count == 19)
    }

    @Test("more than eight permitted events in a rejection, in declaration order")
    func longPermittedLists() throws {
        let events = (0..<12).map { "e\($0)" } + ["nope"]
        let definition = MachineDefinition<Bulb3, String, Never, Void>(name: "permitted", initial: .off, events: events) {
            In(.off) {
                for event in events.dropLast().reversed() { On(event, to: .on) }
            }
            In(.on) { Ignore(events.dropLast()) }
            In(.broken) {}
        }
        let outcomes = try expectPathsAgree(definition, ["nope", "e3", "nope"], context: ())
        #expect(outcomes[0].result.failureValue?.permitted.elementsEqual(events.dropLast()) == true)
        #expect(outcomes[2].result.failureValue?.permitted.isEmpty == true)
        #expect(outcomes[2].result.failureValue?.ignored.elementsEqual(events.dropLast()) == true, "twelve ignored events, listed as ignored")
    }

    @Test("long effect and permitted lists are ranges of one shared store, each its own, and outlive their machine")
    func longListsOutliveTheMachine() throws {
        let many = (0..<10).map { "x\($0)" }
        let events = (0..<10).map { "e\($0)" }
        var kept: [Transition<Bulb3, String, String>] = []
        var rejections: [TransitionError<Bulb3, String>] = []
        do {
            let definition = MachineDefinition<Bulb3, String, String, Void>(name: "long", initial: .off, events: events + ["z"]) {
                In(.off) { for event in events { On(event, to: .on, effects: many + [event]) } }
                In(.on) { for event in events.dropFirst().reversed() { On(event, to: .off, effects: [event] + many) } }
                In(.broken) {}
            }
            var machine = try Machine(definition)
            kept.append(try machine.send("e3"))
            kept.append(try machine.send("e9"))
            if case let .failure(error) = machine.transition(on: "z") { rejections.append(error) }
            _ = try machine.send("e0")
            if case let .failure(error) = machine.transition(on: "z") { rejections.append(error) }
        }
        #expect(Array(kept[0].effects) == many + ["e3"])
        #expect(Array(kept[1].effects) == ["e9"] + many)
        #expect(rejections.count == 2)
        #expect(Array(rejections.first?.permitted ?? []) == events)
        #expect(Array(rejections.last?.permitted ?? []) == Array(events.dropFirst()))
    }

    @Test("guards: the first that holds wins; none holding is rejected with every guard's name")
    func guards() throws {
        let small = Guard<Int>("small") { $0 < 10 }
        let medium = Guard<Int>("medium") { $0 < 100 }
        let definition = MachineDefinition<Bulb3, String, String, Int>(name: "guards", initial: .off, events: ["go", "reset"]) {
            In(.off) {
                On("go", to: .on, guard: small, emit: "small")
                On("go", to: .broken, guard: medium, emit: "medium")
            }
            In(.on) { On("reset", to: .off) }
            In(.broken) { On("reset", to: .off) }
        }
        for (context, expected) in [(5, Bulb3.on), (50, .broken), (500, .off)] {
            let outcomes = try expectPathsAgree(definition, ["go"], context: context)
            #expect(outcomes[0].stateAfter == expected)
            if expected == .off {
                #expect(outcomes[0].result.failureValue?.reason == .guardNotMet(["small", "medium"]))
            }
        }
    }
}
