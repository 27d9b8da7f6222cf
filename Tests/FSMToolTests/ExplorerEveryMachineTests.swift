import FSM
import FSMCoverage
import FSMREPL
import FSMTesting
import FSMTool
import Foundation
import Testing
import TestSupport

/// Machines the explorer once refused: histories, timers, transitions without an event,
/// regions inside a parent, and the elevator's three levels of parents with all of them.
let explorerMachines: [(name: String, machine: any MachineDescribing)] = [
    ("usb", usbDevice), ("elevator", elevatorCar), ("history", scxmlHistory), ("eventless", scxmlEventless),
    ("timed", scxmlTimed), ("player", playerMachine), ("lab", explorerLab),
]

/// The situations each page can reach (a state where the machine rests, with what its
/// histories remember and its timers' time left).
let explorerSituations = ["usb": 19, "elevator": 777, "history": 42, "eventless": 8, "timed": 120, "player": 8, "lab": 4]

@Suite("The explorer shows every machine the library runs: histories, timers, eventless lines, regions in a parent")
struct ExplorerEveryMachineTests {
    @Test("every outcome the page can pick, from every situation it can reach, is what the REPL prints", arguments: explorerMachines.map(\.name))
    func agrees(name: String) throws {
        let machine = try #require(explorerMachines.first { $0.name == name }?.machine)
        // The elevator's 777 situations are all searched; every 40th is checked against the REPL
        // (all of them take minutes in a debug build).
        let report = try ExplorerAgreement.check(machine, every: name == "elevator" ? 40 : 1)
        #expect(report.mismatches == [])
        #expect(report.states == explorerSituations[name], "\(report.states) situations")
        #expect(report.checks > 0)
    }

    @Test("the USB device's situations: what its history remembers and the time left on its timer are kept apart")
    func usbSituations() throws {
        let model = try ExplorerAgreement.model(ofPage: try ExplorerPage.html(for: usbDevice))
        let situations = try #require(model["situations"] as? [[String: Any]])
        let states = try #require(model["states"] as? [[String: Any]])
        let memories = Set(situations.map { ($0["memory"] as? [String] ?? []).joined(separator: "; ") })
        #expect(memories == ["", "history(Awake): Default", "history(Awake): Address", "history(Awake): Configured"])
        // Suspended is reached only when the 3 s timer of Awake runs out.
        let suspended = try #require(states.firstIndex { $0["name"] as? String == "Suspended" })
        let address = try #require(states.firstIndex { $0["name"] as? String == "Address" })
        let fromAddress = try #require(situations.first { $0["state"] as? Int == address })
        #expect(fromAddress["next"] as? String == "3000000000")
        #expect((fromAddress["timers"] as? [[String: Any]])?.first?["label"] as? String == "after 3 s (Awake)")
        let advance = try #require(fromAddress["advance"] as? [String: Any])
        let target = try #require(advance["target"] as? Int)
        #expect(situations[target]["state"] as? Int == suspended)
        #expect(situations[target]["memory"] as? [String] == ["history(Awake): Address"])
        let texts = try #require(model["texts"] as? [String])
        #expect((advance["lines"] as? [Int])?.map { texts[$0] } == ["Address --after 3 s--> Suspended [Powered > Suspended]"])
    }

    @Test("a page whose model is wrong is caught: a timer's outcome or a resumed history's target planted wrong disagrees with the REPL")
    func plantedBugIsFound() throws {
        let page = try ExplorerPage.html(for: usbDevice)
        #expect(try ExplorerAgreement.check(usbDevice, page: page).mismatches == [])
        for (right, wrong) in [
            ("Address --after 3 s--> Suspended [Powered > Suspended]", "Address --after 3 s--> Default [Powered > Awake > Default]"),
            ("Suspended --busActivity--> Configured", "Suspended --busActivity--> Default"),
        ] {
            // As the page's JSON writes them: '>' escaped for HTML.
            let planted = page.replacingOccurrences(of: right.replacingOccurrences(of: ">", with: "\\u003e"), with: wrong.replacingOccurrences(of: ">", with: "\\u003e"))
            #expect(planted != page, "\(right) is in the page")
            #expect(try ExplorerAgreement.check(usbDevice, page: planted).mismatches.contains { $0.contains(wrong) })
        }
    }

