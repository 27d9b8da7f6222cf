import FSM

/// A machine explorer: one self-contained HTML page that runs a machine in a browser, with
/// no server and no network.
///
/// ```swift
/// let dot = ExplorerPage.diagramDOT(for: Door.definition)   // draw it with Graphviz: dot -Tsvg
/// let html = try ExplorerPage.html(for: Door.definition, diagramSVG: svg)   // svg: dot's output, or nil
/// try html.write(toFile: "door.html", atomically: true, encoding: .utf8)
/// ```
///
/// A tool built on `FSMTool` has all of this as `explore MACHINE`, Graphviz included.
///
/// The page shows the diagram with the current configuration highlighted, fires an event
/// from a button or a click on an enabled edge, decides guards with switches, keeps a
/// timeline with undo and reset, shows the full table with the current row, paints what the
/// session (and coverage files loaded into it) exercised, and exports the session as a REPL
/// script and as a Swift test, the same files `:save` writes.
///
/// The page does not work anything out: every outcome of every cell (each guarded
/// alternative and the cell's default) is computed here by the machine itself, with the
/// text the REPL prints for it, and the page only picks the one its guard switches select.
/// So what the page does is what ``REPLSession`` does, line for line. Events whose data is
/// not expanded into cases are sent by name, their guards decided by the switches (no JSON
/// payloads), and time does not pass: the page lists a state's timers but does not fire
/// them (`:advance` in the REPL does).
///
/// Every name reaches the page as JSON text and is shown as text, never as markup; the
/// diagram's SVG is parsed as SVG and stripped of scripts, event handlers and links before
/// it is shown.
public enum ExplorerPage {
    /// The DOT text to draw the page's diagram from: the machine's diagram with an `id` on
    /// each edge, which Graphviz keeps in its SVG and the page maps to events.
    /// - Parameters:
    ///   - machine: The machine.
    ///   - options: Direction and effects (a highlighted state or a coverage view is
    ///     dropped: the page highlights and paints for itself).
    public static func diagramDOT(for machine: any MachineDescribing, options: DiagramOptions = DiagramOptions()) -> String {
        var options = DiagramOptions(direction: options.direction, showsEffects: options.showsEffects)
        options.edgeIDs = true
        return machine.dot(options)
    }

    /// The page.
    /// - Parameters:
    ///   - machine: The machine.
    ///   - diagramSVG: Graphviz's SVG of ``diagramDOT(for:options:)``; `nil` (Graphviz not
    ///     installed): the page shows the states as a list instead, and says so.
    ///   - toolName: The tool named in the exported script's replay hint.
    /// - Throws: ``ExplorerError`` when the machine cannot run or a guard combines too many
    ///   named guards.
    public static func html(for machine: any MachineDescribing, diagramSVG: String? = nil, toolName: String = "fsm") throws(ExplorerError) -> String {
        try html(for: machine, diagramSVG: diagramSVG, toolName: toolName, machineArgument: nil)
    }

    /// The page, its replay hint naming the machine as `machineArgument` (what was typed to
    /// open it: an SCXML document's path; `nil`: its name), each word quoted for the shell.
    package static func html(for machine: any MachineDescribing, diagramSVG: String?, toolName: String, machineArgument: String?) throws(ExplorerError) -> String {
        let session: REPLSession
        do {
            session = try machine.makeSession { _, _ in throw ExplorerError(description: "the explorer writes no files") }
        } catch {
            throw ExplorerError(description: error.description)
        }
        session.toolName = toolName
        session.machineArgument = machineArgument
        let model = try session.explorerModel()
        let svg = diagramSVG.map(ExplorerJSON.string) ?? "null"
        return try ExplorerTemplate.page(model: model, diagram: svg)
    }

    /// The marker every page carries in its head: a tool that writes a page refuses to
    /// replace a file without it.
    public static let generatorMarker = "<meta name=\"generator\" content=\"fsm explore\">"
}

/// The explorer could not make a page.
public struct ExplorerError: Error, CustomStringConvertible, Sendable {
    /// What went wrong.
    public let description: String
}
