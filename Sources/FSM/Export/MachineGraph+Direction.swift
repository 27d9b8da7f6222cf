extension MachineGraph {
    /// The width a documentation column gives a drawing, in pixels at 96 dpi.
    static var columnWidth: Double { 800 }

    /// The direction a diagram flows in when neither the definition nor the options say:
    /// left to right when that drawing fits a documentation column (``columnWidth``) with a
    /// tenth to spare, else
    /// whichever of the two is narrower. Both widths are estimates made without a renderer
    /// (see ``estimatedWidth(_:)``); the readability judge (`Judges/diagram-metrics.py`)
    /// measures the drawings themselves.
    func automaticDirection() -> DiagramDirection {
        let wide = estimatedWidth(.leftToRight)
        // A tenth kept for the estimate's error: a chain drawn a little wider than the
        // column is better drawn down it.
        if wide <= Self.columnWidth * 0.9 { return .leftToRight }
        return wide <= estimatedWidth(.topToBottom) ? .leftToRight : .topToBottom
    }

    /// Whether a parallel machine drawn top to bottom has its regions one under another: when
    /// side by side they would not fit a documentation column.
    var stacksRegions: Bool {
        regions.count > 1 && regions.reduce(0) { $0 + $1.graph.estimatedWidth(.topToBottom) + 16 } - 16 > Self.columnWidth
    }

    /// About how wide Graphviz draws the graph in `direction`, in pixels: states ranked as the
    /// DOT export constrains them (a line forward in declaration order one rank), each state as wide as
    /// its longest line (Helvetica: about 0.55 em a character), each label as wide as its
    /// longest line. Left to right, the ranks and the labels between them add up; top to
    /// bottom, the widest rank (its states side by side, or the labels of the lines leaving
    /// it) plus about half the widest label of the lines going back up, which Graphviz draws
    /// beside the ranks. Each level of parents adds a cluster's margins. The constants are
    /// fitted to Graphviz's layouts of the shipped and test machines (within a quarter).
    /// Regions are drawn one under another left to right, and top to bottom side by side
    /// unless that is wider than the column (``stacksRegions``). Linear in the states and
    /// transitions.
    func estimatedWidth(_ direction: DiagramDirection) -> Double {
        if !regions.isEmpty {
            let widths = regions.map { $0.graph.estimatedWidth(direction) }
            return direction == .leftToRight || stacksRegions ? widths.max() ?? 0 : widths.reduce(0, +) + 16 * Double(widths.count - 1)
        }
        let perCharacter = 0.55 * 96 / 72
        func width(_ lines: [String], points: Double) -> Double {
            Double(lines.map(\.count).max() ?? 0) * points * perCharacter
        }
        var internals = [[Edge]](repeating: [], count: nodes.count)
        var external: [Edge] = []
        forEachEdge { edge in
            if edge.kind == .internal { internals[edge.source].append(edge) } else if edge.source >= 0, edge.target >= 0 { external.append(edge) }
        }
        // A parallel parent's combined states are not drawn: its regions are, inside its box,
        // side by side top to bottom and one under another left to right. Their width goes to
        // its first combined state, the others count for nothing.
        var regionBlocks: [Int: Double] = [:]
        for parent in parents where !parent.regions.isEmpty {
            guard let first = parent.members.first(where: { combinations[$0] != nil }) else { continue }
            let widths = parent.regions.map { $0.graph.estimatedWidth(direction) }
            regionBlocks[first] = direction == .leftToRight ? widths.max() ?? 0 : widths.reduce(0, +) + 16 * Double(widths.count - 1)
        }
        let ignoredInNodes = ignoredLinesInNodes(shared: sharedIgnoredLines())
        let nodeWidths = nodes.indices.map { index -> Double in
            if combinations[index] != nil { return regionBlocks[index] ?? 0 }
            let node = nodes[index]
            let compartment = DOT.wrapped(node.entryEffects, after: "entry /") + DOT.wrapped(node.exitEffects, after: "exit /")
                + internals[index].map { $0.label() }
            return max(72, 20 + max(width([node.name], points: 12), width(compartment, points: 10), width(ignoredInNodes[index], points: 9)))
        }
        let labelWidths = external.map { width($0.labelLines(), points: 10) + 16 }
        // Ranks as Graphviz's DOT here makes them: a line to a state declared later puts it
        // at least a rank further (two through a history point); a line back to a state
        // declared earlier is written reversed (`dir=back`), so it puts its source a rank
        // after its target. The longest such path, in declaration order: each line once.
        var outgoing = [[(target: Int, step: Int)]](repeating: [], count: nodes.count)
        // (A line written reversed is one `isBackEdge` says is: not from a parent's inner point.)
        let reversed = external.map { edge in isBackEdge(edge, fromInside: edge.sourceParent.map { endsInside(edge, $0) } ?? false) }
        for (edge, back) in zip(external, reversed) {
            if edge.target > edge.source {
                outgoing[edge.source].append((edge.target, edge.history == nil ? 1 : 2))
            } else if back {
                outgoing[edge.target].append((edge.source, 1))
            }
        }
        var rank = [Int](repeating: 0, count: nodes.count)
        for source in nodes.indices {
            for (target, step) in outgoing[source] { rank[target] = max(rank[target], rank[source] + step) }
        }
        let ranks = (rank.max() ?? 0) + 1
        var widest = [Double](repeating: 0, count: ranks)
        var sideBySide = [Double](repeating: 0, count: ranks)
        var labelsBelow = [Double](repeating: 0, count: ranks)
        var widestLabelAfter = [Double](repeating: 0, count: ranks)
        var backLabels = 0.0
        for index in nodes.indices where nodeWidths[index] > 0 {
            widest[rank[index]] = max(widest[rank[index]], nodeWidths[index])
            sideBySide[rank[index]] += nodeWidths[index] + 24
        }
        for ((edge, label), back) in zip(zip(external, labelWidths), reversed) {
            let (from, to) = back ? (rank[edge.target], rank[edge.source]) : (rank[edge.source], rank[edge.target])
            if edge.source == edge.target {
                // A loop: beside its state either way.
                sideBySide[from] += label
                widest[from] += label
            } else if to > from {
                labelsBelow[from] += label + 24
                widestLabelAfter[from] = max(widestLabelAfter[from], label)
            } else {
                backLabels = max(backLabels, label)
            }
        }
        // Each level of parents a cluster's margins on both sides (the levels counted once
        // per parent: linear however deep they nest).
        var levels = [Int](repeating: 0, count: parents.count)
        for p in parents.indices where levels[p] == 0 {
            var chain: [Int] = []
            var current: Int? = p
            while let q = current, levels[q] == 0 {
                chain.append(q)
                current = parents[q].parent
            }
            var level = current.map { levels[$0] } ?? 0
            for q in chain.reversed() {
                level += 1
                levels[q] = level
            }
        }
        let clusters = 2 * 12 * Double(levels.max() ?? 0)
        let rankSeparation = 0.3 * 96  // `ranksep=0.3`
        let margin = 16.0 + rankSeparation  // the initial point and its line, the margins
        if direction == .leftToRight {
            // A label sits on a rank of its own, with the ranks' separation on both sides.
            let gaps = widestLabelAfter.dropLast().reduce(0) { $0 + ($1 > 0 ? $1 + rankSeparation : rankSeparation) }
            return margin + widest.reduce(0, +) + gaps + clusters
        }
        // (Graphviz tucks lines going back up beside the ranks: about half their widest label.)
        return 16 + ((0..<ranks).map { max(sideBySide[$0], labelsBelow[$0]) }.max() ?? 0) + backLabels / 2 + clusters
    }
}

