import FSM
import FSMTesting

enum Light: String, Hashable, Sendable, CustomStringConvertible {
    case red, green, yellow, off
    var description: String { rawValue }
}

enum Signal: String, MachineEvent, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case next, fail, repair
    var description: String { rawValue }
}

let night = Guard<Bool>("at night") { $0 }

let trafficLight = MachineDefinition<Light, Signal, String, Bool>(name: "traffic light", initial: .red) {
    In(.red) {
        On(.next, to: .green, emit: "go")
        On(.fail, to: .off)
        Illegal(.repair)
    }
    In(.green) {
        On(.next, to: .yellow, guard: night)
        On(.next, to: .red)
        On(.fail, to: .off)
        Illegal(.repair)
    }
    In(.yellow) {
        On(.next, to: .red)
        On(.fail, to: .off)
        Ignore(.repair)
    }
    Final(.off)
}

typealias Row = ExpectedRow<Light, Signal, String>
