import FSM
import FSMCoverage
import Testing

/// An order: submitting checks it at once (fraud first, then stock); an approved order goes
/// straight to packing (an unguarded line); `delivery` completes when its final child `sent`
/// is reached. Checking waits while neither guard holds: a later event, even an ignored one,
/// lets it go when a guard then holds.
enum Order: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case cart, checking, approved, rejected, packing, sent, delivered
    var description: String { rawValue }
}

enum OrderEvent: String, Hashable, Sendable, CaseIterable, MachineEvent, CustomStringConvertible {
    case submit, retry, ship, poke
    var description: String { rawValue }
}

struct Shop {
    var stock = false
    var fraud = false
}

let inStock = Guard<Shop>("in stock") { $0.stock }
let fraud = Guard<Shop>("fraud") { $0.fraud }

let orderMachine = MachineDefinition<Order, OrderEvent, String, Shop>(name: "order", initial: .cart) {
    In(.cart) { On(.submit, to: .checking, emit: "submit") }
    In(.checking) {
        Always(to: .rejected, guard: fraud, emit: "flag")
        Always(to: .approved, guard: inStock, emit: "ok")
        Ignore(.poke)
        OnEntry("check+")
        OnExit("check-")
    }
    In(.approved) { Always(to: .packing, emit: "approve") }
    In(.rejected) { On(.retry, to: .checking) }
    Parent("delivery", initial: .packing) {
        OnDone(to: .delivered, emit: "done")
        OnEntry("delivery+")
        OnExit("delivery-")
    } children: {
        In(.packing) { On(.ship, to: .sent, emit: "ship") }
        Final(.sent) { OnEntry("sent+") }
    }
    Final(.delivered)
}

@Suite("Transitions without an event")
struct EventlessTests {
    @Test("a chain is one transition: from where the event found the machine to where it rests, every step's effects in order")
    func chain() throws {
        var order = try Machine(orderMachine)
        let submitted = try order.send(.submit, context: Shop(stock: true))
        #expect(submitted.source == .cart)
        #expect(submitted.target == .packing)
        #expect(Array(submitted.effects) == ["submit", "check+", "check-", "ok", "approve", "delivery+"])
        #expect(submitted.kind == .external)
        let shipped = try order.send(.ship, context: Shop())
        #expect(shipped.target == .delivered)
        #expect(Array(shipped.effects) == ["ship", "sent+", "delivery-", "done"])
        #expect(order.isFinished)
    }

    @Test("guards decide in declaration order; when none holds the machine rests, and a later event lets it go")
    func waiting() throws {
        var order = try Machine(orderMachine)
        let first = try order.send(.submit, context: Shop(stock: true, fraud: true))
        #expect(first.target == .rejected)
        #expect(Array(first.effects) == ["submit", "check+", "check-", "flag"])
        var idle = try Machine(orderMachine)
        try idle.send(.submit, context: Shop())
        #expect(idle.state == .checking)
        // Ignored, and nothing holds yet: still ignored.
        #expect(try idle.send(.poke, context: Shop()).kind == .ignored)
        // Ignored, but now a guard holds: the chain goes on.
        let poked = try idle.send(.poke, context: Shop(stock: true))
        #expect(poked.kind == .external)
        #expect(poked.target == .packing)
        #expect(Array(poked.effects) == ["check-", "ok", "approve", "delivery+"])
        // An event the state rejects is rejected while nothing holds, and lets the chain go
        // once a guard holds (as SCXML: every event ends a step).
        var rejected = try Machine(orderMachine)
        try rejected.send(.submit, context: Shop())
        #expect(throws: TransitionError<Order, OrderEvent>.self) { try rejected.send(.ship, context: Shop()) }
        #expect(rejected.state == .checking)
        let shipped = try rejected.send(.ship, context: Shop(fraud: true))
        #expect(shipped.target == .rejected)
        #expect(Array(shipped.effects) == ["check-", "flag"])
    }

