extension MachineDefinition {
    /// The definition as a Graphviz DOT `digraph`: a pure function of the definition,
    /// byte-stable (declaration order, no timestamps, a final newline).
    ///
    /// - In the direction ``drawn(_:)`` or the options give; without one, left to right when
    ///   that fits an 800-pixel documentation column, else the narrower way (a parallel
    ///   machine drawn top to bottom has its regions one under another when side by side they
    ///   would not fit). A small point with an arrow into the initial state.
    /// - Final states with a double border; entry and exit effects inside the state's label, and
    ///   below them, small and grey, the events it ignores (`ignored: a, b`); each list a line
    ///   about every 20 characters, so that no state is wider than the drawing needs.
    /// - One edge per transition labelled `event [guard] / effect, effect`; a label longer
    ///   than about 20 characters puts its guard and its effects on lines of their own below,
    ///   so that labels stay narrow. Internal transitions are lines inside their state, as in
    ///   UML.
    /// - Edges back to a state declared earlier are written reversed with `dir=back` (drawn
    ///   with the arrow at their target), so states rank in declaration order along the flow
    ///   and each label sits between two ranks rather than beside them. Ranks are 0.3 inches
    ///   apart (Graphviz's default is half an inch).
    /// - States with payloads (`failure(network)`) grouped in a cluster per case.
    /// - Every name quoted and escaped; node identifiers are `s0`, `s1`, ... so that no name
    ///   can clash with them.
    ///
    /// - Parameter options: a state to highlight, and an optional coverage view (set with the
    ///   `FSMCoverage` product's `DiagramOptions.coverage`).
    public func dot(_ options: DiagramOptions = DiagramOptions()) -> String {
        var options = options
        if options.direction == nil { options.direction = diagramDirection }
        return MachineGraph(self).dot(options)
    }

    /// The DOT diagram with `state` highlighted.
    package func dot(highlighting state: State) -> String {
        dot(DiagramOptions(highlightedState: name(of: state)))
    }
}

extension MachineGraph {
    func dot(_ options: DiagramOptions) -> String {
        var features = DiagramFeatures()
        return dot(options, features: &features)
    }

    /// The DOT text, and in `features` what it draws (for the legend: never from the text,
    /// which a state's name could mimic).
    func dot(_ options: DiagramOptions, features: inout DiagramFeatures) -> String {
        var out = ""
        // About 60 bytes a node and an edge: written once, without growing.
        out.reserveCapacity(256 + (nodes.count + edgeCount) * 64)
        out += "digraph "
        DOT.appendQuoted(name, to: &out)
        out += " {\n"
        if !parents.isEmpty || regions.contains(where: { !$0.graph.parents.isEmpty }) {
            // Edges from and to clusters (a parent's transitions, drawn once).
            out += "  compound=true;\n"
        }
        let direction = options.direction ?? automaticDirection()
        // (What the body draws depends on it: see `DrawnAnchors`.)
        var options = options
        options.direction = direction
        // Ranks closer than Graphviz's default half inch: a drawing narrower left to right,
        // shorter top to bottom, its labels still clear of the states (measured by
        // `Judges/diagram-metrics.py`).
        out += "  rankdir=\(direction.rawValue);\n  ranksep=0.3;\n"
        out += "  node [shape=box, style=rounded, fontname=\"Helvetica\", fontsize=12];\n"
        out += "  edge [fontname=\"Helvetica\", fontsize=10];\n"
        if regions.isEmpty {
            appendBody(options, initialID: "__initial", indent: "  ", to: &out, features: &features)
        } else {
            features.insert(.regions)
            for (r, region) in regions.enumerated() {
                out += "  subgraph cluster_r\(r) {\n"
                out += "    label="
                DOT.appendQuoted(region.name, to: &out)
                out += "; style=\"dashed\"; color=\"gray40\"; fontname=\"Helvetica-Bold\"; fontsize=12;\n"
                region.graph.appendBody(regionOptions(options, r), initialID: "__initial_r\(r)", indent: "    ", to: &out, features: &features)
                out += "  }\n"
            }
            if direction == .topToBottom && stacksRegions {
                // Side by side the regions would not fit a docs column: one under another,
                // each region's first rank below every state of the one before.
                for r in regions.indices.dropLast() {
                    // (A parallel parent's combined states are not drawn: not them.)
                    let graph = regions[r].graph
                    let sinks = graph.layoutSinks()
                    for index in graph.nodes.indices where graph.combinations[index] == nil && sinks[index] {
                        out += "  \(graph.nodes[index].id) -> __initial_r\(r + 1) [style=invis];\n"
                    }
                }
            }
        }
        out += "}\n"
        return out
    }

