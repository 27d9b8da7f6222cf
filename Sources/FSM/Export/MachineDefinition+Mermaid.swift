extension MachineDefinition {
    /// The definition as a Mermaid `stateDiagram-v2`: a pure function of the definition,
    /// byte-stable, showing what the DOT export shows.
    ///
    /// Its front matter sets a 14-pixel type and closer states (Mermaid's default type is 16
    /// pixels, its states 50 apart), and left to right closer ranks: a drawing that fits a
    /// documentation column more often.
    ///
    /// States get identifiers `s0`, `s1`, ... and their names as descriptions
    /// (`state "failure(network)" as s3`); `[*]` marks the initial state and each final
    /// state; edges are labelled `event [guard] / effect, effect` (a label longer than about
    /// 16 characters puts its guard and its effects on lines below). A state's entry and exit
    /// effects, internal transitions, transitions back to itself (`event / effects
    /// (re-enters)`: Mermaid draws a loop's label over its neighbours') and ignored events are
    /// its description, drawn inside its box under its name; a parent's,
    /// which Mermaid cannot draw inside a composite state, a note beside it. Characters
    /// Mermaid would read as syntax are written as entity codes (`#quot;`, `#58;`, ...).
    ///
    /// - Parameter options: a state to highlight (a `current` class), and an optional
    ///   coverage view, set with the `FSMCoverage` product's `DiagramOptions.coverage` (counts on transitions taken, `never taken` in red on the others, since
    ///   Mermaid state diagrams cannot style single transitions; a `neverEntered` class).
    public func mermaid(_ options: DiagramOptions = DiagramOptions()) -> String {
        var options = options
        if options.direction == nil { options.direction = diagramDirection }
        return MachineGraph(self).mermaid(options)
    }
}

