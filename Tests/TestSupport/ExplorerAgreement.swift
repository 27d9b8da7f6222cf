import FSM
import Foundation
import FSMREPL

/// The explorer page's model checked against the REPL, in Swift: every state the page can
/// reach (searched through the model: a state, what its histories remember, its timers), every event, every assignment of the named guards (of
/// a machine with at most `maximumGuards` of them; beyond, every guard on and each one off in
/// turn), and advancing time to the next deadline. The page's own walk down an outcome tree
/// (each guard it asks answered as set) picks an outcome from the model; a REPL session
/// brought to that situation must print exactly that outcome's text and end in its target. Events and guards the model
/// marks as not typeable in the REPL are left out (the page warns when a session uses them).
/// The browser test (Judges/explorer-test.py) then checks the page's script against the REPL
/// on walks.
public enum ExplorerAgreement {
    public struct Report: Sendable {
        public var states = 0
        public var checks = 0
        public var mismatches: [String] = []
    }

    /// The model embedded in a page.
    public static func model(ofPage html: String) throws -> [String: Any] {
        let open = "<script type=\"application/json\" id=\"fsm-model\">"
        guard let start = html.range(of: open), let end = html.range(of: "</script>", range: start.upperBound..<html.endIndex) else {
            throw CocoaError(.fileReadCorruptFile)
        }
        let json = Data(html[start.upperBound..<end.lowerBound].utf8)
        guard let model = try JSONSerialization.jsonObject(with: json) as? [String: Any] else { throw CocoaError(.fileReadCorruptFile) }
        return model
    }