    /// Per node, whether no plain line leaves it downwards in Graphviz's ranking (a line to a
    /// state declared later, or one back to it from a state declared later, which is written
    /// reversed): every node is such a node or above one, so invisible edges from these alone
    /// put a state below the whole graph. (From every node, their chains through the ranks
    /// widened the drawing.) A node with only other lines (a parent's, a history's, a loop)
    /// counts as one, to be safe.
    func layoutSinks() -> [Bool] {
        var sinks = [Bool](repeating: true, count: nodes.count)
        forEachEdge { edge in
            guard edge.kind == .external, edge.source >= 0, edge.target >= 0, edge.source != edge.target,
                  edge.sourceParent == nil, edge.targetParent == nil, edge.history == nil else { return }
            sinks[min(edge.source, edge.target)] = false
        }
        return sinks
    }

    /// Appends the nodes, clusters and edges of the graph, each line indented.
    func appendBody(_ options: DiagramOptions, initialID: String, indent: String, to out: inout String, features: inout DiagramFeatures) {
        out += indent + initialID + " [shape=point, width=0.15, label=\"\"];\n"
        // Internal transitions are lines of their state (as in UML), not loops: a loop beside
        // the state's other loops and edges would overlap them.
        var internals = [[Edge]](repeating: [], count: nodes.count)
        forEachEdge { edge in if edge.kind == .internal { internals[edge.source].append(edge) } }
        let sharedIgnored = sharedIgnoredLines()
        let ignoredInNodes = ignoredLinesInNodes(shared: sharedIgnored)
        func appendNode(_ index: Int) {
            appendNodeLine(nodes[index], options, internal: internals[index], ignored: ignoredInNodes[index], to: &out, features: &features)
        }
        var grouped = [Bool](repeating: false, count: nodes.count)
        for group in groups { for member in group.members { grouped[member] = true } }
        for index in nodes.indices where !grouped[index] && !isNested(index) {
            out += indent
            appendNode(index)
        }
        if !groups.isEmpty { features.insert(.caseGroups) }
        for (position, group) in groups.enumerated() {
            out += indent + "subgraph cluster_\(idPrefix.isEmpty ? "" : idPrefix + "g")\(position) {\n"
            out += indent + "  label="
            if let lines = sharedIgnored[position] {
                // What every member ignores, once, small and grey under the group's name.
                appendStateLabel(group.name, entry: [], exit: [], internal: [], ignored: lines, options, to: &out, features: &features)
            } else {
                DOT.appendQuoted(group.name, to: &out)
            }
            out += "; style=\"rounded,dashed\"; color=\"gray60\"; fontname=\"Helvetica\"; fontsize=11;\n"
            for index in group.members {
                out += indent + "  "
                appendNode(index)
            }
            out += indent + "}\n"
        }
        // Graphviz clips a parent's line at the parent's border (`ltail`) only when the line
        // ends outside the parent: a line to a state inside it (one of its children, itself
        // entered again, its history) would be drawn from the child it is declared for
        // instead, as if the other children did not take it. Such lines leave from a point
        // of the parent's own, inside its box, ahead of its children.
        let inner = parentsWithInnerLines()
        let points = parentsWithPoints(inner: inner)
        // (Left to right, a parent's last state is often a rank further than its first, and a
        // line from there pushed its target a rank, the drawing a column, wider: the jukebox's
        // from 928 to 1,063 pixels. Top to bottom it costs height, not width.)
        let anchors = DrawnAnchors(points: points, lastLeaves: options.direction == .leftToRight ? [Int?](repeating: nil, count: parents.count) : lastLeaves())
        // Each line as written (its first point ranked before its second), and the pairs of
        // points with more than one line between them (either way).
        var written: [(first: String, second: String)] = []
        var seen = Set<DrawnPair>()
        var shared = Set<DrawnPair>()
        forEachEdge { edge in
            guard edge.kind == .external else { return }
            let ends = targetEnds(edge)
            for end in ends {
                let drawn = drawnEnds(edge, to: end, single: ends.count == 1, anchors: anchors)
                written.append(drawn.reversed ? (drawn.head, drawn.tail) : (drawn.tail, drawn.head))
                if isStateLoop(edge) { continue }
                let pair = DrawnPair(drawn.tail, drawn.head)
                if !seen.insert(pair).inserted { shared.insert(pair) }
            }
        }
        for p in parents.indices {
            for history in parents[p].histories {
                for target in history.defaults {
                    for end in ends(of: target, parent: nil) { written.append((historyID(p, deep: history.deep), end.id)) }
                }
            }
        }
        let rankings = pointRankings(points: points, written: written)
        for p in parents(in: nil) { appendCluster(p, options, indent: indent, internals: internals, inner: inner, points: points, rankings: rankings, to: &out, features: &features) }
        if let initial {
            features.insert(.initialState)
            for end in ends(of: initial, parent: nil) {
                out += indent + "\(initialID) -> \(end.id)" + (end.parent.map { " [lhead=\(parents[$0].id)]" } ?? "") + ";\n"
            }
        }
        var edgeNumber = -1
        forEachEdge { edge in
            edgeNumber += 1
            guard edge.kind == .external else { return }
            if isStateLoop(edge) { features.insert(.stateLoops) }
            // Into a parallel parent's child, one line per region it enters: `e5`, `e5.1`, ...
            let ends = targetEnds(edge)
            for (k, end) in ends.enumerated() {
                let drawn = drawnEnds(edge, to: end, single: ends.count == 1, anchors: anchors)
                appendEdge(edge, id: k == 0 ? "\(edgeNumber)" : "\(edgeNumber).\(k)", to: end, single: ends.count == 1, anchors: anchors,
                           padded: shared.contains(DrawnPair(drawn.tail, drawn.head)), options, indent: indent, to: &out)
            }
        }
        // Each history pseudo-state's default, dashed: where it resumes while its parent has
        // never been left.
        for p in parents.indices {
            for history in parents[p].histories {
                for target in history.defaults {
                    for end in ends(of: target, parent: nil) {
                        out += indent + historyID(p, deep: history.deep) + " -> " + end.id + " [style=dashed" + (end.parent.map { ", lhead=\(parents[$0].id)" } ?? "") + "];\n"
                    }
                }
            }
        }
    }

