import Foundation
import FSMREPL

/// The explorer page's model checked against the REPL, in Swift, for every guard setting:
/// every state the page can reach (searched through the model), every event, every
/// assignment of the named guards. The page's own choice (the first alternative whose guard's
/// truth table holds, else the cell's default) picks an outcome from the model; a fresh
/// REPL session brought to that state must print exactly that outcome's text. The browser
/// test (Scripts/explorer-test.py) then checks the page's script against the REPL on walks.
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

    public static func check(_ machine: any DrivableMachine, maximumGuards: Int = 6) throws -> Report {
        let model = try model(ofPage: try ExplorerPage.html(for: machine))
        let events = model["events"] as? [String] ?? []
        let guards = model["guards"] as? [String] ?? []
        let expressions = model["guardExpressions"] as? [[String: Any]] ?? []
        let states = model["states"] as? [[String: Any]] ?? []
        let initial = model["initial"] as? Int ?? 0
        let assignments = guards.count <= maximumGuards ? (0..<(1 << guards.count)).map { row in
            Dictionary(uniqueKeysWithValues: guards.enumerated().map { ($0.element, row & (1 << $0.offset) != 0) })
        } : [Dictionary(uniqueKeysWithValues: guards.map { ($0, true) })]

        func holds(_ index: Int, _ values: [String: Bool]) -> Bool {
            let expression = expressions[index]
            let atoms = expression["atoms"] as? [Int] ?? []
            var row = 0
            for (position, atom) in atoms.enumerated() where values[guards[atom]] ?? true { row |= 1 << position }
            let truth = Array(expression["truth"] as? String ?? "")
            return truth[row] == "1"
        }
        func outcome(_ state: Int, _ event: Int, _ values: [String: Bool]) -> [String: Any] {
            let cells = states[state]["cells"] as? [[String: Any]] ?? []
            let cell = cells[event]
            for alternative in cell["alts"] as? [[String: Any]] ?? [] {
                if let index = alternative["guard"] as? Int, !holds(index, values) { continue }
                return alternative["o"] as? [String: Any] ?? [:]
            }
            return cell["else"] as? [String: Any] ?? [:]
        }
        func guardLines(_ values: [String: Bool]) -> [String] {
            guards.map { ":guard \($0) \(values[$0] ?? true ? "on" : "off")" }
        }

        // The states the page can reach, each with the lines that reach it.
        var paths: [Int: [String]] = [initial: []]
        var queue = [initial]
        while !queue.isEmpty {
            let state = queue.removeFirst()
            for values in assignments {
                for event in events.indices {
                    let o = outcome(state, event, values)
                    guard let target = o["target"] as? Int, o["kind"] as? String == "external" || o["kind"] as? String == "internal", paths[target] == nil else { continue }
                    paths[target] = (paths[state] ?? []) + guardLines(values) + [events[event]]
                    queue.append(target)
                }
            }
        }
        var report = Report()
        report.states = paths.count
        for (state, path) in paths.sorted(by: { $0.key < $1.key }) {
            let session = try machine.makeSession()
            for line in path { _ = session.handle(line) }
            let name = states[state]["name"] as? String ?? ""
            guard session.stateName == name else {
                report.mismatches.append("the path \(path) leads the REPL to \(session.stateName), the page to \(name)")
                continue
            }
            for values in assignments {
                for line in guardLines(values) { _ = session.handle(line) }
                for event in events.indices {
                    let expected = outcome(state, event, values)["text"] as? String ?? "(no text)"
                    let printed = session.handle(events[event])
                    report.checks += 1
                    if printed.text != expected {
                        report.mismatches.append("\(name), \(events[event]), guards \(values.sorted { $0.key < $1.key }): the page prints '\(expected)', the REPL '\(printed.text)'")
                    }
                    if session.stateName != name { _ = session.handle(":undo") }
                }
            }
        }
        return report
    }
}
