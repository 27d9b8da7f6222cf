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
/// The page does not work anything out: the machine itself searches every situation it can
/// be in (a state, what its histories remember, its timers' time left) and computes what
/// every event and the next timer deadline do there, as a tree over the named guards it
/// asks, with the text the REPL prints for each outcome; the page only walks the trees with
/// its guard switches, and its Advance button moves virtual time to the next deadline as
/// `:advance` does. So what the page does is what ``REPLSession`` does, line for line.
/// Events whose data is not expanded into cases are sent by name, their guards decided by
/// the switches (no JSON payloads).
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
    /// - Throws: ``ExplorerError`` when the machine cannot run, or needs more than one page
    ///   holds (more than 4,000 situations, more than 512 outcomes of one event in one
    ///   situation, or more than 200,000 outcomes in all), or has a timer that is not a whole
    ///   number of nanoseconds.
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
