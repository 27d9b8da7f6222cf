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
                let taken = try machine.send(step.event, context: step.guardName != nil)
                #expect(taken.target == step.target, "\(path)")
            }
            #expect(machine.state == path.target)
        }
        #expect(cover.map(\.description).contains("green --next [at night]--> yellow via next, next"))
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
