extension MachineDefinition {
    /// The definition as a Graphviz DOT `digraph`: a pure function of the definition,
    /// byte-stable (declaration order, no timestamps, a final newline).
    ///
    /// - Left-to-right layout; a small point with an arrow into the initial state.
    /// - Final states as double circles; entry and exit effects inside the state's label.
    /// - One edge per transition labelled `event [guard] / effect, effect`; internal
    ///   transitions as dashed self-loops; the events a state ignores as one dotted grey
    ///   self-loop labelled `ignored: a, b`.
    /// - Edges back to a state declared earlier do not constrain the layout, so states read
    ///   left to right in declaration order where the flow allows.
    /// - States with payloads (`failure(network)`) grouped in a cluster per case.
    /// - Every name quoted and escaped; node identifiers are `s0`, `s1`, ... so that no name
    ///   can clash with them.
    ///
    /// - Parameter options: a state to highlight, and an optional coverage view.
    @inlinable
    public func dot(_ options: DiagramOptions = DiagramOptions()) -> String {
        MachineGraph(self).dot(options)
    }

    /// The DOT diagram with `state` highlighted.
    @inlinable
    public func dot(highlighting state: State) -> String {
        dot(DiagramOptions(highlightedState: name(of: state)))
    }
}

extension MachineGraph {
    @inlinable
    func dot(_ options: DiagramOptions) -> String {
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
        out += "  rankdir=LR;\n"
        out += "  node [shape=box, style=rounded, fontname=\"Helvetica\", fontsize=12];\n"
        out += "  edge [fontname=\"Helvetica\", fontsize=10];\n"
        if regions.isEmpty {
            appendBody(options, initialID: "__initial", indent: "  ", to: &out)
        } else {
            for (r, region) in regions.enumerated() {
                out += "  subgraph cluster_r\(r) {\n"
                out += "    label="
                DOT.appendQuoted(region.name, to: &out)
                out += "; style=\"dashed\"; color=\"gray40\"; fontname=\"Helvetica-Bold\"; fontsize=12;\n"
                region.graph.appendBody(regionOptions(options, r), initialID: "__initial_r\(r)", indent: "    ", to: &out)
                out += "  }\n"
            }
        }
        out += "}\n"
        return out
    }

    /// Appends the nodes, clusters and edges of the graph, each line indented.
    @inlinable
    func appendBody(_ options: DiagramOptions, initialID: String, indent: String, to out: inout String) {
        out += indent + initialID + " [shape=point, width=0.15, label=\"\"];\n"
        var grouped = [Bool](repeating: false, count: nodes.count)
        for group in groups { for member in group.members { grouped[member] = true } }
        for index in nodes.indices where !grouped[index] && !isNested(index) {
            out += indent
            appendNodeLine(nodes[index], options, to: &out)
        }
        for (position, group) in groups.enumerated() {
            out += indent + "subgraph cluster_\(idPrefix.isEmpty ? "" : idPrefix + "g")\(position) {\n"
            out += indent + "  label="
            DOT.appendQuoted(group.name, to: &out)
            out += "; style=\"rounded,dashed\"; color=\"gray60\"; fontname=\"Helvetica\"; fontsize=11;\n"
            for index in group.members {
                out += indent + "  "
                appendNodeLine(nodes[index], options, to: &out)
            }
            out += indent + "}\n"
        }
        for p in parents(in: nil) { appendCluster(p, options, indent: indent, to: &out) }
        if let initial {
            out += indent + "\(initialID) -> \(nodes[initial].id);\n"
        }
        forEachEdge { edge in
            out += indent
            out += nodes[edge.source].id
            out += " -> "
            out += nodes[edge.target].id
            out += " [label=\""
            DOT.appendEscaped(edge.event, to: &out)
            if let guardName = edge.guardName {
                out += " ["
                DOT.appendEscaped(guardName, to: &out)
                out += "]"
            }
            for (position, effect) in edge.effects.enumerated() {
                out += position == 0 ? " / " : ", "
                DOT.appendEscaped(effect, to: &out)
            }
            out += "\""
            if let parent = edge.sourceParent, !isInside(edge.target, parent) {
                // A parent's transition leaves from its cluster's border.
                out += ", ltail=\(parents[parent].id)"
            }
            if let parent = edge.targetParent, !isInside(edge.source, parent) {
                out += ", lhead=\(parents[parent].id)"
            }
            if let covered = options.coveredTransitions {
                // Coverage view: taken transitions solid, the others dashed red.
                if !keys(of: edge).contains(where: covered.contains) {
                    out += ", style=dashed, color=\"red\", fontcolor=\"red\""
                }
            } else if edge.kind == .internal {
                out += ", style=dashed"
            }
            if edge.target < edge.source {
                // Back edges (to a state declared earlier) do not rank: declaration order
                // reads left to right, as the flow usually does.
                out += ", constraint=false"
            }
            out += "];\n"
        }
        for index in nodes.indices {
            guard let label = ignoredLabel(index) else { continue }
            out += indent + "\(nodes[index].id) -> \(nodes[index].id) [label="
            DOT.appendQuoted(label, to: &out)
            out += ", style=dotted, color=\"gray55\", fontcolor=\"gray45\", arrowhead=none];\n"
        }
    }

