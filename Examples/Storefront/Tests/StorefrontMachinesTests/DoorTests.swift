import FSM
import FSMTesting
import StorefrontMachines
import Testing

// example:table-test:start
@Suite("door")
struct DoorTests {
    typealias Row = ExpectedRow<Door.State, Door.Event.Key, Door.Effect>

    static let rows: [Row] = [
        Row(.locked, .open, .illegal),
        Row(.locked, .close, .illegal),
        Row(.locked, .lock, .ignored),
        Row(.locked, .unlock, .to(.closed, guard: "code matches", emitting: .unbolt)),
        Row(.closed, .open, .to(.opened, emitting: .chime)),
        Row(.closed, .close, .ignored),
        Row(.closed, .lock, .to(.locked, emitting: .bolt)),
        Row(.closed, .unlock, .ignored),
        Row(.opened, .open, .ignored),
        Row(.opened, .close, .to(.closed)),
        Row(.opened, .lock, .illegal),
        Row(.opened, .unlock, .illegal),
    ]

    @Test("the whole table, every cell")
    func table() {
        #expect(expectTable(Door.definition, Self.rows).isEmpty)
    }

    @Test(arguments: rows)
    func cell(_ row: Row) {
        expectCell(Door.definition, row)
    }
    // example:table-test:end

    @Test("strictly valid: every (state, event) pair is handled, ignored or illegal")
    func valid() {
        #expect(Door.definition.validate(.strict) == [])
    }

    @Test("the right code unlocks, a wrong one is refused and the door stays locked")
    func code() throws {
        var door = try Machine(Door.definition)
        #expect(throws: TransitionError<Door.State, Door.Event.Key>.self) {
            try door.send(.unlock(code: "0000"), context: "4711")
        }
        #expect(door.state == .locked)
        let transition = try door.send(.unlock(code: "4711"), context: "4711")
        #expect(transition.effects == [.unbolt])
        #expect(door.state == .closed)
    }
}
