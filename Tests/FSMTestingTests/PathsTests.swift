import FSM
import FSMTesting
import Testing

@Suite("Generated paths")
struct PathsTests {
    @Test("a shortest path reaches each state")
    func shortestPaths() {
        let paths = trafficLight.shortestPaths()
        #expect(paths[.red] == [])
        #expect(paths[.green]?.map(\.event) == [.next])
        #expect(paths[.yellow]?.map(\.description) == ["next -> green", "next [at night] -> yellow"])
        #expect(paths[.off]?.map(\.event) == [.fail])
    }

    @Test("the transition cover takes every declared transition, and the machine follows it")
    func transitionCover() throws {
        let cover = trafficLight.transitionCover()
        #expect(cover.count == trafficLight.transitions.count)
        for path in cover {
            var machine = try Machine(trafficLight)
            for step in path.steps {
                let taken = try #require(try take(step, on: &machine, context: step.guardName != nil))
                #expect(taken.target == step.target, "\(path)")
            }
            #expect(machine.state == path.target)
        }
        #expect(cover.map(\.description).contains("green --next [at night]--> yellow via next, next"))
    }

    @Test("paths take what a state inherits from its parent and its timers; the machine follows every path of the cover")
    func parentsAndTimers() throws {
        // `expired` is reached only by a timer of the parent, `closed` only by the parent's line.
        let definition = MachineDefinition<Phase, Signal, String, Bool>(name: "session", initial: .active) {
            Parent("open") {
                On(.fail, to: .closed)
                After(.seconds(60), to: .expired)
            } children: {
                In(.active) { On(.next, to: .idle) }
                In(.idle) { On(.next, to: .active, guard: Guard("awake") { $0 }); After(.seconds(20), to: .active) }
            }
            In(.expired) { On(.next, to: .active) }
            Final(.closed)
        }
        let paths = definition.shortestPaths()
        #expect(paths[.expired]?.map(\.description) == ["after 60 s -> expired"])
        #expect(paths[.expired]?.map(\.duration) == [.seconds(60)])
        #expect(paths[.expired]?.map(\.event) == [nil])
        #expect(paths[.closed]?.map(\.duration) == [nil])
        #expect(paths[.closed]?.map(\.description) == ["fail -> closed"])
        let cover = definition.transitionCover()
        #expect(cover.map(\.description).contains("idle --after 20 s--> active via next, after 20 s"))
        #expect(cover.map(\.description).contains("idle --fail--> closed via next, fail"), "the parent's line, in each child")
        #expect(cover.count == 8)
        let timed = cover.filter { $0.duration != nil }
        #expect(timed.map(\.description).sorted() == ["active --after 60 s--> expired via after 60 s", "idle --after 20 s--> active via next, after 20 s", "idle --after 60 s--> expired via next, after 60 s"])
        #expect(timed.allSatisfy { $0.event == nil })
        #expect(Set(timed.compactMap(\.duration)) == [.seconds(20), .seconds(60)])
        try expectFollows(cover, definition)
    }

    @Test("a machine that resumes histories is walked with its memory: the machine follows every path of the cover")
    func history() throws {
        // a is P's default, but P is only ever entered at b: resuming always goes to b.
        let neverA = MachineDefinition<String, String, String, Bool>(name: "neverA", initial: "off", events: ["go", "leave", "resume"]) {
            In("off") { On("go", to: "b") }
            Parent("P") { On("leave", to: "q") } children: {
                In("a")
                In("b")
            }
            In("q") { On("resume", to: "a", resuming: .shallow("P")) }
        }
        #expect(neverA.shortestPaths()["a"] == nil)
        #expect(neverA.transitionCover().map(\.description).contains("q --resume--> b via go, leave, resume"))
        // The jukebox resumes shallow and deep histories, from outside and inside, with timers.
        for definition in [neverA, jukebox] {
            let cover = definition.transitionCover()
            #expect(!cover.isEmpty)
            try expectFollows(cover, definition)
        }
    }

    @Test("unreachable states have no path")
    func unreachable() {
        let definition = MachineDefinition<Light, Signal, String, Bool>(name: "x", initial: .red) {
            In(.red) { On(.next, to: .green) }
            In(.green) { On(.next, to: .red) }
            In(.yellow) { On(.next, to: .red) }
        }
        #expect(definition.shortestPaths()[.yellow] == nil)
        #expect(definition.transitionCover().map(\.source) == [.red, .green])
    }
}

private enum Phase: Hashable, Sendable { case active, idle, expired, closed }

/// Runs every path of a cover on a new machine: each step is taken and ends where the path
/// says, and so does the path.
private func expectFollows<State, Event, Effect>(
    _ cover: [TransitionPath<State, Event>], _ definition: MachineDefinition<State, Event, Effect, Bool>
) throws where Event == Event.Key {
    for path in cover {
        var machine = try Machine(definition)
        for step in path.steps {
            let taken = try #require(try take(step, on: &machine, context: step.guardName != nil), "\(path): \(step) was not taken")
            #expect(taken.target == step.target, "\(definition.name): \(path)")
        }
        #expect(machine.state == path.target)
    }
}

/// Takes a step: sends its event, or fires the armed timer of its duration.
private func take<State, Event, Effect>(
    _ step: PathStep<State, Event>, on machine: inout Machine<State, Event, Effect, Bool>, context: Bool
) throws -> Transition<State, Event, Effect>? where Event == Event.Key {
    if let event = step.event { return try machine.send(event, context: context) }
    guard let duration = step.duration, let timer = machine.timers.first(where: { $0.duration == duration }) else { return nil }
    return machine.fire(timer, context: context)
}