    /// Appends one edge's line, drawn to `end` (see ``targetEnds(_:)``).
    /// `single`: whether it is the edge's only end; `padded`: whether another line is drawn
    /// between the same two points (its label then has a space on each side: Graphviz puts
    /// the label of the first of two such lines against the second, `faster` and `slower`
    /// read as `fasterslower`).
    func appendEdge(_ edge: Edge, id edgeNumber: String, to end: (id: String, parent: Int?), single: Bool, anchors: DrawnAnchors, padded: Bool, _ options: DiagramOptions, indent: String, to out: inout String) {
        out += indent
        let (tail, head, reversed, fromInside) = drawnEnds(edge, to: end, single: single, anchors: anchors)
        out += reversed ? head + " -> " + tail : tail + " -> " + head
        out += " ["
        if options.edgeIDs { out += "id=\"\(idPrefix)e\(edgeNumber)\", " }
        out += "label=\""
        let count = options.paint.map { paint in paint.count(keys(of: edge)) } ?? 0
        // A short label stays on one line; a long one puts its guard and its effects below.
        for (position, line) in edge.labelLines(showsEffects: options.showsEffects, suffix: count > 0 ? " ×\(count)" : "").enumerated() {
            if position > 0 { out += "\\n" }
            if padded { out += " " }
            DOT.appendEscaped(line, to: &out)
            if padded { out += " " }
        }
        out += "\""
        if let parent = edge.sourceParent, !fromInside {
            // A parent's transition leaves from its cluster's border.
            out += (reversed ? ", lhead=" : ", ltail=") + parents[parent].id
        }
        if let parent = end.parent, !isInside(edge.source, parent) {
            out += (reversed ? ", ltail=" : ", lhead=") + parents[parent].id
        }
        if let paint = options.paint, paint.count(keys(of: edge)) == 0 {
            // Coverage view: taken transitions solid, the others dashed red.
            out += ", style=dashed, color=\"red\", fontcolor=\"red\""
        }
        if reversed { out += ", dir=back" }
        out += "];\n"
    }

