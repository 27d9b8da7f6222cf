import FSM
import FSMREPL
import FSMTesting
import FSMTool
import Foundation
import Testing
import TestSupport

// The tool-by-feature matrix: every tool on a machine of every statechart feature. A tool
// that refuses a machine ("cannot show yet", "not supported") fails its cell.

/// A door inside a building: nested states and a parent's line.
let matrixNested = MachineDefinition<String, String, String, Void>(name: "nested", initial: "closed", events: ["open", "close", "alarm"]) {
    Parent(state: "building", initial: "closed") {
        On("alarm", to: "closed", emit: "shut")
    } children: {
        In("closed") { On("open", to: "opened"); Ignore("close") }
        In("opened") { On("close", to: "closed"); Ignore("open") }
    }
}

/// The guards that hold: a context whose guards follow what a test decides.
typealias Holding = Set<String>

/// A guard that holds when the context says so.
func holding(_ name: String) -> Guard<Holding> { Guard<Holding>(name) { $0.contains(name) } }

/// A kettle that boils by itself once it is hot: a transition without an event.
let matrixEventless = MachineDefinition<String, String, String, Holding>(name: "eventless", initial: "off", events: ["fill", "empty"]) {
    In("off") { On("fill", to: "heating"); Ignore("empty") }
    In("heating") { Always(to: "boiling", guard: holding("hot"), emit: "whistle"); On("empty", to: "off"); Ignore("fill") }
    In("boiling") { On("empty", to: "off"); Ignore("fill") }
}

/// An order that ships when its packing is done: a parent's completion.
let matrixCompletion = MachineDefinition<String, String, String, Void>(name: "completion", initial: "packing", events: ["pack", "reset"]) {
    Parent(state: "order", initial: "packing") {
        OnDone(to: "shipped", emit: "notify")
        Ignore("reset")
    } children: {
        In("packing") { On("pack", to: "packed") }
        Final("packed")
    }
    In("shipped") { On("reset", to: "packing"); Ignore("pack") }
}

/// A trip that resumes where it was, two levels down: a deep history.
let matrixDeep = MachineDefinition<String, String, String, Void>(name: "deep", initial: "closing", events: ["shut", "arrive", "stop", "release"]) {
    Parent(state: "trip", initial: "closing") {
        On("stop", to: "halted")
    } children: {
        In("closing") { On("shut", to: "accelerating"); Ignore("arrive", "release") }
        Parent(state: "moving", initial: "accelerating") {
            Ignore("shut", "release")
        } children: {
            In("accelerating") { On("arrive", to: "cruising") }
            In("cruising") { Ignore("arrive") }
        }
    }
    In("halted") { On("release", to: "closing", resuming: .deep("trip")); Ignore("shut", "arrive", "stop") }
}

/// A request that gives up: a parent's timer, and a child's.
let matrixTimers = MachineDefinition<String, String, String, Void>(name: "timers", initial: "idle", events: ["go", "back"]) {
    In("idle") { On("go", to: "waiting"); Ignore("back") }
    Parent(state: "busy", initial: "waiting") {
        After(.seconds(60), to: "idle", emit: "gaveUp")
        On("back", to: "idle")
    } children: {
        In("waiting") { After(.milliseconds(1500), to: "late", emit: "tooLate"); On("go", to: "late") }
        In("late") { On("go", to: "waiting") }
    }
}

/// A desk lamp and its fan, switched on their own: two regions of a parallel machine.
struct LampAndFan: Hashable, Sendable { var lamp = "off"; var fan = "still" }
let matrixParallel = MachineDefinition<LampAndFan, String, String, Void>(
    name: "parallel", initial: LampAndFan(),
    regions: Region("lamp", \.lamp, MachineDefinition<String, String, String, Void>(name: "lamp", initial: "off", events: ["light", "reset"]) {
        In("off") { On("light", to: "on", emit: "glow"); Ignore("reset") }
        In("on") { On("reset", to: "off"); Ignore("light") }
    }), Region("fan", \.fan, MachineDefinition<String, String, String, Void>(name: "fan", initial: "still", events: ["spin", "reset"]) {
        In("still") { On("spin", to: "spinning"); Ignore("reset") }
        In("spinning") { On("reset", to: "still"); Ignore("spin") }
    })
)

