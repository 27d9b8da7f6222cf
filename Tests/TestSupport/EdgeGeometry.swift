import FSM
import FSMTool
import Foundation

/// The geometric judge of DOT diagrams: where Graphviz really starts each drawn line, read
/// from its layout (`dot -Tjson`), against where the line is declared. A state's own line
/// must start on that state's box; a parent's line inside the parent's box (on its border,
/// or at the point it draws for lines to its own states), and away from every state's box:
/// a parent's line that starts at one of its children says that the other children do not
/// take it.
package enum EdgeGeometry {
    /// How far from a box a point may be and still count as on it, in points: Graphviz clips
    /// a line at the box's outline; its arrows and pen add a little.
    static let tolerance = 2.0

    /// How far a label's centre may be from its line as drawn, in points: half a wide label
    /// and a margin.
    static let labelReach = 120.0

    /// One sentence per misdrawn line of the machines (none when every line starts where it
    /// is declared), and the number of lines judged.
    package static func misdrawn<each State, each Event, each Effect, each Context>(
        _ definitions: repeat MachineDefinition<each State, each Event, each Effect, each Context>, graphviz: Graphviz
    ) throws -> (problems: [String], judged: Int) {
        var problems: [String] = []
        var judged = 0
        for definition in repeat each definitions {
            let found = try misdrawn(one: definition, graphviz: graphviz)
            problems += found.problems
            judged += found.judged
        }
        return (problems, judged)
    }

    /// One machine's misdrawn lines, and the number of its lines judged.
    static func misdrawn<State, Event, Effect, Context>(
        one definition: MachineDefinition<State, Event, Effect, Context>, graphviz: Graphviz
    ) throws -> (problems: [String], judged: Int) {
        var options = DiagramOptions()
        options.edgeIDs = true
        let layout = definition.explorerLayout
        let json = try graphviz.run(["-Tjson"], input: definition.dot(options))
        guard let graph = try JSONSerialization.jsonObject(with: json) as? [String: Any],
              let objects = graph["objects"] as? [[String: Any]] else {
            return (["\(definition.name): Graphviz's layout is not the JSON expected"], 0)
        }
        var clusters: [String: Box] = [:]
        var nodes: [String: Box] = [:]
        var nameByID: [Int: String] = [:]
        for object in objects {
            guard let name = object["name"] as? String else { continue }
            if let bb = object["bb"] as? String, let box = Box(bb: bb) {
                clusters[name] = box
            } else if let gvid = object["_gvid"] as? Int, let pos = object["pos"] as? String,
                      let box = Box(center: pos, width: object["width"] as? String, height: object["height"] as? String) {
                nodes[name] = box
                nameByID[gvid] = name
            }
        }
        // The state each node draws (the initial dots, history circles and parents' points
        // draw none).
        var stateOfNode: [String: String] = [:]
        for (state, ids) in layout.nodes { for id in ids { stateOfNode[id] = state } }
        let declared = Dictionary(layout.edges.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var problems: [String] = []
        var judged = 0
        for edge in graph["edges"] as? [[String: Any]] ?? [] {
            guard let id = edge["id"] as? String, let pos = edge["pos"] as? String,
                  let line = declared[String(id.prefix { $0 != "." })] else { continue }
            // A line written reversed (`dir=back`: back to a state declared earlier) is
            // drawn from its last point.
            guard let start = edge["dir"] as? String == "back" ? endPoint(of: pos) : startPoint(of: pos) else {
                problems.append("\(definition.name): \(id) (\(line.event)) has no start point in \(pos)")
                continue
            }
            let tail = (edge[edge["dir"] as? String == "back" ? "head" : "tail"] as? Int).flatMap { nameByID[$0] } ?? "?"
            // The label beside what is drawn of its line: not inside a box (a parent's, a
            // region's, a group's) the drawn line does not enter. Graphviz places a label
            // halfway along the whole curve, before clipping it at a parent's border: a line
            // drawn to a state deep inside a parent had its label inside the parent, far
            // from the line.
            if let lp = (edge["lp"] as? String).flatMap({ Point(Substring($0)) }) {
                let drawn = points(of: pos)
                // Nor far from it: Graphviz puts a label beside its line, half its width away.
                let near = drawn.map { (($0.x - lp.x) * ($0.x - lp.x) + ($0.y - lp.y) * ($0.y - lp.y)).squareRoot() }.min() ?? .infinity
                if near > labelReach {
                    problems.append("\(definition.name): the label of \(line.event) (\(id)) is \(Int(near)) points from its line")
                }
                // (Deeper than a line of text: a label beside a line that runs along a box's
                // side may lie over the side.)
                for (name, box) in clusters.sorted(by: { $0.key < $1.key }) where box.depth(of: lp) > 20 {
                    // (A line clipped at the box's border starts or ends on it: not inside.)
                    if !drawn.contains(where: { box.depth(of: $0) > tolerance }) {
                        problems.append("\(definition.name): the label of \(line.event) (\(id)) is inside \(name), which its line does not enter")
                    }
                }
            }
            if let cluster = line.parentCluster {
                judged += 1
                guard let box = clusters[cluster] else {
                    problems.append("\(definition.name): \(line.event) of \(cluster): the parent is not drawn")
                    continue
                }
                if box.distance(to: start) > tolerance {
                    problems.append("\(definition.name): \(line.event), a line of \(cluster), starts outside it at \(start) (from \(tail))")
                }
                for (name, node) in nodes.sorted(by: { $0.key < $1.key }) where node.distance(to: start) <= tolerance {
                    guard let state = stateOfNode[name] else { continue }
                    problems.append("\(definition.name): \(line.event), a line of \(cluster), starts at the state \(state), as if only it took the line")
                }
            } else {
                // A child of a parallel parent inside another parent is drawn as its regions'
                // states, which the layout's map does not name: not judged here.
                let sources = Set(line.keys.map(\.source)).flatMap { layout.nodes[$0] ?? [] }.compactMap { nodes[$0] }
                guard !sources.isEmpty else { continue }
                judged += 1
                if !sources.contains(where: { $0.distance(to: start) <= tolerance }) {
                    problems.append("\(definition.name): \(line.event), a line of \(line.keys.map(\.source).first ?? "?"), does not start on its box (at \(start), from \(tail))")
                }
            }
        }
        return (problems, judged)
    }

    /// Points along a line as drawn: its spline (cubic Bézier pieces: a first point, then
    /// three a piece), each piece at twenty steps; no arrowhead.
    static func points(of pos: String) -> [Point] {
        let control = pos.split(separator: " ").filter { !$0.hasPrefix("e,") && !$0.hasPrefix("s,") }.compactMap(Point.init)
        guard control.count >= 4 else { return control }
        var points: [Point] = []
        var start = 0
        while start + 3 < control.count {
            let (p0, p1, p2, p3) = (control[start], control[start + 1], control[start + 2], control[start + 3])
            for step in 0...20 {
                let t = Double(step) / 20
                let u = 1 - t
                let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
                points.append(Point(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y))
            }
            start += 3
        }
        return points
    }

    /// The first point of a line's spline (`e,x,y` and `s,x,y` are its arrowheads).
    static func startPoint(of pos: String) -> Point? {
        for token in pos.split(separator: " ") where !token.hasPrefix("e,") && !token.hasPrefix("s,") {
            return Point(token)
        }
        return nil
    }

    /// The last point of a line's spline.
    static func endPoint(of pos: String) -> Point? {
        pos.split(separator: " ").last { !$0.hasPrefix("e,") && !$0.hasPrefix("s,") }.flatMap(Point.init)
    }

    /// A point of Graphviz's layout, in points.
    struct Point: CustomStringConvertible {
        let x: Double
        let y: Double

        init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }

        /// Reads `x,y`.
        init?(_ text: Substring) {
            let parts = text.split(separator: ",")
            guard parts.count == 2, let x = Double(parts[0]), let y = Double(parts[1]) else { return nil }
            self.init(x: x, y: y)
        }

        var description: String { "(\(Int(x.rounded())), \(Int(y.rounded())))" }
    }

    /// A rectangle of the layout.
    struct Box {
        let minX: Double, minY: Double, maxX: Double, maxY: Double

        /// A box given as `[x0, y0, x1, y1]`.
        init?(_ values: [Double]) {
            guard values.count == 4 else { return nil }
            (minX, minY, maxX, maxY) = (min(values[0], values[2]), min(values[1], values[3]), max(values[0], values[2]), max(values[1], values[3]))
        }

        /// A cluster's `bb`: `x0,y0,x1,y1`.
        init?(bb: String) {
            let values = bb.split(separator: ",").compactMap { Double($0) }
            guard values.count == 4 else { return nil }
            (minX, minY, maxX, maxY) = (values[0], values[1], values[2], values[3])
        }

        /// A node's box from its centre and its size in inches.
        init?(center: String, width: String?, height: String?) {
            guard let point = Point(Substring(center)), let width = width.flatMap(Double.init), let height = height.flatMap(Double.init) else { return nil }
            let (halfWidth, halfHeight) = (width * 36, height * 36)
            (minX, minY, maxX, maxY) = (point.x - halfWidth, point.y - halfHeight, point.x + halfWidth, point.y + halfHeight)
        }

        /// How far inside the box the point is, from its nearest side; 0 or less outside.
        func depth(of point: Point) -> Double {
            min(point.x - minX, maxX - point.x, point.y - minY, maxY - point.y)
        }

        /// 0 inside the box, otherwise how far the point is from it.
        func distance(to point: Point) -> Double {
            let dx = max(minX - point.x, 0, point.x - maxX)
            let dy = max(minY - point.y, 0, point.y - maxY)
            return (dx * dx + dy * dy).squareRoot()
        }
    }
}