    @Test("a guarded completion is tried when the final child is entered, not later (SCXML raises done.state once)")
    func completionOnce() throws {
        let ready = Guard<Shop>("ready") { $0.stock }
        let once = MachineDefinition<Order, OrderEvent, String, Shop>(name: "once", initial: .packing) {
            Parent("p", initial: .packing) { OnDone(to: .delivered, guard: ready) } children: {
                In(.packing) { On(.ship, to: .sent) }
                Final(.sent) { Ignore(.poke) }
            }
            Final(.delivered)
        }
        var late = try Machine(once)
        try late.send(.ship, context: Shop(stock: false))
        #expect(late.state == .sent)
        #expect(try late.send(.poke, context: Shop(stock: true)).kind == .ignored)
        #expect(late.state == .sent)
        var ready1 = try Machine(once)
        #expect(try ready1.send(.ship, context: Shop(stock: true)).target == .delivered)
    }

    @Test("coverage counts the declared line an event took, every state a chain enters, and a waiting chain's move as neither refused nor ignored")
    func coverage() throws {
        let recorder = CoverageRecorder()
        var order = try Machine(orderMachine)
        order.recorder = recorder
        try order.send(.submit, context: Shop())                 // cart -> checking: rests
        try order.send(.poke, context: Shop(stock: true))        // ignored line; the chain goes to packing
        try order.send(.ship, context: Shop())                   // packing -> sent -> delivered
        let coverage = try #require(recorder.coverage[machine: "order"])
        let entered = Dictionary(uniqueKeysWithValues: coverage.states.map { ($0.state, $0.entered) })
        #expect(entered == ["cart": 1, "checking": 1, "approved": 1, "rejected": 0, "packing": 1, "sent": 1, "delivered": 1])
        func cell(_ state: String, _ event: String) -> MachineCoverage.Cell? { coverage.cells.first { $0.state == state && $0.event == event } }
        #expect(cell("cart", "submit")?.lines.map(\.taken) == [1])
        #expect(cell("packing", "ship")?.lines.map(\.taken) == [1])
        #expect(cell("checking", "poke").map { [$0.ignored, $0.refused] } == [0, 0], "the chain moved the machine")
        #expect(coverage.pairs.count == 1, "cart --submit--> then packing --ship-->: the waiting chain took no declared line")
    }

    @Test("guards decided by name follow the same chains")
    func byName() throws {
        var order = try Machine(orderMachine)
        try order.send(.submit) { $0 == "in stock" }
        #expect(order.state == .packing)
        var flagged = try Machine(orderMachine)
        try flagged.send(.submit) { _ in true }
        #expect(flagged.state == .rejected)
    }

    @Test("an unguarded chain from the initial state is taken before the machine rests")
    func initial() throws {
        let hop = MachineDefinition<Order, OrderEvent, String, Shop>(name: "hop", initial: .approved) {
            In(.approved) { Always(to: .packing) }
            In(.packing) { On(.ship, to: .sent) }
            Final(.sent)
        }
        var machine = try Machine(hop)
        #expect(machine.state == .packing)
        machine.reset()
        #expect(machine.state == .packing)
        #expect(try Machine(hop, startingIn: .approved).state == .packing)
    }

    @Test("a guarded cycle whose guards all hold rejects the event and names the cycle; the state is unchanged")
    func cycle() throws {
        let a = Guard<Shop>("a") { $0.stock }
        let b = Guard<Shop>("b") { $0.fraud }
        let loop = MachineDefinition<Order, OrderEvent, String, Shop>(name: "loop", initial: .cart) {
            In(.cart) { On(.submit, to: .checking) }
            In(.checking) { Always(to: .approved, guard: a) }
            In(.approved) { Always(to: .checking, guard: b) }
        }
        let findings = loop.validate()
        #expect(findings.contains { $0.kind == .invalidEventless && $0.severity == .warning && $0.message.contains("checking -> approved -> checking") })
        var machine = try Machine(loop)
        do {
            try machine.send(.submit, context: Shop(stock: true, fraud: true))
            Issue.record("a cycle that never settles was taken")
        } catch {
            #expect(error.reason == .neverSettles("checking -> approved -> checking"))
            #expect(error.description.contains("never settle (checking -> approved -> checking)"))
        }
        #expect(machine.state == .cart)
        try machine.send(.submit, context: Shop(stock: true, fraud: false))
        #expect(machine.state == .approved)
    }

