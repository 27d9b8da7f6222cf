/// What a definition does in each (state, event) cell, resolved once and shared by the
/// compiler of the runtime, the transition table and validation, so that all three agree.
///
/// Tolerant of broken definitions: a state declared twice keeps its first declaration,
/// an event listed twice its first position, and lines naming undeclared events are left
/// out (validation reports all of these).
struct Resolution<State: Hashable & Sendable, Event: Hashable & Sendable, Effect: Sendable, Context> {
    typealias Declaration = StateDeclaration<State, Event, Effect, Context>
    typealias Transition = TransitionDeclaration<State, Event, Effect, Context>

    enum Cell {
        case transitions([Transition])
        case ignored
        case illegal(declared: Bool)
    }

    let states: [State]
    let stateIndex: [State: Int]
    let declarations: [Declaration]
    let events: [Event]
    let eventIndex: [Event: Int]
    /// `cells[state][event]`.
    let cells: [[Cell]]

    init(_ definition: MachineDefinition<State, Event, Effect, Context>) {
        var stateIndex: [State: Int] = [:]
        var states: [State] = []
        var declarations: [Declaration] = []
        for declaration in definition.declarations where stateIndex[declaration.state] == nil {
            stateIndex[declaration.state] = states.count
            states.append(declaration.state)
            declarations.append(declaration)
        }
        var eventIndex: [Event: Int] = [:]
        var events: [Event] = []
        for event in definition.events where eventIndex[event] == nil {
            eventIndex[event] = events.count
            events.append(event)
        }
        var cells: [[Cell]] = []
        cells.reserveCapacity(states.count)
        for declaration in declarations {
            var row = [Cell](repeating: declaration.ignoresOtherEvents ? .ignored : .illegal(declared: false), count: events.count)
            for event in declaration.illegal { if let e = eventIndex[event] { row[e] = .illegal(declared: true) } }
            for event in declaration.ignored { if let e = eventIndex[event] { row[e] = .ignored } }
            for transition in declaration.transitions {
                guard let e = eventIndex[transition.event] else { continue }
                if case .transitions(var list) = row[e] {
                    row[e] = .ignored // release the array's buffer before appending, to keep it unique
                    list.append(transition)
                    row[e] = .transitions(list)
                } else {
                    row[e] = .transitions([transition])
                }
            }
            cells.append(row)
        }
        self.states = states
        self.stateIndex = stateIndex
        self.declarations = declarations
        self.events = events
        self.eventIndex = eventIndex
        self.cells = cells
    }
}