    @Test("the page counts every state a chain of transitions without an event enters, as the REPL's coverage does", arguments: ["eventless", "kettle"])
    func chainCoverage(name: String) throws {
        let machine: any MachineDescribing = name == "eventless" ? scxmlEventless : matrixEventless
        let model = try ExplorerAgreement.model(ofPage: try ExplorerPage.html(for: machine))
        let events = model["events"] as? [String] ?? [], guards = model["guards"] as? [String] ?? []
        let states = (model["states"] as? [[String: Any]] ?? []).map { $0["name"] as? String ?? "" }
        let situations = model["situations"] as? [[String: Any]] ?? [], texts = model["texts"] as? [String] ?? []
        var situation = model["initial"] as? Int ?? 0
        func stateName(_ s: Int) -> String { states[situations[s]["state"] as? Int ?? 0] }
        var values: [String: Bool] = [:]
        func decide(_ tree: Any?) -> [String: Any] {
            var node = tree as? [String: Any] ?? [:]
            while let atom = node["g"] as? Int { node = node[values[guards[atom]] ?? true ? "t" : "f"] as? [String: Any] ?? [:] }
            return node
        }
        let session = try machine.makeSession()
        // What the page counts (explorer.js: `send`): the state it starts in, then each step's.
        var entered: Set<String> = [stateName(situation)]
        var chains = 0
        var random = SeededRandom(seed: 2026)
        for _ in 0..<400 {
            if !guards.isEmpty, random.next(upperBound: UInt64(4)) == 0 {
                let name = guards[Int(random.next(upperBound: UInt64(guards.count)))]
                values[name] = !(values[name] ?? true)
                _ = session.handle(":guard \(name) \(values[name] ?? true ? "on" : "off")")
                continue
            }
            let e = Int(random.next(upperBound: UInt64(events.count)))
            let o = decide((situations[situation]["cells"] as? [Any])?[e])
            _ = session.handle(events[e])
            guard let kind = o["kind"] as? String, kind == "external" || kind == "internal", let target = o["target"] as? Int else { continue }
            if let list = o["entered"] as? [Int] {
                if list.count > 1 { chains += 1 }
                entered.formUnion(list.map { texts[$0] })
            } else if kind == "external" {
                entered.insert(stateName(target))
            }
            situation = target
        }
        let counted = try #require(session.coverage[machine: machine.name]).states.filter { $0.entered > 0 }.map(\.state)
        #expect(entered == Set(counted), "the page: \(entered.sorted()); the REPL: \(counted.sorted())")
        #expect(chains > 0, "steps that passed through states")
        #expect(stateName(situation) == session.stateName)
    }

    @Test("pages and sessions for the browser test: a walk through each machine with what the REPL printed")
    func browserSessions() throws {
        guard let directory = ProcessInfo.processInfo.environment["FSM_EXPLORER_OUT"], !directory.isEmpty else { return }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let graphviz = Graphviz.find()
        for (name, machine) in explorerMachines where ["usb", "player", "eventless", "elevator"].contains(name) {
            let svg = graphviz.flatMap { try? String(decoding: $0.svg(fromDOT: ExplorerPage.diagramDOT(for: machine)), as: UTF8.self) }
            try Data(try ExplorerPage.html(for: machine, diagramSVG: svg).utf8).write(to: URL(fileURLWithPath: directory).appendingPathComponent("\(name).html"))
            let session = try ExplorerAgreement.session(machine, seed: 0x5eed + UInt64(name.count), steps: 120)
            try JSONSerialization.data(withJSONObject: ["lines": session.lines, "outputs": session.outputs, "final": session.finalState])
                .write(to: URL(fileURLWithPath: directory).appendingPathComponent("\(name)-session.json"))
        }
    }
}

/// A parent's timer of 5,000 s over two children that pass a 1 s timer back and forth: each
/// second left on the parent's timer is a situation of its own (10,000 of them).
private let slowlyTicking = MachineDefinition<String, String, String, Void>(name: "ticking", initial: "tick", events: ["nudge"]) {
    Parent(state: "clock", initial: "tick") {
        After(.seconds(5_000), to: "tick")
    } children: {
        In("tick") { After(.seconds(1), to: "tock"); Ignore("nudge") }
        In("tock") { After(.seconds(1), to: "tick"); Ignore("nudge") }
    }
}

@Suite("The explorer's bounds")
struct ExplorerBoundsTests {
    @Test("a machine with more situations than a page holds is refused with the bound and what to use instead, after at most that many")
    func tooManySituations() throws {
        #expect(throws: ExplorerError.self) { try ExplorerPage.html(for: slowlyTicking) }
        do {
            _ = try ExplorerPage.html(for: slowlyTicking)
        } catch {
            #expect(error.description == "'ticking' can be in more than 4000 situations (states, what histories remember, timers' remaining times), more than one page holds; drive it with `repl` instead")
        }
    }
}

/// A parent's guarded 2 s timer over two children that pass a 1 s timer back and forth: with
/// the guard off, the parent's timer is spent and stays spent while the children tick.
private let spentWhileTicking = MachineDefinition<String, String, String, Void>(name: "spent", initial: "tick", events: ["nudge"]) {
    Parent(state: "clock", initial: "tick") {
        After(.seconds(2), to: "tick", guard: Guard("due") { true })
    } children: {
        In("tick") { After(.seconds(1), to: "tock"); Ignore("nudge") }
        In("tock") { After(.seconds(1), to: "tick"); Ignore("nudge") }
    }
}

@Suite("The explorer's situations stay few")
struct ExplorerSpentTimerTests {
    @Test("a spent timer is one situation however long ago it ran out, and the page agrees with the REPL")
    func spentTimer() throws {
        let report = try ExplorerAgreement.check(spentWhileTicking)
        #expect(report.mismatches == [])
        // tick with the parent's 2 s left, tock with 1 s left, and tick and tock with it spent
        // (before spent timers were keyed by their deadline, each tick made a new one and the
        // search ran into its bound of 4,000).
        #expect(report.states == 4)
    }
}