    /// The points a line is written between, and whether it is written reversed and leaves
    /// a parent from inside.
    func drawnEnds(_ edge: Edge, to end: (id: String, parent: Int?), single: Bool, anchors: DrawnAnchors) -> (tail: String, head: String, reversed: Bool, fromInside: Bool) {
        let points = anchors.points
        let fromInside = edge.sourceParent.map { endsInside(edge, $0) } ?? false
        let tail: String
        if let parent = edge.sourceParent, fromInside || (isBackEdge(edge, fromInside: false) && points.contains(parent)) {
            // A parent's line to a state inside it leaves from the parent's point; a line up
            // to a state declared before it is drawn to that point too (the point is at the
            // parent's top), clipped at its border: drawn to a state deep inside, its label
            // was placed halfway along the whole curve, inside the parent, far from what is
            // drawn of the line.
            tail = innerID(parent)
        } else if let parent = edge.sourceParent, !isBackEdge(edge, fromInside: false), let last = anchors.lastLeaves[parent] {
            // A parent's line down to a state declared after it leaves from its last state
            // (most often its lowest), clipped at its border: drawn from its first, the
            // curve crossed the parent and its label could be inside it (the USB device's
            // `after 3 s`, inside Awake).
            tail = anchorID(last)
        } else {
            tail = anchorID(edge.source)
        }
        // A line back to a state declared earlier is written the other way round and drawn
        // with its arrow at its first end (`dir=back`): it ranks its source after its target
        // as declaration order does, and its label takes its place between the ranks instead
        // of widening the drawing beside them (as it did unranked, `constraint=false`).
        let reversed = isBackEdge(edge, fromInside: fromInside)
        // A line down into a parent is drawn to the parent's point (at its top), for the same
        // reason as a parent's line up.
        var head = edge.history.map { historyID($0.parent, deep: $0.deep) }
            ?? parentEntered(edge, end: end, single: single, reversed: reversed).flatMap { points.contains($0) ? innerID($0) : nil } ?? end.id
        if reversed, single, edge.history == nil, let q = end.parent, !isInside(edge.source, q), let last = anchors.lastLeaves[q] {
            // A line up into a parent (from a state declared after it) is drawn to its last
            // state, clipped at its border, for the same reason as a parent's line down: the
            // elevator's `allClear [key on]` had its label far from what was drawn of it.
            head = anchorID(last)
        }
        return (tail, head, reversed, fromInside)
    }

    /// For each parent drawn with a point (``parentsWithPoints(inner:)``) and without regions,
    /// where the point is ranked: with (`same`) its child states and histories, and before
    /// (`below`) its child parents' points, that no line from inside the parent reaches. The
    /// point is then in the parent's first rank, by its border, and a line drawn to it from
    /// outside is clipped there with its label beside what is drawn of it. (Ranked before the initial state only, the point sat below the parent's
    /// histories, and the label of the jukebox's `power` was drawn inside `on`.) `written`:
    /// every line as written, its first point ranked before its second. Linear in the lines
    /// and the states: whether a point is inside a parent is read from the parents' order in
    /// a walk of their tree.
    func pointRankings(points: Set<Int>, written: [(first: String, second: String)]) -> [Int: (same: [String], below: [String])] {
        guard !points.isEmpty else { return [:] }
        var children = [[Int]](repeating: [], count: parents.count)
        var roots: [Int] = []
        for q in parents.indices {
            if let up = parents[q].parent { children[up].append(q) } else { roots.append(q) }
        }
        // Each parent's place in a depth-first walk, and the last place inside it.
        var order = [Int](repeating: 0, count: parents.count)
        var last = [Int](repeating: 0, count: parents.count)
        var stack = roots.reversed().map { ($0, false) }
        var counter = 0
        while let (q, done) = stack.popLast() {
            if done { last[q] = counter - 1; continue }
            order[q] = counter
            counter += 1
            stack.append((q, true))
            for child in children[q].reversed() { stack.append((child, false)) }
        }
        func isInside(_ inner: Int, _ outer: Int) -> Bool { order[outer] <= order[inner] && order[inner] <= last[outer] }
        // The parent each point is drawn directly in, and the parent it is inside.
        var drawnIn: [String: Int] = [:]
        var inside: [String: Int] = [:]
        for index in nodes.indices where combinations[index] == nil {
            if let p = parentOf.isEmpty ? nil : parentOf[index] { drawnIn[nodes[index].id] = p; inside[nodes[index].id] = p }
        }
        for q in parents.indices {
            // What a parallel parent's regions draw is inside it (a line from one of its
            // regions' states to a sibling of the parent comes from inside the grandparent).
            for region in parents[q].regions { for id in region.graph.drawnIDs() { inside[id] = q } }
            for history in parents[q].histories { drawnIn[historyID(q, deep: history.deep)] = q; inside[historyID(q, deep: history.deep)] = q }
            if points.contains(q) {
                inside[innerID(q)] = q
                if let up = parents[q].parent { drawnIn[innerID(q)] = up }
            }
        }
        var reached = Set<String>()
        for (first, second) in written where first != second {
            if let p = drawnIn[second], let from = inside[first], isInside(from, p) { reached.insert(second) }
        }
        var rankings: [Int: (same: [String], below: [String])] = [:]
        for p in points where parents[p].regions.isEmpty {
            let same = parents[p].members.filter { combinations[$0] == nil && parentOf[$0] == p }.map { nodes[$0].id }
                + parents[p].histories.map { historyID(p, deep: $0.deep) }
            let below = children[p].filter { points.contains($0) }.map(innerID)
            rankings[p] = (same.filter { !reached.contains($0) }, below.filter { !reached.contains($0) })
        }
        return rankings
    }