    /// Appends the cluster of a parent: its name, entry and exit effects, internal
    /// transitions and ignored events as its label; its children; its child parents.
    @inlinable
    func appendCluster(_ p: Int, _ options: DiagramOptions, indent: String, to out: inout String) {
        let parent = parents[p]
        out += indent + "subgraph \(parent.id) {\n"
        var label = parent.name
        if !parent.entryEffects.isEmpty { label += "\nentry / " + parent.entryEffects.joined(separator: ", ") }
        if !parent.exitEffects.isEmpty { label += "\nexit / " + parent.exitEffects.joined(separator: ", ") }
        for line in parent.internalLabels { label += "\n" + line }
        if !parent.ignored.isEmpty { label += "\nignored: " + parent.ignored.joined(separator: ", ") }
        out += indent + "  label="
        DOT.appendQuoted(label, to: &out)
        out += "; style=\"rounded\"; color=\"gray25\"; fontname=\"Helvetica\"; fontsize=11;\n"
        for index in parent.members {
            out += indent + "  "
            appendNodeLine(nodes[index], options, to: &out)
        }
        for child in parents(in: p) { appendCluster(child, options, indent: indent + "  ", to: &out) }
        out += indent + "}\n"
    }

    /// Appends `ID [label="...", ...];` and a line break.
    @inlinable
    func appendNodeLine(_ node: Node, _ options: DiagramOptions, to out: inout String) {
        out += node.id
        out += " [label=\""
        DOT.appendEscaped(node.name, to: &out)
        if !node.entryEffects.isEmpty {
            out += "\\nentry / "
            DOT.appendEscaped(node.entryEffects.joined(separator: ", "), to: &out)
        }
        if !node.exitEffects.isEmpty {
            out += "\\nexit / "
            DOT.appendEscaped(node.exitEffects.joined(separator: ", "), to: &out)
        }
        out += "\""
        if node.isFinal { out += ", shape=doublecircle" }
        if node.name == options.highlightedState {
            out += node.isFinal ? ", style=filled" : ", style=\"rounded,filled\""
            out += ", fillcolor=\"#ffd966\", penwidth=2"
        }
        out += "];\n"
    }
}

/// Graphviz text helpers.
@usableFromInline
enum DOT {
    /// Appends `text` as a DOT quoted string that Graphviz draws as exactly `text` (see
    /// ``appendEscaped(_:to:)``).
    @inlinable
    static func appendQuoted(_ text: String, to out: inout String) {
        out += "\""
        appendEscaped(text, to: &out)
        out += "\""
    }

    /// Appends `text` escaped for the inside of a DOT quoted string: backslashes and quotes
    /// escaped (so `\N`, `\l` and the like stay literal), `&` written as `&amp;` (Graphviz
    /// decodes HTML entities such as `&lt;` or `&#35;` in labels), line breaks as `\n`, a tab
    /// kept (Graphviz draws it, and SVG may hold it), other control characters replaced by
    /// U+FFFD (SVG, which is XML, cannot hold them). Non-ASCII text is kept as UTF-8.
    @inlinable
    static func appendEscaped(_ text: String, to out: inout String) {
        if !text.utf8.contains(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "&") || $0 < 0x20 || $0 == 0x7F }) {
            out += text
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "&": out += "&amp;"
            case "\n": out += "\\n"
            case "\r": break
            case "\t": out += "\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
    }
}