extension MachineGraph {
    func mermaid(_ options: DiagramOptions) -> String {
        let direction = options.direction ?? automaticDirection()
        var lines = ["---", "title: \(Mermaid.yamlQuoted(name))"] + Mermaid.layoutConfiguration(direction) + ["---", "stateDiagram-v2", "  direction \(direction.rawValue)"]
        if regions.isEmpty {
            appendMermaidBody(options, indent: "  ", to: &lines)
        } else {
            // One composite state holding the regions, separated by `--`.
            lines.append("  state \"\(Mermaid.escaped(name))\" as parallel {")
            for (r, region) in regions.enumerated() {
                if r > 0 { lines.append("    --") }
                lines.append("    %% region \(Mermaid.escaped(region.name))")
                region.graph.appendMermaidBody(regionOptions(options, r), indent: "    ", flat: true, to: &lines)
            }
            lines.append("  }")
            lines.append("  [*] --> parallel")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Appends the states, composite states, notes and transitions of the graph.
    ///
    /// `flat` draws no composite state: Mermaid cannot render one inside a region (`--`)
    /// ("No such shape: roundedWithTitle"), so a region's child states are drawn with their
    /// parents' names (`showing > running`), a parent's transitions from each child, and a
    /// parent's effects, internal transitions and ignored events in its first child's
    /// description.
    func appendMermaidBody(_ options: DiagramOptions, indent: String, flat: Bool = false, to lines: inout [String]) {
        // What a state says of itself is its description, drawn inside its box under a rule
        // (as DOT draws it): a note would be placed far from the state, on a long connector.
        // A state's line back to itself too: Mermaid draws a loop's label over the labels
        // and states around it (measured with `Judges/diagram-metrics.py`), so it is a line
        // of the state's description marked `(re-enters)`.
        var internals = [[Edge]](repeating: [], count: nodes.count)
        forEachEdge { edge in if edge.kind == .internal || isStateLoop(edge) { internals[edge.source].append(edge) } }
        var descriptions = nodes.indices.map { combinations[$0] == nil ? describedLines(ofNode: $0, internal: internals[$0], options) : [] }
        var notes: [Int: [String]] = [:]
        for (p, parent) in parents.enumerated() {
            // Each list's lines together: drawn flat, only its first line is prefixed.
            var lists: [[String]] = []
            if options.showsEffects {
                lists.append(DOT.wrapped(parent.entryEffects, after: "entry /", escape: Mermaid.escaped))
                lists.append(DOT.wrapped(parent.exitEffects, after: "exit /", escape: Mermaid.escaped))
            }
            lists += parent.internalTransitions.map { [$0.label(showsEffects: options.showsEffects, escape: Mermaid.escaped) + " (internal)"] }
            lists.append(DOT.wrapped(parent.ignored, after: "ignored:", escape: Mermaid.escaped))
            lists.removeAll { $0.isEmpty }
            if lists.isEmpty { continue }
            if flat, let first = nodes.indices.first(where: { isInside($0, p) }) {
                // Drawn flat, a parent has no box: what it says goes on its first child,
                // each list's first line after the parent's name.
                descriptions[first] += lists.flatMap { list in list.enumerated().map { $0.offset == 0 ? Mermaid.escaped(parent.name) + " " + $0.element : $0.element } }
            } else if !flat {
                // A composite state has no description in Mermaid: a note beside it.
                notes[p] = lists.flatMap { $0 }
            }
        }
        for (index, node) in nodes.enumerated() where flat || !isNested(index) {
            let name = flat ? (parentChain(of: index).map { parents[$0].name } + [node.name]).joined(separator: " > ") : node.name
            lines.append(indent + "state \"\(Mermaid.title(name, described: !descriptions[index].isEmpty))\" as \(node.id)")
            appendDescription(descriptions[index], of: node.id, indent: indent, to: &lines)
        }
        // A parent's line to a state inside it leaves from a small dark state of the parent's
        // own (as in the DOT drawing): from the composite itself, Mermaid draws such a line
        // as nothing (an empty path) with its label over the child.
        let inner = flat ? [] : parentsWithInnerLines()
        if !flat { for p in parents(in: nil) { appendComposite(p, options, indent: indent, inner: inner, descriptions: descriptions, to: &lines) } }
        for p in parents.indices { if let items = notes[p] { appendNote(items, of: parents[p].mermaidID, indent: indent, to: &lines) } }
        if let initial {
            for end in ends(of: initial, parent: nil) { lines.append(indent + "[*] --> \(end.parent.map { parents[$0].mermaidID } ?? end.id)") }
        }
        forEachEdge { edge in
            guard edge.kind == .external, !isStateLoop(edge) else { return }
            // As in DOT: a long label puts its guard and its effects on lines of their own
            // below, here narrower (Mermaid's type is larger; past 200 pixels it wraps a label
            // itself, as a box 200 pixels wide).
            var label = edge.labelLines(showsEffects: options.showsEffects, width: Mermaid.labelWidth, escape: Mermaid.escaped).joined(separator: "<br>")
            if let paint = options.paint {
                // Coverage view: Mermaid cannot style one transition, so its label says it.
                let count = paint.count(keys(of: edge))
                label += count > 0 ? " ×\(count)" : " <span style=\"color:#c00\">never taken</span>"
            }
            // A parent's transition leaves from its composite state, once (drawn flat: from
            // each child that inherits it, not a final one nor one that decides the event itself).
            let sources = flat
                ? edge.sourceParent.map { p in
                    nodes.indices.filter { isInside($0, p) && !nodes[$0].isFinal && parentDecides($0, edge.event, p) }.map { nodes[$0].id }
                } ?? [nodes[edge.source].id]
                : [edge.sourceParent.map { endsInside(edge, $0) ? innerID($0) : parents[$0].mermaidID } ?? anchorID(edge.source)]
            // Into a parallel parent's child: to the regions' states it enters (see `targetEnds`).
            // Into a parent from inside it (the parent's own line, or a child's): to the state
            // it enters, as Mermaid draws a line into a composite from inside it as nothing.
            for source in sources {
                for end in targetEnds(edge) {
                    let composite = flat ? nil : end.parent.flatMap { p in isInside(edge.source, p) ? nil : parents[p].mermaidID }
                    let target = edge.history.map { historyID($0.parent, deep: $0.deep) } ?? composite ?? end.id
                    lines.append(indent + "\(source) --> \(target) : \(label)")
                }
            }
        }
        // Each history pseudo-state's default: where it resumes while its parent has never
        // been left (unlabelled, like the arrow into the initial state).
        for p in parents.indices {
            for history in parents[p].histories {
                for target in history.defaults {
                    for end in ends(of: target, parent: nil) { lines.append(indent + "\(historyID(p, deep: history.deep)) --> \(end.parent.map { parents[$0].mermaidID } ?? end.id)") }
                }
            }
        }
        for (index, node) in nodes.enumerated() where node.isFinal && combinations[index] == nil {
            lines.append(indent + "\(node.id) --> [*]")
        }
        if !inner.isEmpty {
            lines.append(indent + "classDef parentPoint fill:#555,stroke:#555,color:#555,font-size:1px")
            lines.append(indent + "class \(inner.sorted().map(innerID).joined(separator: ",")) parentPoint")
        }
        if let paint = options.paint {
            let never = nodes.indices.filter { combinations[$0] == nil && !paint.entered.contains(nodes[$0].name) }.map { nodes[$0] }
            if !never.isEmpty {
                lines.append(indent + "classDef neverEntered stroke:#c00,stroke-dasharray:4 4,color:#c00")
                lines.append(indent + "class \(never.map(\.id).joined(separator: ",")) neverEntered")
            }
        }
        if let highlighted = options.highlightedState, let index = nodes.indices.first(where: { nodes[$0].name == highlighted }), combinations[index] == nil {
            let node = nodes[index]
            lines.append(indent + "classDef current fill:#ffd966,stroke:#b8860b,stroke-width:2px")
            lines.append(indent + "class \(node.id) current")
        }
    }

    /// A state's description lines (escaped): its entry and exit effects, its internal
    /// transitions (`event / effects`) and transitions back to itself (`event / effects
    /// (re-enters)`), with their counts in a coverage view, the events it ignores; each list
    /// a line about every 20 characters.
    func describedLines(ofNode index: Int, internal internalEdges: [Edge], _ options: DiagramOptions) -> [String] {
        var items = effectLines(entry: nodes[index].entryEffects, exit: nodes[index].exitEffects, options)
        for edge in internalEdges {
            var line = edge.label(showsEffects: options.showsEffects, escape: Mermaid.escaped) + (edge.kind == .external ? " (re-enters)" : "")
            if let count = options.paint?.count(keys(of: edge)) { line += count > 0 ? " ×\(count)" : " never taken" }
            items.append(line)
        }
        // (`ignored:` at the end of a description line is not Mermaid: its colon as a code.)
        return items + ignoredLines(index, escape: Mermaid.escaped, ownLine: "ignored#58;")
    }

    /// `entry / a, b` and `exit / c` (escaped, wrapped), when effects are shown.
    func effectLines(entry: [String], exit: [String], _ options: DiagramOptions) -> [String] {
        guard options.showsEffects else { return [] }
        return DOT.wrapped(entry, after: "entry /", escape: Mermaid.escaped) + DOT.wrapped(exit, after: "exit /", escape: Mermaid.escaped)
    }

    /// Appends a state's description, a line `id : text` per item, drawn under its name as
    /// written: unlike a note, a description is not drawn through Markdown, `<br>` or not
    /// (the items are escaped already).
    func appendDescription(_ items: [String], of id: String, indent: String, to lines: inout [String]) {
        for item in items {
            // A line of only whitespace (an internal transition on an event named " ") would
            // be drawn as nothing: a zero-width space first keeps it a line.
            var rest = Substring(item)
            while let first = rest.first, first.isWhitespace || rest.hasPrefix("#9;") { rest = rest.dropFirst(first.isWhitespace ? 1 : 3) }
            let blank = rest.isEmpty
            lines.append(indent + "\(id) : " + (blank ? "#8203;" : "") + item)
        }
    }

    /// Appends a note beside a state, one line of text per item (escaped; with a backslash
    /// before each punctuation character when one holds a `<br>`, see
    /// ``Mermaid/markdownEscaped(_:)``). Always the multi-line form:
    /// a one-line note ends at its first `:`, so `ignored: lock` would not parse. A line
    /// starting with `end` (an internal transition of a parent on an event `end note`) has
    /// its first letter as a code, or Mermaid would read the note's end there.
    func appendNote(_ items: [String], of id: String, indent: String, to lines: inout [String]) {
        lines.append(indent + "note right of \(id)")
        // A note holding a line break is drawn through Markdown after its codes are decoded.
        let items = items.contains { $0.contains("<br>") } ? items.map(Mermaid.markdownEscaped) : items
        for item in items {
            if let first = item.unicodeScalars.first, Mermaid.startsKeyword(Array("end".unicodeScalars), in: Array(item.unicodeScalars), at: 0) {
                lines.append(indent + "  #\(first.value);" + String(item.unicodeScalars.dropFirst()))
            } else {
                lines.append(indent + "  " + item)
            }
        }
        lines.append(indent + "end note")
    }

    /// Appends a parent as a composite state holding its children and child parents.
    func appendComposite(_ p: Int, _ options: DiagramOptions, indent: String, inner: Set<Int>, descriptions: [[String]], to lines: inout [String]) {
        lines.append(indent + "state \"\(Mermaid.escaped(parents[p].name))\" as \(parents[p].mermaidID) {")
        if inner.contains(p) {
            // The point its lines to states inside it leave from (see `appendMermaidBody`).
            lines.append(indent + "  state \"·\" as \(innerID(p))")
        }
        // A parallel parent: its regions, separated by `--`, each drawn as a machine.
        for (r, region) in parents[p].regions.enumerated() {
            if r > 0 { lines.append(indent + "  --") }
            lines.append(indent + "  %% region \(Mermaid.escaped(region.name))")
            region.graph.appendMermaidBody(nestedRegionOptions(options, parent: p, region: r), indent: indent + "  ", flat: true, to: &lines)
        }
        for index in parents[p].members where parents[p].regions.isEmpty {
            lines.append(indent + "  state \"\(Mermaid.title(nodes[index].name, described: !descriptions[index].isEmpty))\" as \(nodes[index].id)")
            appendDescription(descriptions[index], of: nodes[index].id, indent: indent + "  ", to: &lines)
        }
        for history in parents[p].histories {
            // Mermaid has no history pseudo-state: a state named H (or H*) stands for it.
            lines.append(indent + "  state \"\(history.deep ? "H*" : "H")\" as \(historyID(p, deep: history.deep))")
        }
        for child in parents(in: p) { appendComposite(child, options, indent: indent + "  ", inner: inner, descriptions: descriptions, to: &lines) }
        lines.append(indent + "}")
    }
}