    /// Per parent, the state declared last inside it, at any depth, not in a region (`nil`
    /// for a parallel parent: its states are its regions'). Linear: each parent's from its
    /// children's.
    func lastLeaves() -> [Int?] {
        var last = [Int?](repeating: nil, count: parents.count)
        guard !parents.isEmpty else { return last }
        for index in nodes.indices where combinations[index] == nil {
            if let p = parentOf[index] { last[p] = max(last[p] ?? index, index) }
        }
        // Deepest parents first, each gives its own to its parent. (Depths memoized: linear.)
        var depth = [Int](repeating: -1, count: parents.count)
        for q in parents.indices where depth[q] < 0 {
            var chain: [Int] = []
            var current: Int? = q
            while let c = current, depth[c] < 0 {
                chain.append(c)
                current = parents[c].parent
            }
            var d = current.map { depth[$0] } ?? -1
            for c in chain.reversed() {
                d += 1
                depth[c] = d
            }
        }
        for q in parents.indices.sorted(by: { depth[$0] > depth[$1] }) {
            guard let up = parents[q].parent, let leaf = last[q] else { continue }
            last[up] = max(last[up] ?? leaf, leaf)
        }
        return last
    }

    /// The parent a line down into it (from outside, to the parent itself or its initial
    /// states, one end) enters, drawn to the parent's point; `nil` for any other line.
    func parentEntered(_ edge: Edge, end: (id: String, parent: Int?), single: Bool, reversed: Bool) -> Int? {
        guard single, !reversed, edge.history == nil, let q = end.parent, !isInside(edge.source, q) else { return nil }
        return q
    }

    /// The parents with a point of their own at their top (see `drawnEnds`): lines to
    /// states inside them (`inner`, ``parentsWithInnerLines()``) leave from it, their lines
    /// up and lines down into them are drawn to it. (Only to a point drawn anyway, or one in
    /// the rank of the parent's initial state, its child: ranked before a region or a child
    /// parent, it pushed them a rank further, the jukebox's drawing from 912 to 1,152 pixels.)
    func parentsWithPoints(inner: Set<Int>) -> Set<Int> {
        var points = inner
        guard !parents.isEmpty else { return points }
        func placed(_ p: Int) -> Bool {
            inner.contains(p) || initialLeaf(of: p).map { parentOf[$0] == p && combinations[$0] == nil } ?? false
        }
        forEachEdge { edge in
            guard edge.kind == .external else { return }
            let fromInside = edge.sourceParent.map { endsInside(edge, $0) } ?? false
            let reversed = isBackEdge(edge, fromInside: fromInside)
            if let p = edge.sourceParent, reversed, placed(p) { points.insert(p) }
            let ends = targetEnds(edge)
            for end in ends { if let q = parentEntered(edge, end: end, single: ends.count == 1, reversed: reversed), placed(q) { points.insert(q) } }
        }
        return points
    }

