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
        out.reserveCapacity(256 + nodes.count * 40 + edges.count * 48)
        out += "digraph \(DOT.quoted(name)) {\n"
        out += "  rankdir=LR;\n"
        out += "  node [shape=box, style=rounded, fontname=\"Helvetica\", fontsize=12];\n"
        out += "  edge [fontname=\"Helvetica\", fontsize=10];\n"
        out += "  __initial [shape=point, width=0.15, label=\"\"];\n"
        let grouped = Set(groups.flatMap(\.members))
        for (index, node) in nodes.enumerated() where !grouped.contains(index) {
            out += "  " + nodeLine(node, options) + "\n"
        }
        for (position, group) in groups.enumerated() {
            out += "  subgraph cluster_\(position) {\n"
            out += "    label=\(DOT.quoted(group.name)); style=\"rounded,dashed\"; color=\"gray60\"; fontname=\"Helvetica\"; fontsize=11;\n"
            for index in group.members {
                out += "    " + nodeLine(nodes[index], options) + "\n"
            }
            out += "  }\n"
        }
        if let initial {
            out += "  __initial -> \(nodes[initial].id);\n"
        }
        for edge in edges {
            out += "  "
            out += nodes[edge.source].id
            out += " -> "
            out += nodes[edge.target].id
            out += " [label="
            out += DOT.quoted(edge.label())
            if let covered = options.coveredTransitions {
                // Coverage view: taken transitions solid, the others dashed red.
                if !covered.contains(key(of: edge)) {
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
            out += "  \(nodes[index].id) -> \(nodes[index].id) [label=\(DOT.quoted(label)), style=dotted, color=\"gray55\", fontcolor=\"gray45\", arrowhead=none];\n"
        }
        out += "}\n"
        return out
    }

    @inlinable
    func nodeLine(_ node: Node, _ options: DiagramOptions) -> String {
        var label = node.name
        if !node.entryEffects.isEmpty { label += "\nentry / " + node.entryEffects.joined(separator: ", ") }
        if !node.exitEffects.isEmpty { label += "\nexit / " + node.exitEffects.joined(separator: ", ") }
        var attributes = ["label=\(DOT.quoted(label))"]
        if node.isFinal { attributes.append("shape=doublecircle") }
        if node.name == options.highlightedState {
            attributes.append(node.isFinal ? "style=filled" : "style=\"rounded,filled\"")
            attributes.append("fillcolor=\"#ffd966\"")
            attributes.append("penwidth=2")
        }
        return "\(node.id) [\(attributes.joined(separator: ", "))];"
    }
}

/// Graphviz text helpers.
@usableFromInline
enum DOT {
    /// A DOT quoted string that Graphviz draws as exactly `text`: backslashes and quotes
    /// escaped (so `\N`, `\l` and the like stay literal), `&` written as `&amp;` (Graphviz
    /// decodes HTML entities such as `&lt;` or `&#35;` in labels), line breaks as `\n`, other
    /// control characters replaced by U+FFFD. Non-ASCII text is kept as UTF-8.
    @inlinable
    static func quoted(_ text: String) -> String {
        if !text.utf8.contains(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "&") || $0 < 0x20 || $0 == 0x7F }) {
            return "\"" + text + "\""
        }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "&": out += "&amp;"
            case "\n": out += "\\n"
            case "\r": break
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
