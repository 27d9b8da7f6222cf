// libFuzzer target: arbitrary bytes become the names of a machine's states, events, guard
// and effects (and the machine's own name, and a parent's that a transition resumes by its
// history); its DOT and Mermaid exports must keep the
// syntax whole and every name intact.
// Invariants: no raw control character but line breaks (and tabs in DOT); every DOT line's
// quotes are balanced; every state's DOT label unquotes to its name; Mermaid's title
// unquotes (YAML) to the machine's name; no Mermaid statement spans lines. With
// FSM_FUZZ_DOT_DIR set, each input's DOT, Mermaid and state names are also written there,
// for Fuzz/run.sh to hand to Graphviz and to real Mermaid. The SCXML export must read back
// (FSMREPL's XML reader and importer) as the same states, and write the same document again.
import FSM
import FSMREPL

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExport(_ data: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: count)
    var parts = bytes.split(separator: 0, omittingEmptySubsequences: false).prefix(6).map { String(decoding: $0, as: UTF8.self) }
    while parts.count < 6 { parts.append("n\(parts.count)") }
    // Distinct names for the three states.
    var states: [String] = []
    for name in parts[0..<3] {
        var unique = name
        while states.contains(unique) { unique += "#" }
        states.append(unique)
    }
    let event = parts[3], effect = parts[4], machineName = parts[5]
    // A parent named after the machine (distinct from the states), resumed by its history.
    var parentName = machineName + "^"
    while states.contains(parentName) { parentName += "#" }
    let machine = MachineDefinition<String, String, String, Bool>(name: machineName, initial: states[0], events: [event, event + "'"]) {
        In(states[0]) {
            On(event, to: states[1], resuming: .shallow(parentName), guard: Guard(effect + "?") { $0 }, emit: effect, effect + effect)
            Ignore(event + "'")
        }
        Parent(parentName) {
            OnEntry(effect)
        } children: {
            In(states[1]) { On(event, to: states[2]); Internal(event + "'", emit: effect) }
        }
        Final(states[2])
    }
    let dot = machine.dot(DiagramOptions(highlightedState: states[1]))
    let mermaid = machine.mermaid(DiagramOptions(highlightedState: states[2]))
    Dump.write(["dot": dot, "mmd": mermaid, "names": states.joined(separator: "\0")], for: bytes)
    // C1 and bidi controls and the line and paragraph separators are references or codes.
    let unseen: (Unicode.Scalar) -> Bool = {
        switch $0.value {
        case 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
    check(!dot.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || unseen($0) }, "a raw control character in the DOT export")
    check(!mermaid.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || unseen($0) }, "a raw control character in the Mermaid export")
    for line in dot.split(separator: "\n") {
        check(DOTCheck.quotesBalanced(line), "unbalanced quotes in DOT line: \(line)")
    }
    for (index, state) in states.enumerated() {
        guard let label = DOTCheck.label(ofNode: "s\(index)", in: dot) else { check(false, "no node s\(index)"); return 0 }
        // A plain label may hold more lines after the name (a name with a tab cannot be drawn
        // in an HTML-like label, so its state's other lines follow it unstyled).
        let name = Array(DOTCheck.drawn(state).unicodeScalars), drawn = Array(label.unicodeScalars)
        check(drawn == name || (drawn.starts(with: name) && drawn.dropFirst(name.count).first == "\n"), "state '\(state)' drawn as '\(label)'")
    }
    // Compared as scalars: a name starting with a combining mark merges with the character
    // before it.
    let lines = mermaid.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map(Array.init)
    let title = Array("title: ".unicodeScalars)
    // The front matter: `---`, the title, the layout's `config:` block (indented lines), `---`.
    let end = lines.indices.dropFirst().first { lines[$0] == Array("---".unicodeScalars) } ?? 0
    check(lines[0] == Array("---".unicodeScalars) && end >= 2 && lines[1].starts(with: title), "front matter broken")
    check(end < 3 || (lines[2] == Array("config:".unicodeScalars) && lines[3..<end].allSatisfy { $0.starts(with: Array("  ".unicodeScalars)) }), "front matter's config broken")
    check(YAMLCheck.doubleQuoted(String(String.UnicodeScalarView(lines[1].dropFirst(title.count)))) == EchoedText.shown(machineName, limit: 1_000), "title does not read back as the name (cut after 1,000 scalars)")
    for line in lines.dropFirst(end + 1) where !line.isEmpty {
        check(line == Array("stateDiagram-v2".unicodeScalars) || line.starts(with: Array("  ".unicodeScalars)), "a Mermaid statement spans lines: \(String(String.UnicodeScalarView(line)))")
    }
    let scxml = machine.scxml
    check(!scxml.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || $0.value == 0xFFFE || $0.value == 0xFFFF }, "a character XML cannot hold in the SCXML export")
    do {
        let read = try SCXMLImport.machine(text: scxml, file: "fuzz.scxml")
        check(read.stateNames == states, "the SCXML export reads back as states \(read.stateNames), not \(states)")
        check(read.eventNames == [event, event + "'"], "the SCXML export reads back as events \(read.eventNames)")
        check(read._outline.scxml().text == scxml, "the SCXML export read back writes another document")
    } catch {
        check(false, "the SCXML export is not read back: \(error)")
    }
    return 0
}
