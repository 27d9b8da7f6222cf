import FSM
import Foundation

/// An SCXML document read as a machine whose states, events and effects are strings, so that
/// every command of the tool works on it: `fsm dot door.scxml`, `table`, `validate`, `repl`.
///
/// The subset is what ``MachineDefinition/scxml`` writes: `<state>`, `<final>`, a top-level
/// `<parallel>` of regions, `initial` (attribute or `<initial>`), `<transition>` with `event`,
/// one `target` (none: an internal transition) and a `cond` over boolean `<data>` items
/// (`!`, `&&`, `||`, `=== false`, parentheses; `true` and `false` as they are), `<log>` as
/// effects (`label`, a quoted `expr`'s text, or `label: expr`), `<onentry>` and `<onexit>`, and
/// a delayed `<send>` on entry with a transition on its event as a timer. Events are read as
/// SCXML matches them: `*` and `go.*` stand for every event they match, `go` also takes
/// `go.x`, and of the lines on one event in a state the first without a condition is the last
/// one taken (SCXML's document order).
/// The `fsm:` attributes that document writes give back the names and the lines SCXML
/// cannot say (`Ignore`, `Illegal`, `IgnoreOtherEvents`), so a machine read back is the
/// machine written. Anything else is refused with its line, as is a document whose meaning
/// under SCXML's rules would differ from this library's (an event a state's failing guards
/// would pass to its parent).
package enum SCXMLImport {
    static let scxmlNamespace = "http://www.w3.org/2005/07/scxml"

    /// Why a document cannot be read as a machine.
    package struct Failure: Error, CustomStringConvertible {
        package let file: String
        package let line: Int
        package let message: String
        /// `FILE:LINE: MESSAGE`, or `FILE: MESSAGE` for the whole file (it cannot be read).
        package var description: String { line > 0 ? "\(file):\(line): \(message)" : "\(file): \(message)" }
    }

    /// Whether a machine argument names an SCXML file rather than a machine of the catalog.
    package static func names(_ argument: String) -> Bool { argument.lowercased().hasSuffix(".scxml") }

    /// Reads the file at `path` as a machine; messages name it `label` (as the user typed it).
    package static func machine(file path: String, label: String? = nil) throws(Failure) -> any MachineDescribing {
        let label = label ?? path
        let bytes: [UInt8]
        do {
            bytes = try ScriptFile.bytes(of: path, kind: "an SCXML document")
        } catch {
            throw Failure(file: label, line: 0, message: "cannot be read: \(error)")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw Failure(file: label, line: 0, message: "is not UTF-8 text")
        }
        return try machine(text: text, file: label)
    }

    /// Reads a document as a machine; `file` names it in messages and, when the document has
    /// no name, gives the machine its name.
    package static func machine(text: String, file: String) throws(Failure) -> any MachineDescribing {
        let root: XMLElement
        do {
            root = try XMLTree.parse(text)
        } catch {
            throw Failure(file: file, line: error.line, message: error.message)
        }
        var reader = Reader(file: file)
        return try reader.machine(root)
    }

    /// Reads a document as ``machine(text:file:)`` does, and says how many lines and timers
    /// it looked at to tell the events of timers from the machine's own (for a test that this
    /// stays linear in the document).
    package static func timerEventSteps(text: String) throws(Failure) -> Int {
        let root: XMLElement
        do {
            root = try XMLTree.parse(text)
        } catch {
            throw Failure(file: "document", line: error.line, message: error.message)
        }
        var reader = Reader(file: "document")
        _ = try reader.machine(root)
        return reader.timerEventSteps
    }

    /// A condition over the document's boolean data items.
    indirect enum Condition {
        case atom(String)
        case not(Condition)
        case and([Condition])
        case or([Condition])
    }

    struct Line {
        var event: String
        let target: String?
        let condition: Condition?
        let effects: [String]
        /// `fsm:kind`: `ignore`, `illegal`, `refuse`, or nil for a transition.
        let kind: String?
        let line: Int
        /// A descriptor that names events by prefix (`*`: "", `go.*` and `go.`: "go"), or nil
        /// for an event name (which also matches the events below it: `go` takes `go.x`).
        var prefix: String? = nil
        /// `cond="false"`: never taken.
        var never = false
    }

    final class Node {
        enum Kind { case state, final, parallel }
        let kind: Kind
        let id: String
        let name: String
        let line: Int
        weak var parent: Node?
        var children: [Node] = []
        var initial: String?
        var lines: [Line] = []
        /// Transitions without an event (``Always``), and on `done.state.ID` of this node
        /// (``OnDone``), in document order.
        var eventless: [(target: String, condition: Condition?, effects: [String], done: Bool, line: Int)] = []
        var entry: [String] = []
        var exit: [String] = []
        var timers: [(event: String, delay: Duration, line: Int)] = []
        var ignore: [String] = []
        var illegal: [String] = []
        var overrides: [String] = []
        var others: String?

        init(kind: Kind, id: String, name: String, line: Int) {
            self.kind = kind
            self.id = id
            self.name = name
            self.line = line
        }

        var ancestors: [Node] {
            var result: [Node] = []
            var current = parent
            while let node = current {
                result.append(node)
                current = node.parent
            }
            return result
        }
    }

    struct Reader {
        let file: String
        var nodes: [String: Node] = [:]
        /// The data items: id, name and initial value.
        var data: [String: (name: String, holds: Bool, line: Int)] = [:]
        var dataOrder: [String] = []
        /// Events in order of first appearance (their names in the document).
        var eventOrder: [String] = []
        var eventSeen: Set<String> = []
        /// The ids some transition targets (a parent among them is declared with a state value).
        var targeted: Set<String> = []
        /// The `<history>` pseudo-states, by id: their parent, whether deep, their default's id.
        var histories: [String: (parent: Node, deep: Bool, defaultID: String, line: Int)] = [:]
        /// The lines and timers looked at to tell the events of timers from the machine's
        /// (what a test of its complexity counts: linear in the document).
        var timerEventSteps = 0

        init(file: String) { self.file = file }

        func fail(_ line: Int, _ message: String) -> Failure { Failure(file: file, line: line, message: message) }

        func unsupported(_ element: XMLElement, _ why: String = "") -> Failure {
            fail(element.line, "<\(element.name)> is not supported\(why.isEmpty ? "" : ": " + why)")
        }

        /// The SCXML children of an element (elements of other namespaces are extensions,
        /// which SCXML lets a reader skip).
        func children(_ element: XMLElement) -> [XMLElement] {
            element.children.filter { $0.namespace == SCXMLImport.scxmlNamespace }
        }

        mutating func machine(_ root: XMLElement) throws(Failure) -> any MachineDescribing {
            guard root.name == "scxml", root.namespace == SCXMLImport.scxmlNamespace else {
                throw fail(root.line, "not an SCXML document: the root is <\(root.name)>\(root.namespace.isEmpty ? " in no namespace" : " in \(root.namespace)") (SCXML's is <scxml xmlns=\"\(SCXMLImport.scxmlNamespace)\">)")
            }
            try checkAttributes(root)
            if let binding = root.attribute("binding"), binding == "late" { throw fail(root.line, "binding=\"late\" is not supported") }
            var top: [Node] = []
            // The data items first: a condition may come before the <datamodel> in the document.
            for child in children(root) where child.name == "datamodel" { try readData(child) }
            if !data.isEmpty, !["ecmascript", "python"].contains(root.attribute("datamodel") ?? "null") {
                throw fail(root.line, "data items and conditions need datamodel=\"ecmascript\" (this document's is \(root.attribute("datamodel") ?? "null, by default"))")
            }
            for child in children(root) {
                switch child.name {
                case "datamodel": continue
                case "state", "final", "parallel": top.append(try node(child, parent: nil))
                case "script": throw unsupported(child, "scripts (executable content) are not part of a machine here")
                default: throw unsupported(child, "not a child of <scxml> this tool reads")
                }
            }
            guard !top.isEmpty else { throw fail(root.line, "the document has no state") }
            dropTimerEvents()
            try expandDescriptors(top)
            let fsmName = try exactName(root)
            let baseName = String(file.split(separator: "/").last ?? Substring(file))
            let name = fsmName ?? root.attribute("name") ?? String(baseName.dropLast(".scxml".count))
            let summary = root.attribute("summary", namespace: SCXMLWriter.namespace) ?? ""
            // The machine's version (snapshots record it): 1 unless the document says another.
            var version = 1
            if let declared = root.attribute("version", namespace: SCXMLWriter.namespace) {
                guard let number = Int(declared), number >= 1 else { throw fail(root.line, "fsm:version \(quoting: declared) is not a whole number from 1") }
                version = number
            }
            // Event names: the document's names, or the machine's own when it says them.
            var eventNames: [String: String] = [:]
            var events: [String] = eventOrder
            if let listed = root.attribute("events", namespace: SCXMLWriter.namespace) {
                // JSONDecoder, not JSONSerialization: on Linux the latter drops a U+FEFF inside
                // a string (an event named with one came back without it; found by fuzzing).
                guard let data = listed.data(using: .utf8), let names = try? JSONDecoder().decode([String].self, from: data) else {
                    throw fail(root.line, "fsm:events is not a JSON array of names")
                }
                var writer = SCXMLWriter()
                events = names
                for eventName in names { eventNames[writer.event(for: eventName)] = eventName }
                for event in eventOrder where eventNames[event] == nil {
                    throw fail(root.line, "the event \(quoting: event) is not in fsm:events")
                }
            }
            func eventName(_ id: String) -> String { eventNames[id] ?? id }
            try check(top)
            for node in nodes.values {
                for line in node.lines { if let target = line.target { targeted.insert(target) } }
                // A transition without an event (or a completion) to a parent names it too.
                for line in node.eventless { targeted.insert(line.target) }
            }
            for (historyID, history) in histories.sorted(by: { $0.value.line < $1.value.line }) {
                // A default may name states of several regions of a <parallel> inside the parent.
                let defaults = history.defaultID.split(separator: " ").map { nodes[String($0)] }
                guard !defaults.isEmpty, defaults.allSatisfy({ $0?.ancestors.contains(where: { $0 === history.parent }) ?? false }) else {
                    let what = histories[history.defaultID] != nil ? "another history, not a state" : "not a state inside \(quoting: history.parent.id)"
                    throw fail(history.line, "the default \(quoting: history.defaultID) of the history \(quoting: historyID) is \(what)")
                }
                targeted.insert(history.defaultID)
            }
            let direction = root.attribute("direction", namespace: SCXMLWriter.namespace).flatMap(DiagramDirection.init(rawValue:))
            let initialID = root.attribute("initial") ?? top[0].id
            // A <parallel> that is the whole document is a parallel machine; one with lines of
            // its own (entry, exit, transitions) is a parallel parent, read like one inside a state.
            if top.count == 1, top[0].kind == .parallel, top[0].lines.isEmpty, top[0].entry.isEmpty, top[0].exit.isEmpty, top[0].ignore.isEmpty,
               top[0].illegal.isEmpty, top[0].others == nil, top[0].timers.isEmpty, top[0].eventless.isEmpty {
                let parallel = top[0]
                guard initialID == parallel.id || parallel.children.contains(where: { $0.id == initialID }) else {
                    throw fail(root.line, "the initial state \(quoting: initialID) is inside a region: a parallel machine starts in every region's initial state")
                }
                var regions: [Region<SCXMLConfiguration, String, String, Void>] = []
                var initialParts: [String] = []
                for (r, region) in parallel.children.enumerated() {
                    let (definition, initial) = try regionDefinition(region, eventName, events: events)
                    initialParts.append(initial)
                    regions.append(Region(region.name, \SCXMLConfiguration.parts[r], definition))
                }
                return MachineDefinition<SCXMLConfiguration, String, String, Void>(
                    name: name, summary: summary, version: version, initial: SCXMLConfiguration(parts: initialParts), events: events, regionList: regions
                ).drawn(declared: direction)
            }
            // Several initial states: one per region of a <parallel> (each other at its own).
            let initialNodes = try initialID.split(separator: " ").map { id throws(Failure) -> Node in
                guard let found = nodes[String(id)] else { throw fail(root.line, "the initial state \(quoting: id) is not a state of the document") }
                return found
            }
            guard let initial = initialNodes.first else { throw fail(root.line, "an empty initial attribute") }
            return MachineDefinition<String, String, String, Void>(
                name: name, summary: summary, version: version, initial: try entered(initial, line: root.line, also: Array(initialNodes.dropFirst())), events: events, declarations: try declarations(top, eventName, events: events)
            ).drawn(declared: direction)
        }

        /// One region of a `<parallel>` as a definition of its own, and the leaf it starts in. A
        /// region is its states; one with lines or effects of its own (transitions without a
        /// target, entry and exit effects), or with no states inside, is also a state of its
        /// definition: the parent of its states, or its one state. A region's own transition
        /// with a target is refused: SCXML leaves the whole `<parallel>` for it (its other
        /// regions start again), where a parent here would leave only the region.
        func regionDefinition(_ region: Node, _ eventName: @escaping (String) -> String, events: [String]) throws(Failure) -> (MachineDefinition<String, String, String, Void>, initial: String) {
            guard region.kind == .state else { throw fail(region.line, "a region of <parallel> must be a <state>") }
            if let line = region.lines.first(where: { $0.target != nil })?.line ?? region.eventless.first?.line ?? region.timers.first?.line {
                throw fail(line, "a transition of the region \(quoting: region.id) itself, with a target: SCXML leaves the whole <parallel> for it and enters every region again; not supported (a transition without a target, or one of the region's states, is)")
            }
            let ownLines = !region.lines.isEmpty || !region.entry.isEmpty || !region.exit.isEmpty || !region.ignore.isEmpty
                || !region.illegal.isEmpty || region.others != nil
            let members = ownLines || region.children.isEmpty ? [region] : region.children
            try checkTargets(members, inside: region)
            let initial = try leaf(region).name
            let definition = MachineDefinition<String, String, String, Void>(
                name: region.name, initial: initial, events: events.filter { Self.uses(region, eventName: $0, eventName) },
                declarations: try declarations(members, eventName, events: events, region: region)
            )
            return (definition, initial)
        }

        /// Refuses a transition from inside a region to a state outside it.
        func checkTargets(_ nodes: [Node], inside region: Node) throws(Failure) {
            for node in nodes {
                // Lines on events, and lines without an event (or completions) alike.
                let targets = node.lines.compactMap { line in line.target.map { ($0, line.line) } } + node.eventless.map { ($0.target, $0.line) }
                for (target, line) in targets {
                    guard let found = self.nodes[target] else { continue }
                    // The region itself is outside too: SCXML leaves the <parallel> to enter it again.
                    guard found.ancestors.contains(where: { $0 === region }) else {
                        throw fail(line, "the target \(quoting: target) is outside the region \(quoting: region.id): a region's transitions stay in it here")
                    }
                }
                try checkTargets(node.children, inside: region)
            }
        }

        /// Whether a region's states have a line on an event.
        static func uses(_ node: Node, eventName event: String, _ name: (String) -> String) -> Bool {
            node.lines.contains { name($0.event) == event } || node.ignore.contains { name($0) == event } || node.illegal.contains { name($0) == event }
                || node.children.contains { uses($0, eventName: event, name) }
        }

        /// The child a compound state enters.
        func initialChild(of node: Node) throws(Failure) -> Node {
            guard let id = node.initial else {
                guard let first = node.children.first else {
                    throw fail(node.line, node.parent?.kind == .parallel ? "a region of <parallel> must be a <state> with states inside" : "\(quoting: node.id) has no states inside")
                }
                return first
            }
            guard let child = nodes[id], child.ancestors.contains(where: { $0 === node }) else {
                if let history = histories[id], history.parent === node {
                    throw fail(node.line, "the initial state of \(quoting: node.id) is its history \(quoting: id): entering a parent through its history at the start is not supported")
                }
                throw fail(node.line, "the initial state \(quoting: id) of \(quoting: node.id) is not inside it")
            }
            return child
        }

        /// The leaf a transition to `node` ends in.
        func leaf(_ node: Node) throws(Failure) -> Node {
            var current = node
            while !current.children.isEmpty { current = try initialChild(of: current) }
            return current
        }

        /// The attributes each element may have (SCXML's, and this package's in its namespace):
        /// any other is refused, so that a misspelt `cond` is not read as no condition.
        static let attributes: [String: Set<String>] = [
            "scxml": ["version", "initial", "name", "datamodel", "binding", "exmode"],
            "state": ["id", "initial"], "parallel": ["id"], "final": ["id"],
            "transition": ["event", "target", "cond", "type"], "log": ["label", "expr"],
            "data": ["id", "expr", "src"], "datamodel": [], "onentry": [], "onexit": [], "initial": [], "history": ["id", "type"],
        ]
        static let fsmAttributes: Set<String> = [
            "name", "escaped-name", "escaped-label", "kind", "ignore", "illegal", "overrides", "others", "events", "summary", "direction", "version",
        ]

        func checkAttributes(_ element: XMLElement) throws(Failure) {
            guard let allowed = Self.attributes[element.name] else { return }
            for attribute in element.attributes {
                if attribute.namespace.isEmpty {
                    guard allowed.contains(attribute.name) else {
                        throw fail(element.line, "<\(element.name)> has no attribute \(quoting: attribute.name) this tool reads (its attributes: \(allowed.sorted().joined(separator: ", ")))")
                    }
                } else if attribute.namespace == SCXMLWriter.namespace, !Self.fsmAttributes.contains(attribute.name) {
                    throw fail(element.line, "fsm:\(attribute.name) is not an attribute of this package's documents")
                }
            }
        }

        mutating func readData(_ element: XMLElement) throws(Failure) {
            try checkAttributes(element)
            for item in children(element) {
                guard item.name == "data" else { throw unsupported(item, "only <data> items in a <datamodel>") }
                try checkAttributes(item)
                guard let id = item.attribute("id") else { throw fail(item.line, "a <data> without an id") }
                if item.attribute("src") != nil || !item.text.isEmpty || !item.children.isEmpty {
                    throw unsupported(item, "a data item with content or a source (only boolean guards: expr=\"true\" or \"false\")")
                }
                let expression = item.attribute("expr") ?? "true"
                guard expression == "true" else {
                    throw fail(item.line, expression == "false"
                        ? "the data item \(quoting: id) starts false: guards here start on (the REPL's :guard and the explorer's switches turn them off), so write expr=\"true\""
                        : "the data item \(quoting: id) is \(expression): only boolean guards (expr=\"true\") are read")
                }
                data[id] = (try exactName(item) ?? id, expression == "true", item.line)
                dataOrder.append(id)
            }
        }

        mutating func node(_ element: XMLElement, parent: Node?) throws(Failure) -> Node {
            try checkAttributes(element)
            guard let id = element.attribute("id") else { throw fail(element.line, "a <\(element.name)> without an id") }
            guard nodes[id] == nil, histories[id] == nil else { throw fail(element.line, "the id \(quoting: id) is used twice") }
            let kind: Node.Kind = element.name == "final" ? .final : element.name == "parallel" ? .parallel : .state
            if kind == .parallel, parent?.kind == .parallel {
                throw fail(element.line, "a <parallel> directly in a <parallel>: regions inside a region are not supported yet")
            }
            let node = Node(kind: kind, id: id, name: try exactName(element) ?? id, line: element.line)
            node.parent = parent
            node.initial = element.attribute("initial")
            nodes[id] = node
            let ns = SCXMLWriter.namespace
            func events(_ attribute: String) -> [String] { (element.attribute(attribute, namespace: ns) ?? "").split(separator: " ").map(String.init) }
            node.ignore = events("ignore")
            node.illegal = events("illegal")
            node.overrides = events("overrides")
            node.others = element.attribute("others", namespace: ns)
            var sends: [(event: String, delay: Duration, line: Int, id: String)] = []
            var cancels: Set<String> = []
            for child in children(element) {
                switch child.name {
                case "state", "final", "parallel":
                    guard kind != .final else { throw unsupported(child, "a <final> has no states inside") }
                    node.children.append(try self.node(child, parent: node))
                case "transition":
                    let event = child.attribute("event")
                    if event == nil || event == "done.state." + id {
                        // A transition without an event, or on this state's own completion.
                        try checkAttributes(child)
                        guard let target = child.attribute("target"), !target.contains(" "), child.attribute("type") == nil else {
                            throw unsupported(child, event == nil ? "a transition without an event needs one target (and no type)" : "a completion transition needs one target (and no type)")
                        }
                        guard kind == .state else {
                            throw unsupported(child, kind == .final ? "a transition in a <final>"
                                : "a <parallel>'s own \(event == nil ? "transition without an event" : "completion") (not supported yet)")
                        }
                        let (condition, never) = try condition(of: child)
                        var effects: [String] = []
                        for action in children(child) {
                            guard action.name == "log" else { throw unsupported(action, action.name == "raise" ? "raising internal events (micro-steps inside one event) is not supported yet" : "only <log> effects in a transition") }
                            effects.append(try effect(action))
                        }
                        // A line whose condition is `false` is never taken.
                        if !never { node.eventless.append((target, condition, effects, event != nil, child.line)) }
                    } else {
                        node.lines += try transitions(child)
                    }
                case "onentry", "onexit":
                    for action in children(child) {
                        switch action.name {
                        case "log": (child.name == "onentry" ? { node.entry.append($0) } : { node.exit.append($0) })(try effect(action))
                        case "send" where child.name == "onentry": sends.append(try timer(action))
                        case "cancel" where child.name == "onexit":
                            // Leaving a state cancels its timers here; SCXML needs the <cancel>.
                            guard let sendID = action.attribute("sendid"), action.attributes.count == 1 else {
                                throw unsupported(action, "only <cancel sendid=\"ID\"/> of the state's own timer")
                            }
                            cancels.insert(sendID)
                        case "raise": throw unsupported(action, "raising internal events (micro-steps inside one event) is not supported yet")
                        default: throw unsupported(action, "only <log> effects (and a delayed <send> on entry as a timer)")
                        }
                    }
                case "initial":
                    let transitions = children(child).filter { $0.name == "transition" }
                    guard transitions.count == 1, let target = transitions[0].attribute("target"), !target.contains(" "),
                          children(transitions[0]).isEmpty, transitions[0].attribute("cond") == nil else {
                        throw unsupported(child, "only an <initial> with one <transition target=\"ID\"/> and nothing else")
                    }
                    node.initial = target
                case "history":
                    try checkAttributes(child)
                    guard let historyID = child.attribute("id") else { throw fail(child.line, "a <history> without an id") }
                    guard nodes[historyID] == nil, histories[historyID] == nil else { throw fail(child.line, "the id \(quoting: historyID) is used twice") }
                    let type = child.attribute("type") ?? "shallow"
                    guard type == "shallow" || type == "deep" else { throw fail(child.line, "a <history> of type \(quoting: type) (shallow or deep)") }
                    let transitions = children(child)
                    guard transitions.count == 1, transitions[0].name == "transition", let target = transitions[0].attribute("target"), !target.contains(" "),
                          children(transitions[0]).isEmpty, transitions[0].attributes.count == 1 else {
                        throw fail(child.line, "a <history> is read with exactly one <transition target=\"ID\"/> inside, its default (no event, condition or content), and nothing else")
                    }
                    guard kind == .state else { throw unsupported(child, "a history of \(kind == .parallel ? "a <parallel>" : "a <final>") (only of a parent state)") }
                    histories[historyID] = (node, type == "deep", target, child.line)
                case "invoke": throw unsupported(child, "invoking other machines is not supported")
                case "datamodel": throw unsupported(child, "a datamodel inside a state (only the document's)")
                case "donedata": throw unsupported(child, "data sent with a completion event (<donedata>)")
                default: throw unsupported(child, "not a child of <\(element.name)> this tool reads")
                }
            }
            let taken = Set(node.lines.map(\.event))
            for send in sends {
                guard taken.contains(send.event) else {
                    throw fail(send.line, "a delayed <send> of \(quoting: send.event) that no transition of \(quoting: id) takes: only timers (a <send> whose event the state takes) are read")
                }
                guard cancels.contains(send.id) else {
                    throw fail(send.line, "the timer \(quoting: send.id) is not cancelled on exit (<cancel sendid=\"\(send.id)\"/> in <onexit>): SCXML would fire it after the state is left")
                }
                node.timers.append((send.event, send.delay, send.line))
            }
            if let history = histories.values.first(where: { $0.parent === node }), node.children.isEmpty {
                throw fail(history.line, "a <history> in \(quoting: id), which has no states inside")
            }
            if kind == .state && node.children.isEmpty && node.initial != nil {
                throw fail(element.line, "the state \(quoting: id) has an initial state but no states inside")
            }
            return node
        }

        /// Leaves out of ``eventOrder`` the events of timers that no other state takes: a timer's
        /// event is the document's way of saying `After`, not an event of the machine. One pass
        /// over every line (linear in the document: a timer on each of 20,000 states).
        mutating func dropTimerEvents() {
            var users: [String: Int] = [:]
            for node in nodes.values {
                timerEventSteps += node.lines.count
                for event in Set(node.lines.map(\.event)) { users[event, default: 0] += 1 }
            }
            var timerOnly: Set<String> = []
            for node in nodes.values where !node.timers.isEmpty {
                timerEventSteps += node.timers.count
                for event in Set(node.timers.map(\.event)) where users[event, default: 0] <= 1 { timerOnly.insert(event) }
            }
            if !timerOnly.isEmpty { eventOrder.removeAll { timerOnly.contains($0) } }
        }

        /// An element's name as `fsm:name` (or `fsm:escaped-name`, exactly) gives it.
        func exactName(_ element: XMLElement, attribute: String = "name") throws(Failure) -> String? {
            if let escaped = element.attribute("escaped-" + attribute, namespace: SCXMLWriter.namespace) {
                guard let name = SCXMLWriter.unescaped(escaped) else { throw fail(element.line, "fsm:escaped-\(attribute) has an escape other than \\\\ and \\u{HEX}") }
                return name
            }
            return element.attribute(attribute, namespace: attribute == "name" ? SCXMLWriter.namespace : "")
        }

        func effect(_ element: XMLElement) throws(Failure) -> String {
            try checkAttributes(element)
            // An empty label is an effect named "" (a String effect may be empty): the export of
            // such a machine must read back (found by fuzzing).
            let label = try exactName(element, attribute: "label")
            guard let expression = element.attribute("expr") else {
                if let label { return label }
                throw unsupported(element, "a <log> with neither label nor expr")
            }
            // `expr="'text'"` logs the text; any other expression is named as it is written.
            let trimmed = expression.trimmingCharacters(in: .whitespaces)
            // One quoted string (no quote of its kind inside): its text.
            let quoted = trimmed.count >= 2 && ["'", "\""].contains { quote in
                trimmed.hasPrefix(quote) && trimmed.hasSuffix(quote) && !trimmed.dropFirst().dropLast().contains(quote)
            }
            let text = quoted ? String(trimmed.dropFirst().dropLast()) : trimmed
            return label.map { $0 + ": " + text } ?? text
        }

        func timer(_ element: XMLElement) throws(Failure) -> (event: String, delay: Duration, line: Int, id: String) {
            let allowed: Set = ["event", "delay", "id"]
            guard element.attributes.allSatisfy({ !$0.namespace.isEmpty || allowed.contains($0.name) }), children(element).isEmpty,
                  let event = element.attribute("event"), let delayText = element.attribute("delay"), let sendID = element.attribute("id") else {
                throw unsupported(element, "only a timer: <send event=\"E\" id=\"T\" delay=\"5s\"/> on entry, with a transition on E and <cancel sendid=\"T\"/> on exit")
            }
            guard let delay = Self.duration(delayText), delay > .zero else { throw fail(element.line, "the delay \(quoting: delayText) is not a duration (500ms, 5s, 2m, 1h, 1d; more than zero, less than 292 years)") }
            return (event, delay, element.line, sendID)
        }

        /// `500ms`, `1.5s`, `2m`, `1h`, `1d` (SCXML's `Duration.datatype`).
        static func duration(_ text: String) -> Duration? {
            let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600), ("d", 86400)]
            for (unit, seconds) in units where text.hasSuffix(unit) {
                let number = text.dropLast(unit.count)
                guard !number.isEmpty, number.allSatisfy({ ("0"..."9").contains($0) || $0 == "." }), let value = Double(number) else { return nil }
                let nanoseconds = (value * seconds * 1e9).rounded()
                // Up to about 292 years: beyond, a nanosecond count does not fit.
                guard nanoseconds.isFinite, nanoseconds < 9.2e18 else { return nil }
                return .nanoseconds(Int64(nanoseconds))
            }
            return nil
        }

        mutating func transitions(_ element: XMLElement) throws(Failure) -> [Line] {
            try checkAttributes(element)
            guard let eventText = element.attribute("event") else {
                throw unsupported(element, "a transition without an event (eventless transitions are not supported yet)")
            }
            let target = element.attribute("target")
            if element.attribute("type") == "internal" && target != nil {
                throw unsupported(element, "type=\"internal\" with a target (this library leaves and re-enters the source)")
            }
            let (condition, never) = try condition(of: element)
            var effects: [String] = []
            for action in children(element) {
                guard action.name == "log" else { throw unsupported(action, action.name == "raise" ? "raising internal events (micro-steps inside one event) is not supported yet" : "only <log> effects in a transition") }
                effects.append(try effect(action))
            }
            var result: [Line] = []
            for event in eventText.split(separator: " ").map(String.init) {
                // `*`, `go.*`, `go.`: every event, or those whose name starts with `go` (token by
                // token), expanded over the machine's events once they are all known.
                let prefix: String? = event == "*" ? "" : event.hasSuffix(".*") ? String(event.dropLast(2)) : event.hasSuffix(".") ? String(event.dropLast()) : nil
                let name = prefix ?? event
                let first = name.split(separator: ".").first.map(String.init) ?? name
                if first == "done" || first == "error" {
                    throw fail(element.line, "\(quoting: event) is an event the interpreter raises itself (\(first).*): only a state's own completion, done.state.ID in the state ID, is read, and no error events")
                }
                // `.*` (the W3C tests write it) matches every event, as `*` does.
                guard event == "*" || event == ".*" || (!name.isEmpty && !name.hasPrefix(".") && !name.contains("..")
                    && name.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || $0.properties.numericType != nil || "_-.:".unicodeScalars.contains($0) })) else {
                    throw fail(element.line, "\(quoting: event) is not an event name or descriptor (a name, NAME.*, or *)")
                }
                if prefix == nil, eventSeen.insert(event).inserted { eventOrder.append(event) }
                result.append(Line(event: name, target: target, condition: condition, effects: effects,
                                   kind: element.attribute("kind", namespace: SCXMLWriter.namespace), line: element.line,
                                   prefix: prefix, never: never))
            }
            return result
        }

        /// A transition's `cond`: none, or what it says; a literal `true` always holds (no
        /// condition), `false` never does (`never`: the line is never taken).
        func condition(of element: XMLElement) throws(Failure) -> (condition: Condition?, never: Bool) {
            guard let text = element.attribute("cond")?.trimmingCharacters(in: .whitespaces) else { return (nil, false) }
            if text == "true" || text == "false" { return (nil, text == "false") }
            return (try parseCondition(text, line: element.line), false)
        }

        func parseCondition(_ text: String, line: Int) throws(Failure) -> Condition {
            var parser = ConditionParser(text: text)
            do {
                let condition = try parser.parse()
                for atom in condition.atoms where data[atom] == nil {
                    throw ConditionParser.Failure(message: "\(quoting: atom) is not a <data> item of the document")
                }
                return condition
            } catch let error as ConditionParser.Failure {
                throw fail(line, "the condition \(quoting: text): \(error.message) (conditions here are boolean data items with !, &&, ||, === false and parentheses)")
            } catch {
                throw fail(line, "the condition \(quoting: text): \(error)")
            }
        }

        /// The most lines descriptors expand to in one document (`*` in each of many states of a
        /// machine with many events): beyond, the document is refused rather than read in time
        /// that grows as their product.
        static let maximumExpandedLines = 1_000_000

        /// Reads event descriptors and document order as SCXML does. A descriptor stands for
        /// every event it matches (`*`: every event of the machine; `go` and `go.*`: `go` and the
        /// events below it, `go.x`), in place; then, per state and event, the lines after the
        /// first one without a condition are left out (SCXML takes the first enabled transition
        /// in document order), and so are those whose condition is `false`. Linear in the
        /// lines it makes.
        mutating func expandDescriptors(_ top: [Node]) throws(Failure) {
            // A descriptor `go.*` that no event of the document matches stands for the event
            // `go` (which SCXML's `go.*` takes): an event of the machine, so that it can be sent.
            var prefixes: Set<String> = []
            for event in eventOrder {
                var prefix = Substring(event)
                prefixes.insert(event)
                while let dot = prefix.lastIndex(of: ".") {
                    prefix = prefix[..<dot]
                    prefixes.insert(String(prefix))
                }
            }
            var pending = Array(top.reversed())
            while let node = pending.popLast() {
                pending += node.children.reversed()
                for line in node.lines {
                    guard let prefix = line.prefix, !prefix.isEmpty, !prefixes.contains(prefix) else { continue }
                    prefixes.insert(prefix)
                    if eventSeen.insert(prefix).inserted { eventOrder.append(prefix) }
                }
            }
            var below: [String: [String]] = [:]
            for event in eventOrder {
                var prefix = Substring(event)
                while let dot = prefix.lastIndex(of: ".") {
                    prefix = prefix[..<dot]
                    below[String(prefix), default: []].append(event)
                }
            }
            // Per state, the timer events sent in it or inside it, and every token prefix of
            // them (`t.x`: `t.x` and `t`): a descriptor that matches one would be a line SCXML
            // takes for the timer's event, which a timer here is not. Linear in the timers
            // times the depth.
            var timerPrefixes: [ObjectIdentifier: Set<String>] = [:]
            for node in nodes.values where !node.timers.isEmpty {
                for timer in node.timers {
                    var prefixes: Set<String> = [timer.event]
                    var prefix = Substring(timer.event)
                    while let dot = prefix.lastIndex(of: ".") {
                        prefix = prefix[..<dot]
                        prefixes.insert(String(prefix))
                    }
                    for holder in [node] + node.ancestors { timerPrefixes[ObjectIdentifier(holder), default: []].formUnion(prefixes) }
                }
            }
            let known = Set(eventOrder)
            var made = 0
            // Depth first, in document order: a refusal names the first line at fault.
            pending = Array(top.reversed())
            while let node = pending.popLast() {
                pending += node.children.reversed()
                guard !node.lines.isEmpty else { continue }
                let timers = timerPrefixes[ObjectIdentifier(node)] ?? []
                var expanded: [Line] = []
                for line in node.lines {
                    if let prefix = line.prefix, prefix.isEmpty ? !timers.isEmpty : timers.contains(prefix) {
                        throw fail(line.line, "the descriptor \(quoting: prefix.isEmpty ? "*" : prefix + ".*") would also take the event of a timer (<send>) of \(quoting: node.id) or a state inside it: not supported (name the events)")
                    }
                    let events = switch line.prefix {
                    case nil: [line.event] + (below[line.event] ?? [])
                    case ""?: eventOrder
                    case let prefix?: (known.contains(prefix) ? [prefix] : []) + (below[prefix] ?? [])
                    }
                    made += events.count
                    guard made <= Self.maximumExpandedLines else {
                        throw fail(line.line, "the event descriptors expand to more than \(Self.maximumExpandedLines) transitions (one per state and event they match)")
                    }
                    for event in events {
                        var one = line
                        one.event = event
                        one.prefix = nil
                        expanded.append(one)
                    }
                }
                var decided: Set<String> = []
                node.lines = expanded.filter { line in
                    guard !line.never, !decided.contains(line.event) else { return false }
                    // An `fsm:kind` line without a condition is taken too (it does nothing).
                    if line.condition == nil { decided.insert(line.event) }
                    return true
                }
            }
        }

        /// What this library and SCXML would do differently with the document: refused.
        func check(_ nodes: [Node]) throws(Failure) {
            // Each state's events with a transition (not an `fsm:kind` line), once: a state's
            // parents are asked by event, never copied per child (a `*` expanded in a parent
            // of many states).
            var ownEvents: [ObjectIdentifier: Set<String>] = [:]
            for node in self.nodes.values { ownEvents[ObjectIdentifier(node)] = Set(node.lines.lazy.filter { $0.kind == nil }.map(\.event)) }
            try check(nodes, ownEvents)
        }

        func check(_ nodes: [Node], _ ownEvents: [ObjectIdentifier: Set<String>]) throws(Failure) {
            for node in nodes {
                let ancestors = node.ancestors
                func outer(_ event: String) -> Bool { ancestors.contains { ownEvents[ObjectIdentifier($0)]?.contains(event) == true } }
                // A final child whose parent completes unconditionally is never rested in: no event reaches it.
                let completes = node.parent?.eventless.contains { $0.done && $0.condition == nil } ?? false
                if node.kind == .final, !completes, let event = node.ancestors.lazy.flatMap(\.lines).first(where: { $0.kind == nil }) {
                    throw fail(node.line, "the final state \(quoting: node.id) is inside a state with a transition on \(quoting: event.event): SCXML takes it from there, this library's final states refuse every event")
                }
                var byEvent: [String: [Line]] = [:]
                for line in node.lines { byEvent[line.event, default: []].append(line) }
                for (event, lines) in byEvent {
                    // A line standing for Ignore/Illegal/refusal must be what SCXML reads the same:
                    // the last on its event, without target, condition or effects.
                    for (position, line) in lines.enumerated() where line.kind != nil {
                        guard ["ignore", "illegal", "refuse"].contains(line.kind ?? ""), line.target == nil, line.condition == nil, line.effects.isEmpty, position == lines.count - 1 else {
                            throw fail(line.line, "fsm:kind=\"\(line.kind ?? "")\" on a transition that SCXML would take otherwise (only ignore, illegal or refuse, on the last transition on \(quoting: event), without target, cond or effects)")
                        }
                    }
                }
                for event in node.ignore + node.illegal where node.kind != .final && outer(event) {
                    throw fail(node.line, "fsm:ignore or fsm:illegal names \(quoting: event), which a parent of \(quoting: node.id) takes: SCXML would pass it there (a last <transition event=\"\(event)\" fsm:kind=\"ignore\"/> keeps it)")
                }
                for (event, lines) in byEvent where outer(event) {
                    // SCXML passes the event to the parent when none of these is enabled.
                    guard let last = lines.last, last.condition != nil, last.kind == nil else { continue }
                    throw fail(last.line, "\(quoting: node.id) has only guarded transitions on \(quoting: event), which a parent also takes: when no guard holds SCXML passes the event to the parent and this library does not (add <transition event=\"\(event)\"/> last in \(quoting: node.id), or an unguarded transition)")
                }
                for line in node.lines {
                    guard let target = line.target else { continue }
                    let ids = target.split(separator: " ").map(String.init)
                    if ids.count == 1, histories[target] != nil { continue }
                    if let missing = ids.first(where: { self.nodes[$0] == nil }) {
                        throw fail(line.line, "the target \(quoting: missing) is not a state of the document")
                    }
                }
                try check(node.children, ownEvents)
            }
        }

        /// The machine's declarations for a list of sibling nodes.
        /// The machine's declarations for a list of sibling nodes; `region` is the region of a
        /// `<parallel>` they are read for (its states' names are its own, not the machine's).
        func declarations(_ siblings: [Node], _ eventName: @escaping (String) -> String, events: [String], region: Node? = nil) throws(Failure) -> [_StateDeclaration<String, String, String, Void>] {
            var result: [_StateDeclaration<String, String, String, Void>] = []
            for node in siblings {
                let body = try elements(of: node, eventName, region: region)
                if node.kind == .parallel {
                    result += try parallel(node, body: body, eventName, events: events)
                } else if node.children.isEmpty {
                    result += node.kind == .final ? [Final(node.name) { body }.declaration] : MachineBuilder.buildExpression(In(node.name) { body })
                } else {
                    let initial = try entered(node, line: node.line, region: region)
                    let children = try declarations(node.children, eventName, events: events, region: region)
                    let parent = targeted.contains(node.id)
                        ? Parent(state: node.name, initial: initial) { body } children: { children }
                        : Parent(node.name, initial: initial) { body } children: { children }
                    result += parent.declarations
                }
            }
            return result
        }

        /// A `<parallel>` inside a state (or beside others): a ``Parallel`` whose children are
        /// named `PARALLEL(state, state)`, one state per region.
        func parallel(_ node: Node, body: [_StateElement<String, String, String, Void>], _ eventName: @escaping (String) -> String, events: [String]) throws(Failure) -> [_StateDeclaration<String, String, String, Void>] {
            var regions: [Region<SCXMLConfiguration, String, String, Void>] = []
            var initialParts: [String] = []
            for (r, region) in node.children.enumerated() {
                let (definition, initial) = try regionDefinition(region, eventName, events: events)
                initialParts.append(initial)
                regions.append(Region(region.name, \SCXMLConfiguration.parts[r], definition))
            }
            let name = node.name
            return Parallel(name, { name + $0.description }, initial: SCXMLConfiguration(parts: initialParts),
                            regionList: regions) { body }.declarations
        }

        /// The name of the state entered at `node`: its initial leaf's, or (`asTarget`, a
        /// transition's target) a parent's own name, which stands for its initial leaf; for a
        /// state of a `<parallel>` (outside `region`, whose states' names are its own) the
        /// combination it enters with `others`, each other region at its initial state.
        func entered(_ node: Node, line: Int, region: Node? = nil, also others: [Node] = [], asTarget: Bool = false) throws(Failure) -> String {
            func inside(_ node: Node, _ ancestor: Node) -> Bool { node === ancestor || node.ancestors.contains { $0 === ancestor } }
            if let region, inside(node, region) { return asTarget ? node.name : try leaf(node).name }
            // The innermost <parallel> holding the node (or the node itself), and its region.
            var current = node
            while current.kind != .parallel, let up = current.parent, up.kind != .parallel { current = up }
            guard let parallel = current.kind == .parallel ? current : current.parent, parallel.kind == .parallel else {
                if !others.isEmpty { throw fail(line, "several states entered at once (initial states or a transition's targets) that are not in the regions of one <parallel>") }
                if asTarget { return node.name }
                // Down its initial children; a <parallel> on the way enters its combination.
                var current = node
                while !current.children.isEmpty {
                    if current.kind == .parallel { return try entered(current, line: line, region: region) }
                    // `initial="a b"`: states of a <parallel>'s regions inside it.
                    if let ids = current.initial, ids.contains(" ") {
                        // Each strictly inside: `initial="s1 "` on s1 itself would enter s1 again, without end.
                        let parent = current
                        for id in ids.split(separator: " ") where !(nodes[String(id)]?.ancestors.contains { $0 === parent } ?? false) {
                            throw fail(current.line, "the initial state \(quoting: String(id)) of \(quoting: current.id) is not inside it")
                        }
                        return try enteredName(ids, line: current.line, region: region, asTarget: false)
                    }
                    current = try initialChild(of: current)
                }
                return current.name
            }
            var parts: [String] = []
            for child in parallel.children {
                let targets = ([node] + others).filter { inside($0, child) }
                if targets.count > 1 { throw fail(line, "several states of the region \(quoting: child.id) entered at once (initial states or a transition's targets)") }
                let start: Node
                // A region of one state (no states inside) is entered at that state.
                if let target = targets.first { start = target } else { start = child.children.isEmpty ? child : try initialChild(of: child) }
                parts.append(try leaf(start).name)
            }
            if let stray = ([node] + others).first(where: { !inside($0, parallel) }) {
                throw fail(line, "\(quoting: stray.id) entered at once with states of the <parallel> \(quoting: parallel.id) (initial states or a transition's targets): they must all be in its regions")
            }
            return parallel.name + SCXMLConfiguration(parts: parts).description
        }

        /// The name of the state a transition's target (one id, or several in the regions of
        /// one `<parallel>`) enters.
        func enteredName(_ target: String, line: Int, region: Node?, asTarget: Bool = true) throws(Failure) -> String {
            let nodes = try target.split(separator: " ").map { id throws(Failure) -> Node in
                guard let found = self.nodes[String(id)] else { throw fail(line, "the target \(quoting: id) is not a state of the document") }
                return found
            }
            guard let first = nodes.first else { throw fail(line, "a transition with an empty target") }
            return try entered(first, line: line, region: region, also: Array(nodes.dropFirst()), asTarget: asTarget)
        }

        func elements(of node: Node, _ eventName: (String) -> String, region: Node? = nil) throws(Failure) -> [_StateElement<String, String, String, Void>] {
            typealias Build = StateBuilder<String, String, String, Void>
            var result: [_StateElement<String, String, String, Void>] = []
            for effect in node.entry { result += Build.buildExpression(OnEntry(effect)) }
            for effect in node.exit { result += Build.buildExpression(OnExit(effect)) }
            let timerEvents = Set(node.timers.map(\.event))
            let transitionEvents = Set(node.lines.lazy.filter { $0.kind == nil }.map(\.event))
            for line in node.lines where !timerEvents.contains(line.event) {
                let event = eventName(line.event)
                let guardValue = line.condition.map(guardFor)
                switch line.kind {
                case "ignore": result += Build.buildExpression(Ignore(event))
                case "illegal": result += Build.buildExpression(Illegal(event))
                case "refuse":
                    // Guards none of which holds refuse here anyway; alone, it refuses the event.
                    if !transitionEvents.contains(line.event) { result += Build.buildExpression(Illegal(event)) }
                default:
                    if let target = line.target, let history = histories[target] {
                        let resuming: History = history.deep ? .deep(history.parent.name) : .shallow(history.parent.name)
                        let defaultName = try enteredName(history.defaultID, line: line.line, region: region)
                        result += Build.buildExpression(On(event, to: defaultName, resuming: resuming, guard: guardValue, effects: line.effects))
                    } else if let target = line.target {
                        result += Build.buildExpression(On(event, to: try enteredName(target, line: line.line, region: region), guard: guardValue, effects: line.effects))
                    } else {
                        result += Build.buildExpression(Internal(event, guard: guardValue, effects: line.effects))
                    }
                }
            }
            for timer in node.timers {
                for line in node.lines where line.event == timer.event {
                    if let target = line.target, histories[target] != nil { throw fail(line.line, "a timer that resumes a history is not supported") }
                    guard let target = line.target else { throw fail(line.line, "a timer's transition needs a target") }
                    result += Build.buildExpression(After(timer.delay, to: try enteredName(target, line: line.line, region: region), guard: line.condition.map(guardFor), effects: line.effects))
                }
            }
            for line in node.eventless {
                if histories[line.target] != nil { throw fail(line.line, "a transition without an event that resumes a history is not supported") }
                let targetName = try enteredName(line.target, line: line.line, region: region)
                if line.done && node.children.isEmpty { throw fail(line.line, "done.state.\(node.id) on a state without states inside: it never completes") }
                result += line.done
                    ? Build.buildExpression(OnDone(to: targetName, guard: line.condition.map(guardFor), effects: line.effects))
                    : Build.buildExpression(Always(to: targetName, guard: line.condition.map(guardFor), effects: line.effects))
            }
            if !node.ignore.isEmpty { result += Build.buildExpression(Ignore(node.ignore.map(eventName))) }
            if !node.illegal.isEmpty { result += Build.buildExpression(Illegal(node.illegal.map(eventName))) }
            if !node.overrides.isEmpty { result += node.overrides.flatMap { Build.buildExpression(Overrides(eventName($0))) } }
            switch node.others {
            case "ignore": result += Build.buildExpression(IgnoreOtherEvents())
            case "illegal": result += Build.buildExpression(IllegalOtherEvents())
            default: break
            }
            return result
        }

        /// A guard named as the document names its data items, holding as their values say
        /// (tools decide guards by name: `:guard`, the explorer's switches).
        func guardFor(_ condition: Condition) -> Guard<Void> {
            switch condition {
            case let .atom(id):
                let item = data[id] ?? (id, true, 0)
                let holds = item.holds
                return Guard<Void>(item.name) { holds }
            case let .not(operand): return !guardFor(operand)
            // One n-ary guard, not a fold of `&&`: a fold nests as deep as there are terms.
            case let .and(operands): return .all(operands.map(guardFor))
            case let .or(operands): return .any(operands.map(guardFor))
            }
        }
    }
}