/// The geometric judge of Mermaid text, on real Mermaid's drawing: each labelled line of the
/// text must be drawn (Mermaid draws a line from a composite state to a state inside it as an
/// empty path, its label over the child) and start on the box of the state the text names as
/// its source; a line from a composite state on the composite's border, away from every
/// state inside it.
package enum MermaidEdgeGeometry {
    /// The misdrawn lines of the machines' Mermaid texts (`any MachineDescribing`: its name
    /// and its `mermaid`), drawn by real Mermaid in one run; a refused text is a problem too.
    package static func misdrawn(_ machines: [any MachineDescribing]) throws -> (problems: [String], judged: Int) {
        let texts = machines.map { $0.mermaid(DiagramOptions()) }
        let verdicts = try MermaidJudge.judge(texts)
        guard verdicts.count == texts.count else { return (["mermaid-judge gave \(verdicts.count) verdicts for \(texts.count) texts"], 0) }
        var problems: [String] = []
        var judged = 0
        for (machine, (text, verdict)) in zip(machines, zip(texts, verdicts)) {
            guard verdict.ok, let geometry = verdict.geometry else {
                problems.append("\(machine.name): Mermaid refused it or gave no geometry: \(verdict.error ?? "")")
                continue
            }
            let found = misdrawn(text, geometry, machine: machine.name)
            problems += found.problems
            judged += found.judged
        }
        return (problems, judged)
    }

    /// One sentence per misdrawn line, and the number of lines judged (a line whose label
    /// Mermaid draws otherwise than the text writes it, escaped, is not judged).
    package static func misdrawn(_ text: String, _ geometry: MermaidJudge.Geometry, machine: String) -> (problems: [String], judged: Int) {
        var composites = Set<String>()
        var lines: [(source: String, label: String)] = []
        for raw in text.split(separator: "\n") {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("state "), line.hasSuffix("{"), let alias = line.range(of: " as ", options: .backwards) {
                composites.insert(String(line[alias.upperBound...].dropLast()).trimmingCharacters(in: .whitespaces))
            }
            guard let arrow = line.range(of: " --> "), let colon = line.range(of: " : ", range: arrow.upperBound..<line.endIndex) else { continue }
            lines.append((String(line[..<arrow.lowerBound]), line[colon.upperBound...].split(separator: " ").joined(separator: " ")))
        }
        var used = Set<Int>()
        var problems: [String] = []
        var judged = 0
        // A label of several lines (`event<br>/ effects`): the judge reads its breaks as
        // spaces, as runs of spaces as one.
        func key(_ label: String) -> String {
            label.replacingOccurrences(of: "<br>", with: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        for line in lines {
            guard let index = geometry.edges.indices.first(where: { !used.contains($0) && key(geometry.edges[$0].label) == key(line.label) }) else { continue }
            used.insert(index)
            let edge = geometry.edges[index]
            judged += 1
            guard edge.drawn else {
                problems.append("\(machine): '\(line.label)' from \(line.source) is not drawn (an empty path)")
                continue
            }
            guard edge.start.count == 2, let box = geometry.boxes[line.source].flatMap(EdgeGeometry.Box.init) else {
                problems.append("\(machine): '\(line.label)' from \(line.source): the judge found no box for \(line.source) in the drawing")
                continue
            }
            let start = EdgeGeometry.Point(x: edge.start[0], y: edge.start[1])
            if box.distance(to: start) > 3 {
                problems.append("\(machine): '\(line.label)' does not start on \(line.source) (at \(start))")
            }
            guard composites.contains(line.source) else { continue }
            for (id, other) in geometry.boxes.sorted(by: { $0.key < $1.key }) where !composites.contains(id) {
                if let otherBox = EdgeGeometry.Box(other), otherBox.distance(to: start) <= EdgeGeometry.tolerance {
                    problems.append("\(machine): '\(line.label)', a line of \(line.source), starts at \(id), as if only it took the line")
                }
            }
        }
        return (problems, judged)
    }
}