extension MachineGraph.Edge {
    /// The lines of the label DOT and Mermaid draw, each about `width` characters at most
    /// (counted before `escape`; a name longer than that keeps a line of its own):
    /// `event [guard] / effects` on one line when it fits; else the guard under the event when
    /// both do not fit on one line, and the effects on lines of their own below. `suffix`
    /// (a coverage count, not escaped nor counted) ends the line of the event and its
    /// guard.
    func labelLines(showsEffects: Bool = true, width: Int = DOT.labelWidth, suffix: String = "", escape: (String) -> String = { $0 }) -> [String] {
        let eventLines = DOT.brokenAtPayload(event, width: width)
        var head = eventLines.map(escape)
        var last = eventLines[eventLines.count - 1].count
        if let guardName {
            if last + 3 + guardName.count <= width {
                // (After the event's last line: its payload's, when it was broken.)
                head[head.count - 1] += " [" + escape(guardName) + "]"
                last += 3 + guardName.count
            } else {
                head.append("[" + escape(guardName) + "]")
                last = guardName.count + 2
            }
        }
        head[head.count - 1] += suffix
        guard showsEffects, !effects.isEmpty else { return head }
        let lines = DOT.wrapped(effects, after: "/", width: width, escape: escape)
        if lines.count == 1 && last + 3 + effects.reduce(0, { $0 + $1.count + 2 }) - 2 <= width {
            head[head.count - 1] += " " + lines[0]
            return head
        }
        return head + lines
    }
}

extension MachineDefinition {
    /// About how wide Graphviz draws the definition in `direction`, in pixels at 96 dpi (see
    /// `MachineGraph.estimatedWidth(_:)`): for the tests that hold the estimate against the
    /// drawing.
    package func estimatedDiagramWidth(_ direction: DiagramDirection) -> Double {
        MachineGraph(self).estimatedWidth(direction)
    }
}