/// The state of a parallel machine read from a document: one state per region, in order.
struct SCXMLConfiguration: Hashable, Sendable, CustomStringConvertible {
    var parts: [String]
    var description: String { "(" + parts.joined(separator: ", ") + ")" }
}

extension SCXMLImport.Condition {
    var atoms: [String] {
        switch self {
        case let .atom(name): [name]
        case let .not(operand): operand.atoms
        case let .and(operands), let .or(operands): operands.flatMap(\.atoms)
        }
    }
}

/// `a && !(b || c === false)`: identifiers, `!`, `&&`, `||`, `=== false`, `=== true`,
/// parentheses.
struct ConditionParser {
    struct Failure: Error { let message: String }

    var tokens: [String]
    var position = 0
    /// Parentheses and `!` open around the operand being read: bounded, so that a hostile
    /// condition cannot overflow the stack.
    var depth = 0
    static let maximumDepth = 100

    init(text: String) {
        var tokens: [String] = []
        var current = ""
        let scalars = Array(text.unicodeScalars)
        var i = 0
        func flush() { if !current.isEmpty { tokens.append(current); current = "" } }
        while i < scalars.count {
            let c = scalars[i]
            let rest = String(String.UnicodeScalarView(scalars[i..<min(i + 3, scalars.count)]))
            if c == " " || c == "\t" || c == "\n" { flush(); i += 1; continue }
            if rest.hasPrefix("===") { flush(); tokens.append("==="); i += 3; continue }
            if rest.hasPrefix("&&") || rest.hasPrefix("||") { flush(); tokens.append(String(rest.prefix(2))); i += 2; continue }
            if c == "!" || c == "(" || c == ")" { flush(); tokens.append(String(c)); i += 1; continue }
            current.unicodeScalars.append(c)
            i += 1
        }
        flush()
        self.tokens = tokens
    }