/// A bell that rings when the code matches and otherwise ignores the button: a guarded cell
/// with its default (`otherwise`).
let matrixOtherwise = MachineDefinition<String, String, String, Holding>(name: "otherwise", initial: "quiet", events: ["press", "reset"]) {
    In("quiet") {
        On("press", to: "ringing", guard: holding("code matches"), emit: "ring")
        Ignore("press")
        Ignore("reset")
    }
    In("ringing") { On("reset", to: "quiet"); Illegal("press") }
}

/// A till whose deposits carry an amount: events with data, a guard on the data.
enum Till: String, Hashable, Sendable, CustomStringConvertible {
    case open, closed
    var description: String { rawValue }
}

enum TillEvent: MachineEvent, Hashable, Sendable, Codable, CustomStringConvertible {
    case deposit(amount: Int)
    case close, reopen

    enum Key: String, MachineEvent, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        case deposit, close, reopen
        var description: String { rawValue }
    }

    var key: Key {
        switch self {
        case .deposit: .deposit
        case .close: .close
        case .reopen: .reopen
        }
    }

    var description: String {
        switch self {
        case let .deposit(amount): "deposit(\(amount))"
        case .close: "close"
        case .reopen: "reopen"
        }
    }
}

let matrixData = MachineDefinition<Till, TillEvent, String, Void>(name: "data", initial: .open) {
    In(.open) {
        On(.deposit, to: .closed, guard: Guard<TillEvent>("large") { if case let .deposit(amount) = $0 { amount > 100 } else { false } }, emit: "alarm")
        Internal(.deposit, emit: "count")
        On(.close, to: .closed)
        Ignore(.reopen)
    }
    In(.closed) { On(.reopen, to: .open); Ignore(.deposit, .close) }
}

/// One feature's machine, and what the typed tools (paths, property helpers) make of it.
struct MatrixFeature: Sendable, CustomTestStringConvertible {
    let feature: String
    let machine: any MachineDescribing
    /// Lines typed at the REPL (every one must be taken without an error).
    let repl: [String]
    let hasTimers: Bool
    /// The number of states `shortestPaths` reaches and transitions `transitionCover` covers.
    let paths: @Sendable () -> (states: Int, transitions: Int)
    /// The steps `expectProperty` showed a property that holds (and how many were a timer's),
    /// and whether it found a counterexample.
    let property: @Sendable () -> (steps: Int, timerSteps: Int, broken: Bool)
    /// `expectAgreesWithTable`'s steps and mismatches.
    let agreement: @Sendable () -> (steps: Int, mismatches: [String])

    var testDescription: String { feature }

    init<State, Event, Effect: Equatable, Context>(
        _ feature: String, _ definition: MachineDefinition<State, Event, Effect, Context>, repl: [String],
        events: [Event], event: @escaping @Sendable (Event.Key, inout SeededRandom) -> Event,
        context: @escaping @Sendable ((String) -> Bool) -> Context
    ) where Event: Sendable {
        self.feature = feature
        machine = definition
        self.repl = repl
        hasTimers = !definition.table.timerRows.isEmpty
        paths = { (definition.shortestPaths().count, definition.transitionCover().count) }
        property = {
            var steps = 0, timerSteps = 0
            let found = expectProperty(definition, context: context { _ in true }, events: events, walks: 10, steps: 50) { step in
                steps += 1
                if step.timer != nil { timerSteps += 1 }
                return nil
            }
            return (steps, timerSteps, found != nil)
        }
        agreement = {
            let report = expectAgreesWithTable(definition, sequences: 100, event: event, context: context)
            return (report.steps, report.mismatches)
        }
    }
}

extension MatrixFeature {
    /// A feature whose machine's events carry no data.
    init<State, Event: Sendable, Effect: Equatable, Context>(
        _ feature: String, _ definition: MachineDefinition<State, Event, Effect, Context>, repl: [String],
        context: @escaping @Sendable ((String) -> Bool) -> Context
    ) where Event.Key == Event {
        self.init(feature, definition, repl: repl, events: definition.table.events, event: { key, _ in key }, context: context)
    }
}