    /// Whether `edge` goes back to a state declared before its source (not to a history, nor
    /// from a parent's inner point): such lines are written reversed with `dir=back`, so that
    /// states read in declaration order along the flow.
    func isBackEdge(_ edge: Edge, fromInside: Bool) -> Bool {
        edge.target < edge.source && edge.history == nil && !fromInside
    }

    /// Appends the cluster of a parent: labelled like a state (its name, then under a rule
    /// its entry and exit effects and internal transitions, and its ignored events small and
    /// grey); its children; its child parents.
    ///
    /// `inner`: the parents with lines to states inside them (``parentsWithInnerLines()``),
    /// drawn with a point they leave from; `points`: those and the parents with lines up
    /// (lines up, lines down into it: ``parentsWithPoints(inner:)``), whose point is not drawn.
    /// `rankings`: where each point is ranked (``pointRankings(points:written:)``).
    func appendCluster(_ p: Int, _ options: DiagramOptions, indent: String, internals: [[Edge]], inner: Set<Int>, points: Set<Int>, rankings: [Int: (same: [String], below: [String])], to out: inout String, features: inout DiagramFeatures) {
        let parent = parents[p]
        features.insert(.parents)
        out += indent + "subgraph \(parent.id) {\n"
        out += indent + "  label="
        let ignored = DOT.wrapped(parent.ignored, after: "ignored:")
        appendStateLabel(parent.name, entry: parent.entryEffects, exit: parent.exitEffects, internal: parent.internalTransitions, ignored: ignored, options, to: &out, features: &features)
        out += "; style=\"rounded\"; color=\"gray25\"; fontname=\"Helvetica\"; fontsize=11;\n"
        if inner.contains(p) {
            // The point its lines to states inside it leave from.
            features.insert(.innerLines)
            out += indent + "  " + innerID(p) + " [shape=point, width=0.06, height=0.06, label=\"\", color=\"gray25\"];\n"
        } else if points.contains(p) {
            // Where its lines up are drawn to (clipped at its border): not drawn itself.
            out += indent + "  " + innerID(p) + " [shape=point, width=0.01, height=0.01, label=\"\", style=invis];\n"
        }
        for index in parent.members where parent.regions.isEmpty {
            out += indent + "  "
            appendNodeLine(nodes[index], options, internal: internals[index], ignored: ignoredLines(index), to: &out, features: &features)
        }
        // A parallel parent: its regions, each a dashed box drawn as a machine of its own.
        for (r, region) in parent.regions.enumerated() {
            features.insert(.regions)
            let prefix = parent.mermaidID + "r\(r)"
            out += indent + "  subgraph cluster_\(prefix) {\n"
            out += indent + "    label="
            DOT.appendQuoted(region.name, to: &out)
            out += "; style=\"dashed\"; color=\"gray40\"; fontname=\"Helvetica-Bold\"; fontsize=12;\n"
            region.graph.appendBody(nestedRegionOptions(options, parent: p, region: r), initialID: "__initial_\(prefix)", indent: indent + "    ", to: &out, features: &features)
            out += indent + "  }\n"
        }
        for history in parent.histories {
            // UML's history pseudo-state: a small circle, H (shallow) or H* (deep).
            features.insert(.history)
            out += indent + "  " + historyID(p, deep: history.deep)
            out += " [shape=circle, label=\"\(history.deep ? "H*" : "H")\", width=0.3, fixedsize=true, fontname=\"Helvetica\", fontsize=10];\n"
        }
        for child in parents(in: p) { appendCluster(child, options, indent: indent + "  ", internals: internals, inner: inner, points: points, rankings: rankings, to: &out, features: &features) }
        if let ranking = rankings[p], !ranking.same.isEmpty || !ranking.below.isEmpty || inner.contains(p) {
            // In the parent's first rank, by its border (see ``pointRankings(points:written:)``):
            // in the rank of what is drawn directly in it there, above its child parents'
            // points. (Ranked before all of them, it made a rank of its own, the jukebox's
            // drawing left to right a column wider.)
            if !ranking.same.isEmpty { out += indent + "  { rank=same; " + ([innerID(p)] + ranking.same).joined(separator: "; ") + "; }\n" }
            for item in ranking.below { out += indent + "  " + innerID(p) + " -> " + item + " [style=invis];\n" }
        } else if points.contains(p), let first = initialLeaf(of: p) {
            // (A parallel parent's, or one whose every state a line from inside reaches:)
            // ranked before its initial state (an invisible edge, after the children are
            // declared in their own clusters): by the border its children are entered from.
            out += indent + "  " + innerID(p) + " -> " + anchorID(first) + " [style=invis];\n"
        }
        out += indent + "}\n"
    }

