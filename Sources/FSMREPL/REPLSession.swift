import FSM
import FSMCoverage

/// A REPL over one machine: hand it a line, print what it returns.
///
/// ```swift
/// let session = try REPLSession(LoginMachine.definition)
/// print(session.handle("logIn").text)   // idle --logIn--> loggingIn / disableInputs, ...
/// ```
///
/// A line is an event (`logIn`, `fail network`, `fail(network)`) or a command starting
/// with `:` (`:help` lists them). Guards are decided by name: each holds until turned off
/// with `:guard NAME off`. A bad line (unknown, illegal, too long, not UTF-8) gets a message
/// and changes nothing; nothing a line says can end or corrupt the session except `:quit`.
public final class REPLSession {
    /// What handling one line produced.
    public struct Output: Sendable, Equatable {
        /// The text to print (empty for nothing); ends without a newline.
        public let text: String
        /// Whether the line was refused (an unknown or illegal event, a bad command).
        public let isError: Bool
        /// Whether the line asked to end the session.
        public let quits: Bool

        /// Creates an output.
        public init(text: String, isError: Bool = false, quits: Bool = false) {
            self.text = text
            self.isError = isError
            self.quits = quits
        }
    }

    /// The longest line handled, in UTF-8 bytes; longer ones are refused.
    public static let maximumLineLength = 1_000

    private var engine: any SessionMachine
    /// What each line of ``script`` printed, in step with it.
    private var transcript: [String] = []
    private let writeFile: (_ path: String, _ contents: String) throws -> Void

    /// Starts a session on a definition, in its initial state.
    /// - Parameters:
    ///   - definition: The machine.
    ///   - writeFile: How `:save PATH` writes a script (`nil`: replaces the file atomically).
    /// - Throws: ``DefinitionError`` when the definition cannot run.
    public init<State, Event, Effect, Context>(
        _ definition: MachineDefinition<State, Event, Effect, Context>,
        writeFile: ((_ path: String, _ contents: String) throws -> Void)? = nil
    ) throws(DefinitionError) {
        engine = try TypedSession(definition)
        self.writeFile = writeFile ?? FileText.write
    }

    /// The machine's name.
    public var machineName: String { engine.machineName }

    /// The elements of the machine's SCXML document (``MachineDefinition/scxml``) active
    /// now: what an SCXML interpreter's configuration is, for comparing the two.
    package func scxmlActiveIDs(in export: SCXMLExport) -> [String] { engine.scxmlActiveIDs(in: export) }

    /// The indices (in ``REPLSession``'s machine's events) of the events that would change
    /// the state now, guards decided as `:guard` set them.
    package var movingEventIndices: [Int] { engine.movingEventIndices }

    /// Sends the event of that exact name, as a line naming it does, without reading the
    /// name as a command, a comment or a payload (`:x`, `#x`, ` x `). Not in the history's
    /// transcript: for tools that drive a session by name (`scxml --runs`).
    package func send(eventNamed name: String) -> Output { engine.send(name) }

    /// Decides a named guard, the name taken as it is (see ``send(eventNamed:)``).
    package func decide(guardNamed name: String, holds: Bool) { engine.decide(guardNamed: name, holds: holds) }

    /// The effects the last event line emitted, in order (none when it was refused or ignored).
    package var lastEffects: [String] { engine.lastEffects }

    /// Where a file a command names is, given as typed (`:restore FILE`): the tool resolves it
    /// against its working directory, as `writeFile` does for the files written.
    package var resolvePath: (String) -> String = { $0 }

    /// The name of the tool that replays saved scripts, for the hint `:save` prints
    /// (`replay with: fsm repl login --script run.fsm`).
    public var toolName = "fsm"

    /// The machine as that hint names it: what was typed to open it (an SCXML document's
    /// path, as given); `nil`: the machine's name. The hint quotes each word for the shell.
    package var machineArgument: String?

