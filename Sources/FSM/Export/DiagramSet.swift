/// The diagram files of a list of machines, as a package commits them: per machine
/// `STEM.dot` and `STEM.mmd`, and a `README.md` that shows each machine's summary, its SVG
/// (`STEM.svg`, rendered from the DOT by Graphviz where it is installed) and its Mermaid
/// source.
///
/// A pure function of the machines, byte-stable, shared by every writer and checker (the
/// tool's `diagrams` command, the `generate-diagrams` plugin and the test helper
/// `expectDiagramsMatch`), so they all agree on what is up to date.
///
/// File names come from machine names: letters, digits, `.`, `_` and `-` are kept, every
/// other character becomes `_`, a leading `.` becomes `_`, and a stem taken already gets
/// `-2`, `-3`, ... So a machine named `a/b` or `../x` never writes outside the folder.
package struct DiagramSet: Sendable {
    /// One generated text file: its name in the folder and its contents.
    package struct File: Sendable, Equatable {
        /// The file's name, e.g. `login.dot`.
        package let name: String
        /// The file's text.
        package let contents: String

        /// Creates a file.
        package init(name: String, contents: String) {
            self.name = name
            self.contents = contents
        }
    }

    /// The machines drawn, in order.
    package let machines: [any MachineDescribing]
    /// Each machine's file stem (its file names without the extension), in order.
    package let stems: [String]
    /// How every diagram is drawn: a direction for all (`nil`: each machine's own), and
    /// whether effects are shown. Highlights and coverage are not used here.
    package let options: DiagramOptions
    /// Each machine drawn once (one graph, printed as DOT and as Mermaid), in order.
    let drawings: [Drawing]

    /// The diagram files of machines, in the order given.
    package init(_ machines: [any MachineDescribing], options: DiagramOptions = DiagramOptions()) {
        self.machines = machines
        stems = Self.stems(for: machines.map(\.name))
        self.options = DiagramOptions(direction: options.direction, showsEffects: options.showsEffects)
        drawings = machines.map { [options = self.options] in $0._outline.draw(options) }
    }

    /// The text files, in order: each machine's `.dot` and `.mmd`, then `README.md`.
    package var files: [File] {
        machineFiles + [File(name: "README.md", contents: readme)]
    }

    /// Each machine's `.dot` and `.mmd`, in order.
    package var machineFiles: [File] {
        zip(drawings, stems).flatMap { drawing, stem in
            [File(name: "\(stem).dot", contents: drawing.dot), File(name: "\(stem).mmd", contents: drawing.mermaid)]
        }
    }

    /// Per machine, the SVG file's name and the DOT text to render into it.
    package var svgSources: [(name: String, dot: String)] {
        zip(drawings, stems).map { drawing, stem in ("\(stem).svg", drawing.dot) }
    }

    /// The words near the top of every generated `README.md`, by which writers recognise a
    /// README they may replace.
    package static let generatedMarker = "Generated from the machine definitions by"

    /// `README.md`: a legend, then per machine its name, summary, SVG and Mermaid block.
    package var readme: String {
        var lines = [
            "# Diagrams",
            "",
            Self.generatedMarker,
            "`swift package --allow-writing-to-package-directory generate-diagrams`.",
            "Do not edit by hand: the diagrams check (the tool's `diagrams --check`, the plugin's",
            "`check-diagrams`, or `expectDiagramsMatch` in the tests) fails when a file here no longer",
            "matches the code.",
            "",
        ] + legend
        for ((machine, drawing), stem) in zip(zip(machines, drawings), stems) {
            lines += ["", "## \(Self.markdownText(machine.name))", ""]
            if !machine.summary.isEmpty { lines += [Self.markdownText(machine.summary), ""] }
            lines += [
                "![\(Self.markdownText(machine.name))](\(stem).svg)",
                "",
                "```mermaid",
                String(drawing.mermaid.dropLast()),
                "```",
            ]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What the SVG drawings show, one item for each thing at least one of them contains (as
    /// their DOT writer reports it, so the legend never explains what is not drawn).
    var legend: [String] {
        let drawnFeatures = drawings.reduce(into: DiagramFeatures()) { all, drawing in all.formUnion(drawing.features) }
        func drawn(_ feature: DiagramFeatures) -> Bool { drawnFeatures.contains(feature) }
        var items = ["- An arrow is a transition: `event [guard] / effects` (a long label puts its guard and its effects below)."]
        if drawn(.initialState) { items.append("- A black dot points to the initial state.") }
        if drawn(.compartments) {
            items.append("- Under the rule in a state: its `entry /` and `exit /` effects and its internal transitions (`event / effects`: handled without leaving the state).")
        }
        if drawn(.ignoredEvents) { items.append("- Small grey text in a state: the events it ignores.") }
        if drawn(.finalStates) { items.append("- A double border: a final state.") }
        if drawn(.caseGroups) { items.append("- A dashed grey box groups the states of one case (`failure(network)`, `failure(server)`, ...).") }
        if drawn(.parents) {
            items.append("- A solid box is a parent state: its children inherit what it declares (listed under its name); an arrow from its border is one transition that every child takes.")
        }
        if drawn(.innerLines) { items.append("- A small grey dot in a parent: its transitions to a state inside it (one of its children, or itself, entered again) leave from there; every child takes them.") }
        if drawn(.history) { items.append("- A small circle H in a parent is its history: an arrow into it resumes the child the parent was last in (H* the state deep inside it); its dashed arrow goes where it resumes the first time.") }
        if drawn(.regions) { items.append("- A dashed box with a bold name is a region of a parallel machine: the machine is in one state of each region at once.") }
        if drawn(.stateLoops) { items.append("- An arrow from a state back to itself leaves and enters it again: its exit and entry effects run (the Mermaid blocks write it under the state's name: `event / effects (re-enters)`).") }
        return ["Legend of the SVGs (the Mermaid blocks show the same: a state's effects, internal transitions and ignored events under its name; a parent's in a note beside it):", ""] + items
    }

    /// A digest of a DOT text (FNV-1a, 64 bits, hexadecimal): written into the SVG drawn
    /// from it, so that a check can tell a stale SVG without Graphviz and whatever Graphviz
    /// version drew it.
    package static func digest(_ dot: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in dot.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The comment an SVG carries about the DOT it was drawn from.
    package static func sourceComment(_ dot: String, stem: String) -> String {
        "<!-- Drawn by Graphviz from \(stem).dot, digest \(digest(dot)); a check compares it with the code. -->"
    }

    /// An SVG from Graphviz with ``sourceComment(_:stem:)`` after its XML declaration.
    package static func stamped(_ svg: String, dot: String, stem: String) -> String {
        let comment = sourceComment(dot, stem: stem)
        guard svg.hasPrefix("<?xml"), let end = svg.firstIndex(of: "\n") else { return comment + "\n" + svg }
        return String(svg[...end]) + comment + "\n" + svg[svg.index(after: end)...]
    }

    /// Whether an SVG was drawn from exactly `dot` (it carries its digest).
    package static func isDrawn(from dot: String, _ svg: String, stem: String) -> Bool {
        svg.prefix(600).contains(sourceComment(dot, stem: stem))
    }

    /// The article a DocC catalog gets for each machine, `Diagrams/STEM.md`: its name as the
    /// title, its summary, its drawing (`STEM.svg`, beside it) and its full transition table.
    package var doccArticles: [File] {
        zip(machines, stems).map { machine, stem in
            var lines = ["# \(Self.markdownText(machine.name))", ""]
            lines.append(machine.summary.isEmpty ? "The \(Self.markdownText(machine.name)) machine." : Self.markdownText(machine.summary))
            lines += [
                "",
                "<!-- \(Self.generatedMarker) the tool's `diagrams --docc`; do not edit by hand. -->",
                "",
                "![The \(Self.markdownText(machine.name)) machine.](\(stem).svg)",
                "",
                "## Transition table",
                "",
                String(machine.tableText(.markdown).dropLast()),
            ]
            // `NAME-machine`: an article named as the machine would share its page with a type
            // of that name (DocC's paths ignore case: `Door` and `door`), and one would be lost.
            return File(name: "Diagrams/\(stem)-machine.md", contents: lines.joined(separator: "\n") + "\n")
        }
    }

    /// Safe, distinct file stems for names (see the type's documentation).
    static func stems(for names: [String]) -> [String] {
        var taken: Set<String> = []
        return names.map { name in
            var stem = String(name.unicodeScalars.map { scalar -> Character in
                switch scalar {
                case "a"..."z", "A"..."Z", "0"..."9", ".", "_", "-": Character(scalar)
                default: "_"
                }
            })
            if stem.isEmpty { stem = "machine" }
            if stem.hasPrefix(".") { stem = "_" + stem.dropFirst() }
            var candidate = stem
            var number = 2
            while taken.contains(candidate.lowercased()) {
                candidate = "\(stem)-\(number)"
                number += 1
            }
            taken.insert(candidate.lowercased())
            return candidate
        }
    }

    /// A name or summary as Markdown text on one line: line breaks as spaces, other control
    /// characters as U+FFFD, and Markdown's syntax characters escaped with a backslash.
    static func markdownText(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n", "\r", "\t": out += " "
            case "\\", "`", "*", "_", "[", "]", "<", ">", "#", "!", "|": out += "\\" + String(scalar)
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value): out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
