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
        out += "  rankdir=LR;\n"
        out += "  node [shape=box, style=rounded, fontname=\"Helvetica\", fontsize=12];\n"
        out += "  edge [fontname=\"Helvetica\", fontsize=10];\n"
        out += "  __initial [shape=point, width=0.15, label=\"\"];\n"
        var grouped = [Bool](repeating: false, count: nodes.count)
        for group in groups { for member in group.members { grouped[member] = true } }
        for index in nodes.indices where !grouped[index] {
            out += "  "
            appendNodeLine(nodes[index], options, to: &out)
        }
        for (position, group) in groups.enumerated() {
            out += "  subgraph cluster_\(position) {\n"
            out += "    label="
            DOT.appendQuoted(group.name, to: &out)
            out += "; style=\"rounded,dashed\"; color=\"gray60\"; fontname=\"Helvetica\"; fontsize=11;\n"
            for index in group.members {
                out += "    "
                appendNodeLine(nodes[index], options, to: &out)
            }
            out += "  }\n"
        }
        if let initial {
            out += "  __initial -> \(nodes[initial].id);\n"
        }
        forEachEdge { edge in
            out += "  "
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
            out += "  \(nodes[index].id) -> \(nodes[index].id) [label="
            DOT.appendQuoted(label, to: &out)
            out += ", style=dotted, color=\"gray55\", fontcolor=\"gray45\", arrowhead=none];\n"
        }
        out += "}\n"
        return out
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
    /// decodes HTML entities such as `&lt;` or `&#35;` in labels), line breaks as `\n`, other
    /// control characters replaced by U+FFFD. Non-ASCII text is kept as UTF-8.
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
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
    }
}