    /// `fsm repl login --script`: the command that replays a script, each word quoted for a
    /// POSIX shell (``ShellText``), without the script's path.
    package var replayCommand: [String] { [toolName, "repl"] + (opening ?? [machineArgument ?? machineName]) + ["--script"] }

    /// The words after `repl` that open this session's start again, when it is not the
    /// machine's initial state (`--store FILE ID`: a stored machine); `nil`: the machine, as
    /// ``machineArgument`` names it.
    package var opening: [String]?

    /// The current state's name.
    public var stateName: String { engine.stateName }

    /// Where the machine is: `failed > network` inside a parent, `loading: waiting | logout:
    /// idle` in a parallel machine, the state's name otherwise.
    public var configuration: String { engine.configuration }

    /// How many entries of the session's history and transcript were written or copied so
    /// far: a deterministic measure of the work that grows with the session, for tests of
    /// its complexity (each line handled must add a bounded amount, not the history's length).
    package var historyWork: Int { engine.historyWork.count }

    /// The lines that changed the session (accepted events and guard settings), in order:
    /// what `:save` writes and `fsm repl --script` replays.
    public var script: [String] { engine.script }

    /// What the session exercised so far, for coverage: every event sent and timer fired,
    /// including those taken back with `:undo` or `:reset` (they were tried).
    public var coverage: Coverage { engine.coverage }

    /// The machine as ``ExplorerPage`` runs it (JSON), with which of its events and guards
    /// the REPL can be handed as lines: a scratch copy of this session is handed each and
    /// must print what the page would (a name with a leading `#` or `:`, spaces at its ends
    /// or a line break cannot be typed, so a session using it cannot be replayed).
    func explorerModel() throws(ExplorerError) -> String {
        let scratch = REPLSession(copying: self)
        return try engine.explorerModel(toolName: toolName, replay: ShellText.command(replayCommand)) { line, expected in
            let before = scratch.script.count
            let printed = scratch.handle(line).text
            if scratch.script.count > before { _ = scratch.handle(":undo") }
            return printed == expected
        }
    }

    /// A session in the same state as `other`, whose `:save` writes nothing.
    private init(copying other: REPLSession) {
        engine = other.engine
        transcript = other.transcript
        writeFile = { _, _ in throw ExplorerError(description: "a scratch session writes no files") }
        toolName = other.toolName
        machineArgument = other.machineArgument
        opening = other.opening
        resolvePath = other.resolvePath
    }

    /// The prompt for a terminal: `login(idle)> `.
    public var prompt: String { "\(machineName)(\(stateName))> " }

    /// The text shown when a session starts.
    public var banner: String {
        "\(machineName): \(configuration). Type an event (\(engine.eventNames.prefix(3).joined(separator: ", ")), ...) or :help."
    }

    /// Candidates for the word being typed (what Tab completes at a terminal), given the
    /// text before the cursor: events (`fail(` then its payloads) and `:commands` for the
    /// first word, payloads after an event that takes one (`fail net`), guard names after
    /// `:guard`, then `on` and `off`.
    public func completions(for textBeforeCursor: String) -> [String] {
        let words = textBeforeCursor.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        let earlier = words.dropLast().filter { !$0.isEmpty }
        guard let first = earlier.first else {
            return engine.eventNames + Self.commands.map { ":" + $0 }
        }
        if first == ":guard" {
            return earlier.count == 1 ? engine.guardNames : ["on", "off"]
        }
        guard !first.hasPrefix(":") else { return [] }
        // JSON data: the fields of the event's data, as `{"name":` or `"name":`.
        let fields = engine.payloadFields(of: first)
        let word = words.last ?? ""
        if !fields.isEmpty, word.isEmpty || word.hasPrefix("{") || word.hasPrefix("\"") || earlier.count > 1 {
            let opening = word.hasPrefix("{") || (earlier.count == 1 && word.isEmpty) ? "{" : ""
            return fields.map { opening + "\"" + $0 + "\":" }
        }
        guard earlier.count == 1 else { return [] }
        return engine.eventNames.compactMap { name in
            guard name.hasPrefix(first + "("), name.hasSuffix(")") else { return nil }
            return String(name.dropFirst(first.count + 1).dropLast())
        }
    }

