import FSM
import Foundation
import FSMREPL

/// The explorer page's model checked against the REPL, in Swift: every state the page can
/// reach (searched through the model), every event, every assignment of the named guards (of
/// a machine with at most `maximumGuards` of them; beyond, every guard on and each one off in
/// turn). The page's own choice (the first alternative whose guard's truth table holds, else
/// the cell's default) picks an outcome from the model; a REPL session brought to that state
/// must print exactly that outcome's text and end in its target. Events and guards the model
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

    public static func check(_ machine: any MachineDescribing, maximumGuards: Int = 6) throws -> Report {
        let model = try model(ofPage: try ExplorerPage.html(for: machine))
        let eventNames = model["events"] as? [String] ?? []
        let guards = model["guards"] as? [String] ?? []
        let expressions = model["guardExpressions"] as? [[String: Any]] ?? []
        let states = model["states"] as? [[String: Any]] ?? []
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

        func holds(_ index: Int, _ values: [String: Bool]) -> Bool {
            guard expressions.indices.contains(index) else { return false }
            let expression = expressions[index]
            let atoms = expression["atoms"] as? [Int] ?? []
            var row = 0
            for (position, atom) in atoms.enumerated() where guards.indices.contains(atom) && values[guards[atom]] ?? true { row |= 1 << position }
            let truth = Array(expression["truth"] as? String ?? "")
            return truth.indices.contains(row) && truth[row] == "1"
        }
        func outcome(_ state: Int, _ event: Int, _ values: [String: Bool]) -> [String: Any] {
            let cells = states.indices.contains(state) ? states[state]["cells"] as? [[String: Any]] ?? [] : []
            guard cells.indices.contains(event) else { return ["text": "(no cell)"] }
            let cell = cells[event]
            for alternative in cell["alts"] as? [[String: Any]] ?? [] {
                if let index = alternative["guard"] as? Int, !holds(index, values) { continue }
                return alternative["o"] as? [String: Any] ?? [:]
            }
            return cell["else"] as? [String: Any] ?? [:]
        }
        func guardLines(_ values: [String: Bool]) -> [String] {
            decided.map { ":guard \($0) \(values[$0] ?? true ? "on" : "off")" }
        }

        // The states the page can reach, each with the lines that reach it.
        var paths: [Int: [String]] = [initial: []]
        var queue = [initial]
        while !queue.isEmpty {
            let state = queue.removeFirst()
            for values in assignments {
                for (event, name) in events {
                    let o = outcome(state, event, values)
                    guard let target = o["target"] as? Int, o["kind"] as? String == "external" || o["kind"] as? String == "internal", paths[target] == nil else { continue }
                    paths[target] = (paths[state] ?? []) + guardLines(values) + [name]
                    queue.append(target)
                }
            }
        }
        var report = Report()
        report.states = paths.count
        for (state, path) in paths.sorted(by: { $0.key < $1.key }) {
            let session = try machine.makeSession()
            for line in path { _ = session.handle(line) }
            let name = states.indices.contains(state) ? states[state]["name"] as? String ?? "" : ""
            guard session.stateName == name else {
                report.mismatches.append("the path \(path) leads the REPL to \(session.stateName), the page to \(name)")
                continue
            }
            for values in assignments {
                for line in guardLines(values) { _ = session.handle(line) }
                for (event, eventName) in events {
                    let o = outcome(state, event, values)
                    let expected = o["text"] as? String ?? "(no text)"
                    let taken = o["kind"] as? String == "external" || o["kind"] as? String == "internal"
                    let target = (o["target"] as? Int).flatMap { states.indices.contains($0) ? states[$0]["name"] as? String : nil } ?? name
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
            }
        }
        return report
    }
}