    @Test("validation: an unguarded cycle, OnDone outside a parent, Always in a final state, and together with history or timers")
    func validation() {
        let spin = MachineDefinition<Order, OrderEvent, String, Shop>(name: "spin", initial: .cart) {
            In(.cart) { On(.submit, to: .checking) }
            In(.checking) { Always(to: .approved) }
            In(.approved) { Always(to: .checking) }
        }
        #expect(spin.validate().contains { $0.severity == .error && $0.kind == .invalidEventless && $0.message == "the transitions without an event checking -> approved -> checking never settle: no guard stops them" })
        #expect(throws: DefinitionError.self) { try Machine(spin) }
        let misplaced = MachineDefinition<Order, OrderEvent, String, Shop>(name: "misplaced", initial: .cart) {
            In(.cart) { OnDone(to: .sent) }
            Final(.sent) { Always(to: .cart) }
        }
        let messages = misplaced.validate().filter { $0.kind == .invalidEventless }.map(\.message)
        #expect(messages.contains("'cart' --done--> 'sent': OnDone belongs in a Parent's body (it is taken when one of the parent's final children is reached)"))
        #expect(messages.contains("'sent' --always--> 'cart': a final state takes no transitions"))
        let timed = MachineDefinition<Order, OrderEvent, String, Shop>(name: "timed", initial: .cart) {
            In(.cart) { Always(to: .sent, guard: fraud); After(.seconds(1), to: .sent) }
            Final(.sent)
        }
        #expect(timed.validate().contains { $0.message == "'cart' has transitions without an event, which a machine with timers cannot have yet" })
        let undone = MachineDefinition<Order, OrderEvent, String, Shop>(name: "undone", initial: .cart) {
            Parent("p") { OnDone(to: .sent) } children: { In(.cart) { On(.submit, to: .sent) } }
            Final(.sent)
        }
        #expect(undone.validate().contains { $0.severity == .warning && $0.message == "parent 'p' has OnDone lines but no final child: they are never taken" })
    }

    @Test("validation: a line after an unguarded one is never taken; a cycle is reported once, with its guards, and not when they contradict each other")
    func cycleFindings() {
        let shadow = MachineDefinition<Order, OrderEvent, String, Shop>(name: "shadow", initial: .cart) {
            In(.cart) {
                Always(to: .checking)
                Always(to: .sent, guard: fraud)
            }
            In(.checking) { On(.submit, to: .sent) }
            Final(.sent)
        }
        #expect(shadow.validate().map(\.message).contains("in 'cart', 'cart' --always--> 'sent' is never taken: the unguarded 'cart' --always--> 'checking' before it always is"))
        let loop = MachineDefinition<Order, OrderEvent, String, Shop>(name: "loop", initial: .cart) {
            In(.cart) { On(.submit, to: .checking); On(.retry, to: .approved) }
            In(.checking) { Always(to: .approved, guard: fraud) }
            In(.approved) { Always(to: .checking) }
        }
        let cycles = loop.validate().filter { $0.kind == .invalidEventless }.map(\.message)
        #expect(cycles == ["the transitions without an event checking -> approved -> checking never settle when 'fraud' holds: the event that starts them is then rejected"])
        let contradiction = MachineDefinition<Order, OrderEvent, String, Shop>(name: "contradiction", initial: .cart) {
            In(.cart) { On(.submit, to: .checking) }
            In(.checking) { Always(to: .approved, guard: fraud) }
            In(.approved) { Always(to: .checking, guard: !fraud) }
        }
        #expect(!contradiction.validate().contains { $0.kind == .invalidEventless }, "fraud and !fraud never hold together")
    }
}