    /// Handles one line.
    public func handle(_ line: String) -> Output {
        guard line.utf8.count <= Self.maximumLineLength else {
            return Output(text: "error: line too long (\(line.utf8.count) bytes; at most \(Self.maximumLineLength)); nothing changed", isError: true)
        }
        let trimmed = line.trimmingWhitespace
        if trimmed.isEmpty || trimmed.hasPrefix("#") { return Output(text: "") }
        let output = trimmed.hasPrefix(":") ? command(trimmed) : engine.send(trimmed)
        // The history's length, not a copy of it: a line costs the same however long the
        // session has been going (a piped session of 200,000 lines copied its history per line).
        let count = engine.scriptCount
        if count > transcript.count {
            transcript.append(output.text)
            engine.historyWork.count += 1
        } else if count < transcript.count {
            engine.historyWork.count += transcript.count - count
            transcript.removeLast(transcript.count - count)
        }
        return output
    }

    private func command(_ line: String) -> Output {
        let words = line.dropFirst().split(separator: " ", maxSplits: 1).map(String.init)
        let name = words.first ?? ""
        let argument = words.count > 1 ? words[1].trimmingWhitespace : ""
        switch name {
        case "help", "h", "?": return Output(text: Self.help)
        case "state", "s": return Output(text: engine.configuration)
        case "events", "e": return Output(text: engine.eventsReport)
        case "history": return Output(text: script.isEmpty ? "(no history)" : script.enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: "\n"))
        case "undo", "u": return engine.undo()
        case "reset": return engine.reset()
        case "dot": return Output(text: engine.dot)
        case "table": return Output(text: engine.table)
        case "guards": return Output(text: engine.guardsReport)
        case "guard": return engine.setGuard(argument)
        case "advance", "a": return engine.advance(argument)
        case "coverage": return Output(text: (engine.coverage[machine: machineName]?.report.markdown ?? "").trimmingTrailingNewline)
        case "save":
            guard !argument.isEmpty else { return Output(text: "error: :save needs a file name, e.g. :save session.fsm, or :save session.swift for a Swift test", isError: true) }
            // `FILE.swift EXPRESSION` for a Swift test; any other argument is a path (spaces included).
            let words = argument.split(separator: " ", maxSplits: 1).map(String.init)
            let isSwift = words[0].hasSuffix(".swift") || (words.count == 1 && argument.hasSuffix(".swift"))
            let parts = isSwift ? words : [argument]
            let path = parts[0]
            let contents = isSwift
                ? SessionTest(machine: machineName, file: path, module: engine.moduleName, definition: parts.count > 1 ? parts[1] : nil, lines: zip(script, transcript).map { ($0, $1) }, finalState: stateName).source
                : script.map { $0 + "\n" }.joined()
            do {
                try writeFile(path, contents)
            } catch {
                return Output(text: "error: cannot write \(path): \(FileText.describe(error))", isError: true)
            }
            if isSwift {
                let hint = parts.count > 1 ? "" : "; it reads the definition as `\(SessionTest.placeholder(machineName))`: give the expression that makes it, :save \(path) EXPRESSION"
                return Output(text: "saved \(script.count) line(s) to \(path) as a Swift test\(hint)")
            }
            return Output(text: "saved \(script.count) line(s) to \(path); replay with: \(ShellText.command(replayCommand + [path]))")
        case "snapshot":
            let argument = Self.unquoted(argument)
            guard !argument.isEmpty else { return Output(text: "error: :snapshot needs a file name, e.g. :snapshot device.json", isError: true) }
            guard let json = engine.snapshotJSON() else { return Output(text: "error: the snapshot cannot be written as JSON; nothing written", isError: true) }
            do {
                try writeFile(argument, json)
            } catch {
                return Output(text: "error: cannot write \(argument): \(FileText.describe(error))", isError: true)
            }
            return Output(text: "saved a snapshot of \(configuration) to \(argument); restore with: \(ShellText.command([toolName, "repl", machineArgument ?? machineName, "--restore", argument]))")
        case "restore":
            let argument = Self.unquoted(argument)
            guard !argument.isEmpty else { return Output(text: "error: :restore needs a file name, e.g. :restore device.json", isError: true) }
            let bytes: [UInt8]
            do {
                bytes = try ScriptFile.bytes(of: resolvePath(argument), kind: "a snapshot")
            } catch {
                return Output(text: "error: cannot read \(argument): \(error.description); nothing changed", isError: true)
            }
            return engine.restore(bytes, line: ":restore " + argument)
        case "quit", "q", "exit": return Output(text: "", quits: true)
        default:
            let suggestion = Suggestion.closest(to: name, in: Self.commands).map { "; did you mean ':\($0)'?" } ?? ""
            return Output(text: "error: unknown command ':\(name)'\(suggestion) (:help lists them)", isError: true)
        }
    }

    /// Starts the session where a snapshot read as `bytes` says (a stored machine's): as
    /// `:restore` does (nothing runs, its timers resume with the time they had left), but as
    /// the session's start, not a line of its history (`:save` writes the lines after it,
    /// which ``opening`` replays). A snapshot that does not fit is refused, and nothing
    /// changes.
    package func start(restoring bytes: [UInt8]) -> Output {
        engine.restore(bytes, line: nil)
    }

    /// A file name without the quotes around it (`"my device.json"`, `'a.json'`), as a shell
    /// would read it; spaces inside are kept either way.
    static func unquoted(_ argument: String) -> String {
        guard argument.count >= 2, let first = argument.first, first == "\"" || first == "'", argument.last == first else { return argument }
        return String(argument.dropFirst().dropLast())
    }

    static let commands = ["help", "state", "events", "history", "undo", "reset", "dot", "table", "guards", "guard", "advance", "coverage", "save", "snapshot", "restore", "quit"]

    /// The help text.
    public static let help = """
    EVENT [VALUE]        send an event by its name; a value of an expanded payload after a
                         space (fail network = fail(network)); an event with other data
                         is sent by its name, its guards decided with :guard, or, when the
                         event type is Decodable, with its data as JSON after the name
                         (receive {"syn": true}): guards on the event are then evaluated
    :state               the current state
    :events              the events permitted now, and why the others are not
    :guards              the guards and whether each holds
    :guard NAME on|off   decide a guard (all hold until turned off)
    :advance [DURATION]  move virtual time (30s, 500ms, 2min; none: to the next
                         deadline), firing the timers (After) that run out on the
                         way, in order; :events lists them
    :history             the lines that changed the session
    :undo                take the last of them back
    :reset               back to the initial state; clears the history and guards
    :dot                 the diagram (DOT) with the current state highlighted
    :table               the full transition table
    :coverage            what the session exercised: cells, transitions, guards, states
    :save FILE           save the history as a script (replay: repl MACHINE --script FILE)
    :save FILE.swift [EXPRESSION]
                         save it as a Swift test that replays each line and expects what
                         it printed; EXPRESSION gives the definition (LoginMachine.definition)
    :snapshot FILE       save the machine (its state, histories' memory, timers' time
                         left) as JSON
    :restore FILE        put the machine where a snapshot says (nothing runs; its timers
                         resume); refused, with why, when it does not fit
    :quit                end the session (so does end of input)
    Lines starting with # are comments.
    """
}

/// A count of history entries written and copied, shared by a session and its copies.
final class HistoryWork {
    var count = 0
}

extension String {
    /// The string without leading and trailing spaces and tabs (and a trailing CR).
    var trimmingWhitespace: String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\r\n" }
        guard let start = firstIndex(where: { !isBlank($0) }), let end = lastIndex(where: { !isBlank($0) }) else { return "" }
        return String(self[start...end])
    }
}