    /// Checks `page` (by default, the page `fsm explore` writes for the machine): every
    /// situation reached, or every `every`-th of them (each is still searched).
    public static func check(_ machine: any MachineDescribing, page: String? = nil, maximumGuards: Int = 6, every: Int = 1) throws -> Report {
        let model = try model(ofPage: try page ?? ExplorerPage.html(for: machine))
        let eventNames = model["events"] as? [String] ?? []
        let guards = model["guards"] as? [String] ?? []
        let states = model["states"] as? [[String: Any]] ?? []
        let situations = model["situations"] as? [[String: Any]] ?? []
        let texts = model["texts"] as? [String] ?? []
        func text(_ number: Any?) -> String {
            guard let index = number as? Int, texts.indices.contains(index) else { return "(no text)" }
            return texts[index]
        }
        let initial = model["initial"] as? Int ?? 0
        let typeableEvents = model["typeableEvents"] as? [Bool] ?? []
        let typeableGuards = model["typeableGuards"] as? [Bool] ?? []
        let decided = guards.indices.filter { typeableGuards.indices.contains($0) && typeableGuards[$0] }.map { guards[$0] }
        let events = eventNames.indices.filter { typeableEvents.indices.contains($0) && typeableEvents[$0] }.map { ($0, eventNames[$0]) }
        let assignments = decided.count <= maximumGuards ? (0..<(1 << decided.count)).map { row in
            Dictionary(uniqueKeysWithValues: decided.enumerated().map { ($0.element, row & (1 << $0.offset) != 0) })
        } : [Dictionary(uniqueKeysWithValues: decided.map { ($0, true) })] + decided.map { off in
            Dictionary(uniqueKeysWithValues: decided.map { ($0, $0 != off) })
        }

        // The page's walk down an outcome tree: each question answered as the guards are set.
        func decide(_ tree: Any?, _ values: [String: Bool]) -> [String: Any] {
            var node = tree as? [String: Any] ?? [:]
            while let atom = node["g"] as? Int {
                let on = guards.indices.contains(atom) ? values[guards[atom]] ?? true : true
                node = node[on ? "t" : "f"] as? [String: Any] ?? [:]
            }
            return node
        }
        func cell(_ situation: Int, _ event: Int) -> Any? {
            guard situations.indices.contains(situation), let cells = situations[situation]["cells"] as? [Any], cells.indices.contains(event) else { return nil }
            return cells[event]
        }
        func stateName(_ situation: Int) -> String {
            guard situations.indices.contains(situation), let state = situations[situation]["state"] as? Int, states.indices.contains(state) else { return "" }
            return states[state]["name"] as? String ?? ""
        }
        func configuration(_ situation: Int) -> String {
            guard situations.indices.contains(situation), let state = situations[situation]["state"] as? Int, states.indices.contains(state) else { return "" }
            return states[state]["configuration"] as? String ?? ""
        }
        /// The deadline of the next timer, in nanoseconds, or `nil`.
        func next(_ situation: Int) -> Int64? {
            guard situations.indices.contains(situation) else { return nil }
            return (situations[situation]["next"] as? String).flatMap { Int64($0) }
        }
        func guardLines(_ values: [String: Bool]) -> [String] {
            decided.map { ":guard \($0) \(values[$0] ?? true ? "on" : "off")" }
        }
        /// The line and text the page writes for advancing from `situation` at time `now`.
        func advance(_ situation: Int, now: Int64, _ values: [String: Bool]) -> (line: String, text: String, target: Int, now: Int64)? {
            guard let step = next(situation), situations.indices.contains(situation) else { return nil }
            let leaf = decide(situations[situation]["advance"], values)
            let target = leaf["target"] as? Int ?? -1
            let later = now + step
            let stamp = "[\(DurationText.words(.nanoseconds(later)))] "
            let lines = (leaf["lines"] as? [Int] ?? []).map { stamp + text($0) } + ["time \(DurationText.words(.nanoseconds(later))); state: \(configuration(target))"]
            return (":advance \(DurationText.words(.nanoseconds(step)))", lines.joined(separator: "\n"), target, later)
        }

        // The situations the page can reach, each with the lines that reach it and the time then.
        var paths: [Int: (lines: [String], now: Int64)] = [initial: ([], 0)]
        var queue = [initial]
        while !queue.isEmpty {
            let situation = queue.removeFirst()
            guard let path = paths[situation] else { continue }
            for values in assignments {
                for (event, name) in events {
                    let o = decide(cell(situation, event), values)
                    guard let target = o["target"] as? Int, o["kind"] as? String == "external" || o["kind"] as? String == "internal", paths[target] == nil else { continue }
                    paths[target] = (path.lines + guardLines(values) + [name], path.now)
                    queue.append(target)
                }
                if let step = advance(situation, now: path.now, values), paths[step.target] == nil {
                    paths[step.target] = (path.lines + guardLines(values) + [step.line], step.now)
                    queue.append(step.target)
                }
            }
        }
        var report = Report()
        report.states = paths.count
        for (situation, path) in paths.sorted(by: { $0.key < $1.key }) where situation % max(every, 1) == 0 {
            let session = try machine.makeSession()
            for line in path.lines { _ = session.handle(line) }
            let name = stateName(situation)
            guard session.stateName == name else {
                report.mismatches.append("the path \(path.lines) leads the REPL to \(session.stateName), the page to \(name)")
                continue
            }
            for values in assignments {
                for line in guardLines(values) { _ = session.handle(line) }
                for (event, eventName) in events {
                    let o = decide(cell(situation, event), values)
                    let expected = text(o["text"])
                    let taken = o["kind"] as? String == "external" || o["kind"] as? String == "internal"
                    let target = (o["target"] as? Int).map(stateName) ?? name
                    let before = session.script.count
                    let printed = session.handle(eventName)
                    report.checks += 1
                    if printed.text != expected {
                        report.mismatches.append("\(name), \(eventName), guards \(values.sorted { $0.key < $1.key }): the page prints '\(expected)', the REPL '\(printed.text)'")
                    }
                    if session.stateName != (taken ? target : name) || (session.script.count > before) != taken {
                        report.mismatches.append("\(name), \(eventName): the page goes to \(taken ? target : name) (taken: \(taken)), the REPL to \(session.stateName)")
                    }
                    if session.script.count > before { _ = session.handle(":undo") }
                }
                if let step = advance(situation, now: path.now, values) {
                    let printed = session.handle(step.line)
                    report.checks += 1
                    if printed.text != step.text {
                        report.mismatches.append("\(name), \(step.line), guards \(values.sorted { $0.key < $1.key }): the page prints '\(step.text)', the REPL '\(printed.text)'")
                    }
                    if session.stateName != stateName(step.target) {
                        report.mismatches.append("\(name), \(step.line): the page goes to \(stateName(step.target)), the REPL to \(session.stateName)")
                    }
                    _ = session.handle(":undo")
                }
            }
        }
        return report
    }

