/// Where a machine's states and transitions are in its DOT diagram drawn with
/// ``DiagramOptions/edgeIDs``: what the explorer page needs to highlight the current
/// configuration and to map a clicked edge to its event.
package struct ExplorerLayout: Sendable {
    /// A drawn edge (not an internal transition, which is a line of its state's label).
    package struct Edge: Sendable {
        /// The edge's `id` in the DOT text and in Graphviz's SVG.
        package let id: String
        /// The region it belongs to, or `nil` in a machine without regions.
        package let region: Int?
        /// Its event's name.
        package let event: String
        /// The transitions it stands for, in its region's names (a parent's edge stands for
        /// one transition per state inside the parent).
        package let keys: [TransitionName]
        /// The cluster of the parent that declares it (`cluster_p0`), or `nil` for a
        /// state's own line: where the drawing must start it.
        package let parentCluster: String?
    }

    /// Per state (by its name): the DOT node identifiers drawn for it: its node, or in a
    /// parallel machine the node of each region's state.
    package let nodes: [String: [String]]
    /// Per state (by its name) of a parallel machine or inside a parallel parent: each
    /// region's state name, by the region's number in ``regionNames`` (empty where the state
    /// is not in that region's parent).
    package let regionStates: [String: [String]]
    /// The regions an edge can belong to: a parallel machine's, then each parallel parent's,
    /// in declaration order (`parent.region`).
    package let regionNames: [String]
    /// The edges, in drawing order.
    package let edges: [Edge]
}

extension MachineDefinition {
    /// The explorer's map of the DOT diagram drawn with ``DiagramOptions/edgeIDs``.
    package var explorerLayout: ExplorerLayout {
        let graph = MachineGraph(self)
        var nodes: [String: [String]] = [:]
        var regionStates: [String: [String]] = [:]
        var edges: [ExplorerLayout.Edge] = []
        var regionNames: [String] = []
        func collect(_ graph: MachineGraph, region: Int?) {
            var number = -1
            graph.forEachEdge { edge in
                number += 1
                guard edge.kind == .external else { return }
                edges.append(ExplorerLayout.Edge(id: "\(graph.idPrefix)e\(number)", region: region, event: edge.event, keys: graph.keys(of: edge),
                                                 parentCluster: edge.sourceParent.map { graph.parents[$0].id }))
            }
        }
        if graph.regions.isEmpty {
            for node in graph.nodes { nodes[node.name] = [node.id] }
            collect(graph, region: nil)
            // A parallel parent's children are drawn as their regions' states: each region a
            // number of its own after those before it.
            for (p, parent) in graph.parents.enumerated() where !parent.regions.isEmpty {
                let first = regionNames.count
                regionNames += parent.regions.map { parent.name + "." + $0.name }
                for (index, combination) in graph.combinations where combination.parent == p {
                    let regional = zip(parent.regions, combination.digits).map { region, digit in
                        region.graph.nodes.indices.contains(digit) ? region.graph.nodes[digit] : nil
                    }
                    let name = graph.nodes[index].name
                    nodes[name] = regional.compactMap { $0?.id }
                    var names = regionStates[name] ?? []
                    names += [String](repeating: "", count: max(0, first - names.count))
                    regionStates[name] = names + regional.map { $0?.name ?? "" }
                }
                for (r, region) in parent.regions.enumerated() { collect(region.graph, region: first + r) }
            }
            // Every state lists every region (empty where it is not in its parent).
            if !regionNames.isEmpty {
                for node in graph.nodes {
                    let names = regionStates[node.name] ?? []
                    regionStates[node.name] = names + [String](repeating: "", count: max(0, regionNames.count - names.count))
                }
            }
        } else {
            regionNames = graph.regions.map(\.name)
            for (whole, digits) in graph.regionStates {
                // One entry per region, in order (an edge's region indexes it).
                let regional = zip(graph.regions, digits).map { region, digit in
                    region.graph.nodes.indices.contains(digit) ? region.graph.nodes[digit] : nil
                }
                nodes[whole] = regional.compactMap { $0?.id }
                regionStates[whole] = regional.map { $0?.name ?? "" }
            }
            for (r, region) in graph.regions.enumerated() { collect(region.graph, region: r) }
        }
        return ExplorerLayout(nodes: nodes, regionStates: regionStates, regionNames: regionNames, edges: edges)
    }
}