    mutating func parse() throws(Failure) -> SCXMLImport.Condition {
        guard !tokens.isEmpty else { throw Failure(message: "it is empty") }
        let result = try or()
        guard position == tokens.count else { throw Failure(message: "unexpected \(quoting: tokens[position])") }
        return result
    }

    var next: String? { position < tokens.count ? tokens[position] : nil }

    mutating func or() throws(Failure) -> SCXMLImport.Condition {
        var operands = [try and()]
        while next == "||" { position += 1; operands.append(try and()) }
        return operands.count == 1 ? operands[0] : .or(operands)
    }

    mutating func and() throws(Failure) -> SCXMLImport.Condition {
        var operands = [try unary()]
        while next == "&&" { position += 1; operands.append(try unary()) }
        return operands.count == 1 ? operands[0] : .and(operands)
    }

    mutating func unary() throws(Failure) -> SCXMLImport.Condition {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { throw Failure(message: "it nests more than \(Self.maximumDepth) deep") }
        if next == "!" {
            position += 1
            return .not(try unary())
        }
        var operand: SCXMLImport.Condition
        if next == "In" && position + 1 < tokens.count && tokens[position + 1] == "(" {
            throw Failure(message: "In(...) is not supported")
        } else if next == "(" {
            position += 1
            operand = try or()
            guard next == ")" else { throw Failure(message: "a '(' is not closed") }
            position += 1
        } else if let token = next, token.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || $0 == "_" || ("0"..."9").contains($0) }),
                  let first = token.unicodeScalars.first, !("0"..."9").contains(first), token != "true", token != "false" {
            position += 1
            operand = .atom(token)
        } else {
            throw Failure(message: next.map { "unexpected \(quoting: $0)" } ?? "it ends too early")
        }
        if next == "===" {
            position += 1
            switch next {
            case "false": operand = .not(operand)
            case "true": break
            default: throw Failure(message: "only '=== false' and '=== true' compare")
            }
            position += 1
        }
        return operand
    }
}