    /// A seeded random session as the page would click it (events, guards switched, time
    /// advanced to the next deadline, undo, reset), followed through the page's model, with
    /// what the REPL prints for each line: the browser test clicks the same lines in the page
    /// and must see the same text. Only lines the REPL can read are used.
    public static func session(_ machine: any MachineDescribing, seed: UInt64, steps: Int) throws -> (lines: [String], outputs: [String], finalState: String) {
        let model = try model(ofPage: try ExplorerPage.html(for: machine))
        let eventNames = model["events"] as? [String] ?? []
        let guards = model["guards"] as? [String] ?? []
        let situations = model["situations"] as? [[String: Any]] ?? []
        let typeableEvents = model["typeableEvents"] as? [Bool] ?? []
        let typeableGuards = model["typeableGuards"] as? [Bool] ?? []
        let events = eventNames.indices.filter { typeableEvents.indices.contains($0) && typeableEvents[$0] }
        let switches = guards.indices.filter { typeableGuards.indices.contains($0) && typeableGuards[$0] }
        var random = seed | 1
        func next(_ bound: Int) -> Int {
            random ^= random << 13
            random ^= random >> 7
            random ^= random << 17
            return Int(random % UInt64(max(bound, 1)))
        }
        var values: [String: Bool] = [:]
        var situation = model["initial"] as? Int ?? 0
        var undo: [(situation: Int, values: [String: Bool])] = []
        func decide(_ tree: Any?) -> [String: Any] {
            var node = tree as? [String: Any] ?? [:]
            while let atom = node["g"] as? Int {
                let on = guards.indices.contains(atom) ? values[guards[atom]] ?? true : true
                node = node[on ? "t" : "f"] as? [String: Any] ?? [:]
            }
            return node
        }
        let session = try machine.makeSession()
        var lines: [String] = [], outputs: [String] = []
        for _ in 0..<steps {
            let roll = next(100)
            let here = situations.indices.contains(situation) ? situations[situation] : [:]
            var line: String
            if roll < 55, !events.isEmpty {
                let e = events[next(events.count)]
                line = eventNames[e]
                let o = decide((here["cells"] as? [Any]).flatMap { $0.indices.contains(e) ? $0[e] : nil })
                if o["kind"] as? String == "external" || o["kind"] as? String == "internal", let target = o["target"] as? Int {
                    undo.append((situation, values))
                    situation = target
                }
            } else if roll < 75, let step = here["next"] as? String, let nanoseconds = Int64(step) {
                line = ":advance \(DurationText.words(.nanoseconds(nanoseconds)))"
                undo.append((situation, values))
                situation = decide(here["advance"])["target"] as? Int ?? situation
            } else if roll < 87, !switches.isEmpty {
                let name = guards[switches[next(switches.count)]]
                let on = !(values[name] ?? true)
                line = ":guard \(name) \(on ? "on" : "off")"
                undo.append((situation, values))
                values[name] = on
            } else if roll < 97 {
                line = ":undo"
                if let last = undo.popLast() { (situation, values) = last }
            } else {
                line = ":reset"
                situation = model["initial"] as? Int ?? 0
                values = [:]
                undo = []
            }
            lines.append(line)
            outputs.append(session.handle(line).text)
        }
        return (lines, outputs, session.stateName)
    }
}