let matrixFeatures: [MatrixFeature] = [
    MatrixFeature("nested states", matrixNested, repl: ["open", "alarm", "open", "close"], context: { _ in () }),
    MatrixFeature("parallel regions at the top", matrixParallel, repl: ["light", "spin", "reset"], context: { _ in () }),
    MatrixFeature("parallel regions in a parent", playerMachine, repl: ["play", "mute", "pause", "stop", "play", "eject"], context: { Viewer(licensed: $0("licensed")) }),
    MatrixFeature("shallow history", usbDevice, repl: ["powerOn", "address", "suspend", "busActivity", ":events"], context: { _ in () }),
    MatrixFeature("deep history", matrixDeep, repl: ["shut", "arrive", "stop", "release", ":events"], context: { _ in () }),
    MatrixFeature("eventless lines", matrixEventless, repl: ["fill", "empty", ":guard hot off", "fill"], context: { holds in Set(["hot"].filter(holds)) }),
    MatrixFeature("completion", matrixCompletion, repl: ["pack", "reset"], context: { _ in () }),
    MatrixFeature("timers", matrixTimers, repl: ["go", ":advance 10s", "go", ":advance 2min", "back"], context: { _ in () }),
    MatrixFeature("otherwise", matrixOtherwise, repl: ["press", "reset", ":guard code matches off", "press"], context: { holds in Set(["code matches"].filter(holds)) }),
    MatrixFeature("events with data", matrixData, repl: [#"deposit {"amount":5}"#, #"deposit {"amount":500}"#, "reopen", "close"],
                  events: [.deposit(amount: 5), .deposit(amount: 500), .close, .reopen],
                  event: { key, random in
                      switch key {
                      case .deposit: .deposit(amount: Int(random.next(upperBound: UInt64(200))))
                      case .close: .close
                      case .reopen: .reopen
                      }
                  }, context: { _ in () }),
]

/// The tools, each run on a feature's machine: what it printed, or what went wrong.
enum MatrixTool: String, CaseIterable, Sendable {
    case list, validate, table, tableAllEffects = "table --all-effects", dot, mermaid, scxmlOut = "scxml", scxmlIn = "scxml in"
    case repl, explore, exploreSnapshots = "explore snapshots", coverage, paths, property = "expectProperty", agreement = "expectAgreesWithTable"
}

@Suite("The tool-by-feature matrix: every tool works on a machine of every feature")
struct ToolFeatureMatrixTests {
    @Test("tool × feature", arguments: MatrixTool.allCases, matrixFeatures)
    func cell(tool kind: MatrixTool, feature: MatrixFeature) async throws {
        let machine = feature.machine
        let name = machine.name
        func run(_ arguments: [String], input: [String] = [], in folder: URL = FileManager.default.temporaryDirectory) async -> ToolRun {
            let run = await tool(arguments, machines: [machine], input: input, in: folder)
            #expect(run.status == 0, "\(arguments.joined(separator: " ")): \(run.stderr)")
            #expect(!run.stdout.isEmpty)
            return run
        }
        switch kind {
        case .list:
            #expect(await run(["list"]).stdout.contains(name))
        case .validate:
            _ = await run(["validate", name])
        case .table:
            for format in ["markdown", "json", "csv"] { _ = await run(["table", name, "--format", format]) }
        case .tableAllEffects:
            #expect(await run(["table", name, "--all-effects"]).stdout.hasPrefix("| from | event | guard | to | effects | all effects |"))
        case .dot:
            #expect(await run(["dot", name]).stdout.hasPrefix("digraph"))
        case .mermaid:
            #expect(await run(["mermaid", name]).stdout.contains("stateDiagram-v2"))
        case .scxmlOut:
            #expect(await run(["scxml", name]).stdout.contains("<scxml "))
        case .scxmlIn:
            // The document `scxml` wrote, given to the tool where a machine's name goes.
            let document = machine._outline.scxml().text
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("matrix-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            try document.write(to: folder.appendingPathComponent("\(name).scxml"), atomically: true, encoding: .utf8)
            let table = await run(["table", "\(name).scxml"], in: folder).stdout
            #expect(await run(["scxml", "\(name).scxml"], in: folder).stdout == document)
            if machine.regionStateNames.isEmpty { #expect(table == machine.tableText(.markdown)) }
        case .repl:
            let output = await run(["repl", name], input: feature.repl).stdout
            #expect(!output.contains("error:"), "\(output)")
        case .explore:
            let page = await run(["explore", name, "--output", "-"]).stdout
            #expect(page.contains("\"situations\""), "an explorer page")
        case .exploreSnapshots:
            // Every situation of the page, as its Download snapshot writes it (the header Swift
            // embedded, the names of the situation; timers left out), restores in the REPL
            // (`Machine.restore`) into the page's state.
            let model = try ExplorerAgreement.model(ofPage: try ExplorerPage.html(for: machine))
            let snapshot = try #require(model["snapshot"] as? [String: Any])
            let headerText = try #require(snapshot["header"] as? String)
            let header = try #require(try JSONSerialization.jsonObject(with: Data(headerText.utf8)) as? [String: Any])
            let histories = snapshot["histories"] as? [[String: Any]] ?? []
            let texts = model["texts"] as? [String] ?? []
            let states = model["states"] as? [[String: Any]] ?? []
            let situations = model["situations"] as? [[String: Any]] ?? []
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("matrix-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent("snapshot.json")
            #expect(situations.count > 1)
            for situation in situations {
                let names = try #require(situation["snapshot"] as? [Any])
                let remembers = try #require(names[2] as? [Any])
                var document = header
                document["state"] = texts[try #require(names[0] as? Int)]
                document["parents"] = try #require(names[1] as? [Int]).map { texts[$0] }
                document["history"] = zip(histories, remembers).map { history, remembered in
                    var memory = history
                    if let index = remembered as? Int { memory["remembers"] = texts[index] }
                    return memory
                }
                try JSONSerialization.data(withJSONObject: document).write(to: file)
                let session = try machine.makeSession()
                let restored = session.handle(":restore " + file.path)
                #expect(!restored.isError, "\(restored.text)")
                let state = try #require(situation["state"] as? Int)
                #expect(session.stateName == states[state]["name"] as? String)
            }
        case .coverage:
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("matrix-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            _ = await run(["repl", name, "--coverage-out", "cov.json"], input: feature.repl, in: folder)
            #expect(await run(["coverage", name, "cov.json"], in: folder).stdout.hasPrefix("## Coverage of `\(name)`"))
        case .paths:
            let (states, transitions) = feature.paths()
            #expect(states > 1 && transitions > 0, "\(states) states, \(transitions) transitions")
        case .property:
            let (steps, timerSteps, broken) = feature.property()
            #expect(!broken && steps > 0)
            if feature.hasTimers { #expect(timerSteps > 0, "timers fire in the walks") }
        case .agreement:
            let (steps, mismatches) = feature.agreement()
            #expect(steps > 0 && mismatches.isEmpty, "\(mismatches)")
        }
    }
}

@Suite("The REPL at the joints the matrix found")
struct MatrixREPLTests {
    @Test(":advance without a duration moves to the next deadline; with no timer armed it says so and changes nothing")
    func advanceToNextDeadline() throws {
        let session = try matrixTimers.makeSession()
        let idle = session.handle(":advance")
        #expect(idle.isError && idle.text == "error: no timer is armed: nothing to advance to (:advance DURATION moves time anyway); nothing changed")
        _ = session.handle("go")
        #expect(session.handle(":advance").text == "[1500 ms] waiting --after 1500 ms--> late [busy > late] / tooLate\ntime 1500 ms; state: busy > late")
        #expect(session.handle(":advance").text.hasPrefix("[60 s] late --after 60 s--> idle"))
        #expect(session.stateName == "idle")
        // The session's history, what :save writes, has the line as typed.
        #expect(session.handle(":history").text == "1. go\n2. :advance\n3. :advance")
    }

    @Test("a guard on the data, switched off, says it read the data instead of obeying the switch")
    func dataGuardSwitchedOff() throws {
        let session = try matrixData.makeSession()
        #expect(session.handle(":guard large off").text == "large: off")
        #expect(session.handle(#"deposit {"amount":500}"#).text == "open --deposit--> closed / alarm\n(guard 'large' read the data: :guard decides it only for the event sent without data)")
        #expect(session.handle("reopen").text == "closed --reopen--> open")
        // Sent without data, the switch decides.
        #expect(session.handle("deposit").text == "open --deposit--> open (internal) / count")
    }
}
