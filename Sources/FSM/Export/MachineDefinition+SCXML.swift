extension MachineDefinition {
    /// The definition as a W3C SCXML 1.0 document that an SCXML interpreter runs as this
    /// machine runs: a pure function of the definition, byte-stable.
    ///
    /// - A state is a `<state>` (a final one a `<final>`), a parent a `<state>` around its
    ///   children with `initial` naming the child it enters, a parallel machine a `<parallel>`
    ///   with a `<state>` per region. Identifiers are the names made XML-safe
    ///   (`failure(network)` is `failure_network`); each element keeps its name in an
    ///   `fsm:name` attribute (namespace `urn:x-swift-fsm:scxml`), which other tools ignore.
    /// - A transition is a `<transition>` with `event`, `target` and, for a guard, a `cond` over
    ///   one `<data>` variable per named guard (`guard_isValid`, `true` to start with, as
    ///   tools decide guards): `!`, `&&` and `||` are written `(x === false)`, `&&` and `||`
    ///   in the document's ECMAScript datamodel. An internal transition has no `target`.
    /// - Effects are `<log label="EFFECT"/>` in the order the machine emits them: a
    ///   transition's inside it, entry and exit effects in `<onentry>` and `<onexit>`. A log
    ///   changes nothing, so another interpreter runs the machine without performing them.
    /// - An `After` timer is a `<send>` with a `delay` on entry, cancelled on exit, and a
    ///   transition on its event (`fsm.after.t1`).
    /// - A transition that resumes a parent (``History``) goes to a `<history>` of that
    ///   parent, `type` shallow or deep, whose transition goes to its default.
    /// - Where this library's rule differs from SCXML's, the document adds what keeps the
    ///   machine's behaviour: a state (or parent) that decides an event by `Ignore`, `Illegal`
    ///   or guarded lines none of which holds does not pass the event to its parents here, so
    ///   when a parent has a transition on that event, the state gets a last `<transition>` on
    ///   it with no target and `fsm:kind="ignore"` (`illegal`, or `refuse` for guards), which
    ///   SCXML takes and which changes nothing. Other `Ignore`, `Illegal`, `Overrides` and
    ///   `IgnoreOtherEvents()` lines are `fsm:` attributes: the tools read the document back
    ///   as this machine (`fsm table door.scxml`).
    ///
    /// What the document cannot express (the Statecharts article lists it): a final state
    /// inside a parent that has transitions refuses every event here, an SCXML `<final>` takes
    /// its parents' transitions; a parallel step's effects come out region by region here,
    /// phase by phase (exits, transitions, entries) in SCXML; SCXML runs the initial states'
    /// entries when it starts; equal timers of a parent and a child fire child first here.
    public var scxml: String { scxmlExport().text }

    /// The SCXML document and, per state (flattened, in ``states`` order), the identifiers of
    /// the document's elements active in it: what an interpreter's configuration is.
    package func scxmlExport() -> SCXMLExport {
        var writer = SCXMLWriter()
        let resolution = self.resolution
        var eventIDs: [String: String] = [:]
        for name in resolution.eventNames { eventIDs[name] = writer.event(for: name) }
        var active: [[String]] = []
        let rootID: String?
        if let parallel {
            let machineID = writer.id(for: name)
            rootID = machineID
            writer.append(1, "<parallel id=\"\(machineID)\" \(SCXMLWriter.named(name)) fsm:kind=\"parallel\">")
            var regionChains: [(id: String, chains: [[String]])] = []
            for region in parallel.regions {
                let regionID = writer.id(for: region.name)
                let mark = writer.lines.count
                let (chains, initial) = region.body.writeSCXML(&writer, indent: 3, events: eventIDs)
                let initialAttribute = initial.map { " initial=\"\($0)\"" } ?? ""
                writer.insert(2, "<state id=\"\(regionID)\" \(SCXMLWriter.named(region.name)) fsm:kind=\"region\"\(initialAttribute)>", at: mark)
                writer.append(2, "</state>")
                regionChains.append((regionID, chains))
            }
            writer.append(1, "</parallel>")
            for digits in parallel.digits {
                var ids = [machineID]
                for (r, digit) in digits.enumerated() where r < regionChains.count {
                    ids.append(regionChains[r].id)
                    if regionChains[r].chains.indices.contains(digit) { ids += regionChains[r].chains[digit] }
                }
                active.append(ids)
            }
        } else {
            let (chains, initial) = writeSCXMLBody(&writer, indent: 1, events: eventIDs)
            rootID = initial
            active = chains
        }
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<!-- The machine \(SCXMLWriter.comment(name)), written by FSM. Guards are the data items guard_*: set one to false to refuse its transitions. Effects are logs. -->",
            "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" xmlns:fsm=\"\(SCXMLWriter.namespace)\" version=\"1.0\" datamodel=\"ecmascript\""
                + " name=\"\(SCXMLWriter.token(name))\"" + (rootID.map { " initial=\"\($0)\"" } ?? "") + " \(SCXMLWriter.named(name))"
                + (summary.isEmpty ? "" : " fsm:summary=\"\(SCXMLWriter.attribute(summary))\"")
                + (version == 1 ? "" : " fsm:version=\"\(version)\"")
                + (diagramDirection.map { " fsm:direction=\"\($0.rawValue)\"" } ?? "")
                + " fsm:events='[" + resolution.eventNames.map { SCXMLWriter.singleQuoted(JSON.string($0)) }.joined(separator: ", ") + "]'>",
        ]
        if !writer.guardVariables.isEmpty {
            lines.append("  <datamodel>")
            for (guardName, variable) in writer.guardVariables {
                lines.append("    <data id=\"\(variable)\" expr=\"true\" \(SCXMLWriter.named(guardName))/>")
            }
            lines.append("  </datamodel>")
        }
        lines += writer.lines
        lines.append("</scxml>")
        return SCXMLExport(text: lines.joined(separator: "\n") + "\n", activeIDs: active, guardVariables: writer.guardVariables, eventIDs: resolution.eventNames.map { eventIDs[$0] ?? $0 }, timerDurations: writer.timerDurations)
    }

    /// The identifiers of the elements of ``scxmlExport()``'s document active in a state.
    package func scxmlActiveIDs(of state: State, in export: SCXMLExport) -> [String] {
        guard let index = resolution.stateIndex[state], export.activeIDs.indices.contains(index) else { return [] }
        return export.activeIDs[index]
    }

    /// Writes the states and parents of a machine without regions; returns per state the
    /// identifiers of the elements active in it (its parents', outermost first, and its own),
    /// and the identifier of the initial state's element.
    func writeSCXMLBody(_ writer: inout SCXMLWriter, indent: Int, events: [String: String]) -> (chains: [[String]], initial: String?) {
        let resolution = self.resolution
        let hierarchy = resolution.hasHierarchy
        // Identifiers in declaration order, a parent's before its first child's.
        var parentIDs = [String?](repeating: nil, count: resolution.parents.count)
        var stateIDs: [String] = []
        var chains: [[String]] = []
        // The children of parallel parents: written as their regions' states, known once the
        // regions are written; until then a placeholder stands for each.
        var placeholders: [String: String] = [:]
        for s in resolution.declarations.indices {
            var chain: [String] = []
            if hierarchy {
                for p in resolution.chains[s] {
                    let p = Int(p)
                    if parentIDs[p] == nil { parentIDs[p] = writer.id(for: resolution.parents[p].name) }
                    chain.append(parentIDs[p] ?? "")
                }
            }
            let id = resolution.isCombination(s) ? "\(SCXMLWriter.placeholderMark)\(s)\(SCXMLWriter.placeholderMark)" : writer.id(for: resolution.stateNames[s])
            stateIDs.append(id)
            chains.append(chain + [id])
        }
        func target(_ state: State) -> String? {
            if let s = resolution.stateIndex[state] { return stateIDs[s] }
            if let p = resolution.parentStateIndex[state] { return parentIDs[p] }
            return nil
        }
        // The history pseudo-states, per parent: one per kind and default the transitions
        // resuming it name (its id, `type`, and the default's id), in order of first use.
        var histories = [[(history: History, defaultID: String, id: String)]](repeating: [], count: resolution.parents.count)
        for line in resolution.resumesHistory ? resolution.declarations.flatMap(\.transitions) + resolution.parents.flatMap(\.transitions) : [] {
            guard let history = line.history, let p = resolution.parentIndex(named: history.parent), let defaultID = target(line.target),
                  !histories[p].contains(where: { $0.history == history && $0.defaultID == defaultID }) else { continue }
            histories[p].append((history, defaultID, writer.id(for: history.parent + (history.isDeep ? "_deep_history" : "_history"))))
        }
        /// The element a transition goes to: its target, or the history pseudo-state it resumes.
        func destination(of line: TransitionDeclaration<State, Event, Effect, Context>) -> String? {
            guard let found = target(line.target) else { return nil }
            guard let history = line.history, let p = resolution.parentIndex(named: history.parent) else { return found }
            return histories[p].first { $0.history == history && $0.defaultID == found }?.id ?? found
        }
        // Per parent, the events it has transitions on.
        let parentEvents: [Set<Event.Key>] = resolution.parents.map { Set($0.body.transitions.map(\.event)) }
        func outerHasTransition(_ outer: ArraySlice<Int32>, _ event: Event.Key) -> Bool {
            outer.contains { parentEvents[Int($0)].contains(event) }
        }
        func effects(_ list: [Effect], _ indent: Int) {
            for effect in list { writer.append(indent, "<log \(SCXMLWriter.named(String(describing: effect), attribute: "label"))/>") }
        }
        /// The `<onentry>`/`<onexit>`, transitions and timers of a state or a parent.
        func content(_ body: _StateDeclaration<State, Event, Effect, Context>, entry: [Effect], exit: [Effect], timers: [TimerDeclaration<State, Event, Effect, Context>], outer: ArraySlice<Int32>, indent: Int, isFinal: Bool, doneEvent: String? = nil) {
            let timerEvents = timers.map { writer.timerEvent($0.duration) }
            if !entry.isEmpty || !timers.isEmpty {
                writer.append(indent, "<onentry>")
                effects(entry, indent + 1)
                for (timer, event) in zip(timers, timerEvents) {
                    writer.append(indent + 1, "<send event=\"\(event)\" id=\"\(event)\" delay=\"\(SCXMLWriter.delay(timer.duration))\"/>")
                }
                writer.append(indent, "</onentry>")
            }
            if !exit.isEmpty || !timers.isEmpty {
                writer.append(indent, "<onexit>")
                effects(exit, indent + 1)
                for event in timerEvents { writer.append(indent + 1, "<cancel sendid=\"\(event)\"/>") }
                writer.append(indent, "</onexit>")
            }
            if isFinal { return }
            func transition(event: String?, cond: String?, target: String?, effects list: [Effect]) {
                let head = "<transition" + (event.map { " event=\"\($0)\"" } ?? "") + (cond.map { " cond=\"\(SCXMLWriter.attribute($0))\"" } ?? "") + (target.map { " target=\"\($0)\"" } ?? "")
                if list.isEmpty {
                    writer.append(indent, head + "/>")
                } else {
                    writer.append(indent, head + ">")
                    effects(list, indent + 1)
                    writer.append(indent, "</transition>")
                }
            }
            var lastGuarded: [Event.Key: Bool] = [:]
            for line in body.transitions {
                guard let event = events[name(of: line.event)] else { continue }
                let goal: String?
                if line.isInternal {
                    goal = nil
                } else {
                    guard let found = destination(of: line) else { continue }
                    goal = found
                }
                transition(event: event, cond: line.guard.map { writer.condition($0.expression) }, target: goal, effects: line.effects)
                lastGuarded[line.event] = line.guard != nil
            }
            for (timer, event) in zip(timers, timerEvents) {
                guard let destination = target(timer.target) else { continue }
                transition(event: event, cond: timer.guard.map { writer.condition($0.expression) }, target: destination, effects: timer.effects)
            }
            // Transitions without an event: `Always` lines as they are, a parent's `OnDone`
            // lines on the event SCXML raises when one of its final children is entered.
            for line in body.eventless {
                guard let destination = target(line.target), !line.isCompletion || doneEvent != nil else { continue }
                transition(event: line.isCompletion ? doneEvent : nil, cond: line.guard.map { writer.condition($0.expression) }, target: destination, effects: line.effects)
            }
            // What this level decides without a transition that SCXML would pass outwards.
            // Its kind says which line it stands for, so that reading the document back gives
            // the same machine: `ignore`, `illegal`, or `refuse` (guards none of which holds).
            for key in resolution.events where outerHasTransition(outer, key) {
                let kind = body.ignored.contains(key) ? "ignore" : body.illegal.contains(key) ? "illegal" : lastGuarded[key] == true ? "refuse" : nil
                guard let kind, let event = events[name(of: key)] else { continue }
                writer.append(indent, "<transition event=\"\(event)\" fsm:kind=\"\(kind)\"/>")
            }
        }
        /// ` fsm:others="ignore"` for `IgnoreOtherEvents()`, `illegal` for `IllegalOtherEvents()`:
        /// SCXML discards an event nothing takes either way; kept for reading the document back.
        /// Its `Ignore` and `Illegal` lines that no refusing transition stands for, as
        /// ` fsm:ignore="a b"` and ` fsm:illegal="c"` (event names in the document), and its
        /// `Overrides` as ` fsm:overrides="d"`.
        func others(_ body: _StateDeclaration<State, Event, Effect, Context>, outer: ArraySlice<Int32>) -> String {
            var text = body.ignoresOtherEvents ? " fsm:others=\"ignore\"" : body.declaresOtherEventsIllegal ? " fsm:others=\"illegal\"" : ""
            for (attribute, keys) in [("ignore", body.ignored), ("illegal", body.illegal), ("overrides", body.overrides)] {
                // A final state holds no transition: all its lines are attributes.
                let listed = keys.filter { attribute == "overrides" || body.isFinal || !outerHasTransition(outer, $0) }.compactMap { events[name(of: $0)] }
                if !listed.isEmpty { text += " fsm:\(attribute)=\"\(listed.joined(separator: " "))\"" }
            }
            return text
        }
        /// The parents around parent `p`, outermost first.
        func outerOf(_ p: Int) -> ArraySlice<Int32> {
            let chain = resolution.chains.first { $0.contains(Int32(p)) } ?? []
            return chain.prefix { $0 != Int32(p) }
        }
        // The items directly in a parent (nil: at the top), in order of first appearance:
        // a state index, or a parent index (negative: -p - 1).
        var items: [Int?: [Int]] = [:]
        var placed = Set<Int>()
        for s in resolution.declarations.indices {
            let chain = hierarchy ? resolution.chains[s].map(Int.init) : []
            var outer: Int? = nil
            for p in chain {
                if placed.insert(p).inserted { items[outer, default: []].append(-p - 1) }
                outer = p
            }
            items[outer, default: []].append(s)
        }
        func write(_ item: Int, indent: Int) {
            if item >= 0 {
                let declaration = resolution.declarations[item]
                let element = declaration.isFinal ? "final" : "state"
                writer.append(indent, "<\(element) id=\"\(stateIDs[item])\" \(SCXMLWriter.named(resolution.stateNames[item]))\(others(declaration, outer: hierarchy ? resolution.chains[item][...] : []))>")
                let outer = hierarchy ? resolution.chains[item][...] : []
                content(declaration, entry: declaration.entryEffects, exit: declaration.exitEffects, timers: declaration.timers, outer: outer, indent: indent + 1, isFinal: declaration.isFinal)
                writer.append(indent, "</\(element)>")
                collapse(element)
            } else if let regions = resolution.parents[-item - 1].regions {
                writeParallel(-item - 1, regions, indent: indent)
            } else {
                let p = -item - 1
                let parent = resolution.parents[p]
                let leaf = resolution.parentInitialLeaf[p]
                let initial = leaf >= 0 ? " initial=\"\(stateIDs[leaf])\"" : ""
                writer.append(indent, "<state id=\"\(parentIDs[p] ?? "")\" \(SCXMLWriter.named(parent.name)) fsm:kind=\"parent\"\(initial)\(others(parent.body, outer: outerOf(p)))>")
                content(parent.body, entry: parent.entryEffects, exit: parent.exitEffects, timers: parent.timers, outer: outerOf(p), indent: indent + 1, isFinal: false,
                        doneEvent: "done.state." + (parentIDs[p] ?? ""))
                for pseudo in histories[p] {
                    writer.append(indent + 1, "<history id=\"\(pseudo.id)\" type=\"\(pseudo.history.isDeep ? "deep" : "shallow")\">")
                    writer.append(indent + 2, "<transition target=\"\(pseudo.defaultID)\"/>")
                    writer.append(indent + 1, "</history>")
                }
                for child in items[p] ?? [] { write(child, indent: indent + 1) }
                writer.append(indent, "</state>")
            }
        }
        /// A parallel parent: a `<parallel>` with its own lines and a `<state>` per region; its
        /// children are its regions' states, each a placeholder until now.
        func writeParallel(_ p: Int, _ regions: any NestedRegions<State, Event, Effect, Context>, indent: Int) {
            let parent = resolution.parents[p]
            let id = parentIDs[p] ?? ""
            writer.append(indent, "<parallel id=\"\(id)\" \(SCXMLWriter.named(parent.name)) fsm:kind=\"parallel\"\(others(parent.body, outer: outerOf(p)))>")
            content(parent.body, entry: parent.entryEffects, exit: parent.exitEffects, timers: [], outer: outerOf(p), indent: indent + 1, isFinal: false)
            let written = regions.writeSCXML(&writer, indent: indent + 1, events: events)
            writer.append(indent, "</parallel>")
            for s in items[p] ?? [] where s >= 0 {
                guard let digits = regions.digits(of: resolution.states[s]) else { continue }
                var active = Array(chains[s].dropLast())
                var entered: [String] = []
                for (region, digit) in zip(written, digits) {
                    active.append(region.id)
                    guard region.chains.indices.contains(digit) else { continue }
                    active += region.chains[digit]
                    // A region entered at its initial state needs no target of its own.
                    if region.chains[digit].last != region.initial, let leaf = region.chains[digit].last { entered.append(leaf) }
                }
                chains[s] = active
                placeholders[stateIDs[s]] = entered.isEmpty ? id : entered.joined(separator: " ")
            }
        }
        /// `<state ...></state>` with nothing between is written `<state .../>`.
        func collapse(_ element: String) {
            let count = writer.lines.count
            guard count >= 2, writer.lines[count - 2].hasSuffix(">"), !writer.lines[count - 2].hasSuffix("/>"),
                  writer.lines[count - 2].trimmingPrefixSpaces.hasPrefix("<\(element) ") else { return }
            let open = writer.lines[count - 2]
            writer.dropLast()
            writer.replaceLast(String(open.dropLast()) + "/>")
        }
        for item in items[nil] ?? [] { write(item, indent: indent) }
        writer.resolve(placeholders)
        let initial = self.initial.flatMap { resolution.leafIndex(of: $0) }.map { placeholders[stateIDs[$0]] ?? stateIDs[$0] }
        return (chains, initial)
    }
}

/// An SCXML document and what its elements stand for.
package struct SCXMLExport: Sendable {
    /// The document.
    package let text: String
    /// Per state of the definition (flattened, in order), the identifiers of the elements
    /// active in it.
    package let activeIDs: [[String]]
    /// Per named guard, the document's variable for it.
    package let guardVariables: [(name: String, id: String)]
    /// Per event of the definition, in order, its name in the document.
    package let eventIDs: [String]
    /// The durations of the document's timers (delayed `<send>`s), in document order.
    package let timerDurations: [Duration]
}

extension SCXMLWriter {
    /// A guard's expression over the guard variables: `!a` is `(a === false)` (both an
    /// ECMAScript interpreter and python-statemachine read it), `&&` and `||` as they are.
    mutating func condition(_ expression: GuardExpression) -> String {
        switch expression.op {
        case .atom: return guardVariable(expression.atomName)
        case .not: return "(" + condition(expression.operands[0]) + " === false)"
        case .and: return "(" + expression.operands.map { condition($0) }.joined(separator: " && ") + ")"
        case .or: return "(" + expression.operands.map { condition($0) }.joined(separator: " || ") + ")"
        }
    }
}

extension String {
    var trimmingPrefixSpaces: Substring { drop { $0 == " " } }
}
