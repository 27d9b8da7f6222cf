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

    /// About how wide Graphviz draws the graph in `direction`, in pixels: states ranked by
    /// their distance from the initial state along the transitions, each state as wide as
    /// its longest line (Helvetica: about 0.55 em a character), each label as wide as its
    /// longest line. Left to right, the ranks and the labels between them add up; top to
    /// bottom, the widest rank (its states side by side, or the labels of the lines leaving
    /// it) plus the labels of the lines going back up, which Graphviz draws beside the ranks.
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
        let nodeWidths = nodes.indices.map { index -> Double in
            let node = nodes[index]
            let compartment = DOT.wrapped(node.entryEffects, after: "entry /") + DOT.wrapped(node.exitEffects, after: "exit /")
                + internals[index].map { $0.label() }
            return max(72, 20 + max(width([node.name], points: 12), width(compartment, points: 10), width(ignoredLines(index), points: 9)))
        }
        let labelWidths = external.map { width($0.labelLines(), points: 10) + 16 }
        // Ranks: the distance from the initial state (breadth first); a state no line
        // reaches is on the first rank.
        var adjacent = [[Int]](repeating: [], count: nodes.count)
        for edge in external where edge.source != edge.target { adjacent[edge.source].append(edge.target) }
        var rank = [Int](repeating: -1, count: nodes.count)
        var queue: [Int] = []
        if let initial, initial >= 0, initial < nodes.count {
            rank[initial] = 0
            queue.append(initial)
        }
        var head = 0
        while head < queue.count {
            let state = queue[head]
            head += 1
            for next in adjacent[state] where rank[next] < 0 {
                rank[next] = rank[state] + 1
                queue.append(next)
            }
        }
        for index in rank.indices where rank[index] < 0 { rank[index] = 0 }
        let ranks = (rank.max() ?? 0) + 1
        var widest = [Double](repeating: 0, count: ranks)
        var sideBySide = [Double](repeating: 0, count: ranks)
        var labelsBelow = [Double](repeating: 0, count: ranks)
        var widestLabelAfter = [Double](repeating: 0, count: ranks)
        var backLabels = 0.0
        for index in nodes.indices {
            widest[rank[index]] = max(widest[rank[index]], nodeWidths[index])
            sideBySide[rank[index]] += nodeWidths[index] + 24
        }
        for (edge, label) in zip(external, labelWidths) {
            let from = rank[edge.source], to = rank[edge.target]
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
        let margin = 16.0 + 48  // the initial point and its line, the margins
        if direction == .leftToRight {
            let gaps = widestLabelAfter.dropLast().reduce(0) { $0 + max(48, $1) }
            return margin + widest.reduce(0, +) + gaps
        }
        return 16 + ((0..<ranks).map { max(sideBySide[$0], labelsBelow[$0]) }.max() ?? 0) + backLabels
    }
}

extension MachineGraph.Edge {
    /// The lines of the label DOT and Mermaid draw: `event [guard] / effects` on one line
    /// when it fits in about 30 characters, else the effects on lines of their own below.
    func labelLines(showsEffects: Bool = true) -> [String] {
        let head = label(showsEffects: false)
        guard showsEffects, !effects.isEmpty else { return [head] }
        let lines = DOT.wrapped(effects)
        if lines.count == 1 && head.count + 1 + lines[0].count <= DOT.labelWidth { return [head + " " + lines[0]] }
        return [head] + lines
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