    /// Appends a state's (or a parent's) label, as UML draws a state: its name, then under a
    /// rule its entry and exit effects and its internal transitions (`event [guard] /
    /// effects`, red in a coverage view when not taken), and, small and grey, the events it
    /// ignores. An HTML-like label when there is more than the name; a plain quoted one
    /// otherwise, and for text with a tab, which an HTML-like label cannot draw (its lines
    /// then follow the name, unstyled).
    func appendStateLabel(_ name: String, entry: [String], exit: [String], internal internalEdges: [Edge], ignored: [String], _ options: DiagramOptions, to out: inout String, features: inout DiagramFeatures) {
        var compartment: [(text: String, covered: Bool)] = []
        if options.showsEffects {
            compartment += DOT.wrapped(entry, after: "entry /").map { ($0, true) }
            compartment += DOT.wrapped(exit, after: "exit /").map { ($0, true) }
        }
        for edge in internalEdges {
            let count = options.paint?.count(keys(of: edge))
            compartment.append((edge.label(showsEffects: options.showsEffects) + (count.map { $0 > 0 ? " ×\($0)" : "" } ?? ""), count != 0))
        }
        let texts = [name] + compartment.map(\.text) + ignored
        guard texts.count > 1, !texts.contains(where: { $0.contains("\t") }) else {
            out += "\""
            for (position, line) in texts.enumerated() {
                if position > 0 { out += "\\n" }
                DOT.appendEscaped(line, to: &out)
            }
            out += "\""
            return
        }
        out += "<<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"1\"><TR><TD>"
        DOT.appendHTMLEscaped(name, to: &out)
        out += "</TD></TR>"
        if !compartment.isEmpty {
            features.insert(.compartments)
            out += "<HR/><TR><TD><FONT POINT-SIZE=\"10\">"
            for (position, line) in compartment.enumerated() {
                if position > 0 { out += "<BR/>" }
                if !line.covered { out += "<FONT COLOR=\"red\">" }
                DOT.appendHTMLEscaped(line.text, to: &out)
                if !line.covered { out += "</FONT>" }
            }
            out += "</FONT></TD></TR>"
        }
        if !ignored.isEmpty {
            features.insert(.ignoredEvents)
            out += "<TR><TD><FONT POINT-SIZE=\"9\" COLOR=\"gray40\">"
            for (position, line) in ignored.enumerated() {
                if position > 0 { out += "<BR/>" }
                DOT.appendHTMLEscaped(line, to: &out)
            }
            out += "</FONT></TD></TR>"
        }
        out += "</TABLE>>"
    }

    /// Appends `ID [label=..., ...];` and a line break (the label: ``appendStateLabel``).
    func appendNodeLine(_ node: Node, _ options: DiagramOptions, internal internalEdges: [Edge], ignored: [String], to out: inout String, features: inout DiagramFeatures) {
        out += node.id
        out += " [label="
        appendStateLabel(node.name, entry: node.entryEffects, exit: node.exitEffects, internal: internalEdges, ignored: ignored, options, to: &out, features: &features)
        if node.isFinal {
            features.insert(.finalStates)
            out += ", peripheries=2"
        }
        let neverEntered = options.paint.map { !$0.entered.contains(node.name) } ?? false
        if node.name == options.highlightedState {
            out += ", style=\"rounded,filled\(neverEntered ? ",dashed" : "")\", fillcolor=\"#ffd966\", penwidth=2"
        } else if neverEntered {
            out += ", style=\"rounded,dashed\""
        }
        if neverEntered {
            // Coverage view: a state never entered is dashed red.
            out += ", color=\"red\", fontcolor=\"red\""
        }
        out += "];\n"
    }
}

/// Two points a line is written between, in either order.
struct DrawnPair: Hashable {
    let first: String
    let second: String

    init(_ a: String, _ b: String) {
        (first, second) = a < b ? (a, b) : (b, a)
    }
}

/// Where lines of parents are drawn to and from (see `drawnEnds`): the parents with a point
/// of their own, and each parent's last state (top to bottom only).
struct DrawnAnchors {
    let points: Set<Int>
    let lastLeaves: [Int?]
}
