import ArgumentParser
import FSM
import FSMCoverage
import FSMREPL
import FSMTerminal

/// `repl MACHINE [--script FILE [--strict]] [--restore FILE]`, or `repl --store FILE ID`: a
/// stored machine's copy.
struct ReplCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repl",
        abstract: "Drive a machine interactively, from a pipe, or from a script.",
        discussion: """
        Type an event (an event's name, then its payload if it has one) or a command (:help lists \
        them: :events, :undo, :dot, :save FILE, ...). At a terminal there is a prompt; through a \
        pipe each line is echoed after '> ' so that transcripts read like sessions. End with :quit \
        or end of input. A replayed script never writes files (its :save lines are refused); \
        --coverage-out, asked for on the command line, writes its one file.
        """ + storeDiscussion
    )

    /// What the help says of `--store`, with the trait `Store`.
    #if Store
    static let storeDiscussion = """
         With --store FILE, MACHINE is the id of a machine of that store: the session starts \
        where it is (nothing runs) and steps a copy; nothing is written to the store.
        """
    static let storeArgument = " With --store: the stored machine's id."
    #else
    static let storeDiscussion = ""
    static let storeArgument = ""
    #endif

    @Argument(help: ArgumentHelp(machineHelp.abstract + storeArgument, valueName: "machine")) var machine: String
    #if Store
    @Option(name: .customLong("store"), help: ArgumentHelp("Start where the stored machine MACHINE (its id) of this store (an FSMStore SQLite file) is, and step a copy: the store is read, never written.", valueName: "file"))
    var store: String?
    #endif
    @Option(help: ArgumentHelp("Replay a script saved with :save (one line per event or command), then stop.", valueName: "file"))
    var script: String?
    @Flag(help: "With --script: stop with exit 1 at the first rejected line.")
    var strict = false
    @Option(help: ArgumentHelp("Start where a snapshot saved with :snapshot says (nothing runs); refused, with why, when it does not fit the machine.", valueName: "file"))
    var restore: String?
    @Option(help: ArgumentHelp("Write what the session exercised to this coverage file (JSON) after every line, for 'coverage' and 'dot --coverage'.", valueName: "file"))
    var coverageOut: String?
    @Flag(help: "At a terminal: do not load or save the history (kept per machine in $XDG_STATE_HOME/TOOL/history, ~/.local/state by default).")
    var noHistory = false

    func validate() throws {
        if strict && script == nil { throw ValidationError("--strict needs --script FILE") }
        if let coverageOut, coverageOut.isEmpty { throw ValidationError("--coverage-out needs a file name") }
        if let restore, restore.isEmpty { throw ValidationError("--restore needs a file name") }
        #if Store
        if store != nil && restore != nil { throw ValidationError("--store and --restore both say where to start: give one") }
        #endif
    }

    func run() async throws {
        let context = ToolContext.current
        let io = context.io
        #if Store
        var stored: StoredStart?
        if let store { stored = try await StoredStart.load(self.machine, from: store, context: context) }
        #else
        let stored: StoredStart? = nil
        #endif
        let machine = try context.runnableMachine(named: stored?.machineName ?? machine)
        // A coverage file that cannot be written is refused before the session starts: a
        // missing folder, a device, a FIFO (the session's coverage would be lost, or a
        // device replaced).
        if let coverageOut {
            do {
                _ = try RegularFile.destination(of: io.path(coverageOut), tool: context.name)
            } catch {
                throw ValidationError("--coverage-out \(TerminalText.visible(coverageOut)): \(TerminalText.visible(error.description)); nothing written")
            }
        }
        let session: REPLSession
        do {
            session = script == nil
                ? try machine.makeSession { path, text in try FileText.write(io.path(path), text, tool: context.name) }
                : try machine.makeSession { _, _ in throw ScriptWriteRefused() }
        } catch {
            try io.printError("error: \(TerminalText.visibleLines(error.description))")
            throw ExitCode(1)
        }
        session.toolName = context.name
        session.resolvePath = { io.path($0) }
        // The hint of :save names the machine as typed: an SCXML document by its path.
        session.machineArgument = stored?.machineName ?? self.machine
        if let stored {
            session.opening = stored.opening
            let output = session.start(restoring: stored.snapshot)
            if output.isError {
                let reason = output.text.hasPrefix("error: ") ? String(output.text.dropFirst(7)) : output.text
                try io.printError(TerminalText.visibleLines("error: \(stored.title) does not restore into the tool's machine: \(reason)"))
                throw ExitCode(1)
            }
            try io.print(TerminalText.visibleLines(stored.title + "; a copy: nothing is written to the store\n" + output.text))
        }
        if let restore {
            // As `:restore FILE` at the prompt: in the history, so :undo goes back before it.
            let output = session.handle(":restore " + restore)
            if output.isError {
                try io.printError(TerminalText.visibleLines(output.text))
                throw ExitCode(1)
            }
            try io.print(TerminalText.visibleLines(output.text))
        }
        let coverage = CoverageOutput(path: coverageOut.map(io.path), session: session, io: io, toolName: context.name)
        defer { coverage.finish() }
        try coverage.write()
        if let script {
            let lines: [String]
            do {
                lines = try ScriptFile.lines(of: io.path(script))
            } catch {
                throw ValidationError("cannot read the script \(TerminalText.visible(EchoedText.quoted(script))): \(TerminalText.visible(error.description))")
            }
            for (number, line) in lines.enumerated() {
                let output = try echo(line, session.handle(line), io)
                try coverage.write()
                if output.quits { return }
                if output.isError && strict {
                    try io.printError("\(TerminalText.visible(script)):\(number + 1): rejected: \(Self.shown(line))")
                    throw ExitCode(1)
                }
            }
            try io.print("state: \(TerminalText.visible(session.stateName))")
            return
        }
        if let terminal = io.terminal {
            try interact(session, on: terminal, context: context, coverage: coverage)
            return
        }
        if io.isInteractive { try io.print(TerminalText.visible(session.banner)) }
        while true {
            if io.isInteractive { try io.write(TerminalText.visible(session.prompt)) }
            guard let line = io.readLine() else { break }
            let output = session.handle(line)
            try coverage.write()
            if io.isInteractive {
                if !output.text.isEmpty { try io.print(TerminalText.visibleLines(output.text)) }
            } else {
                _ = try echo(line, output, io)
            }
            if output.quits { break }
        }
        if !io.isInteractive { try io.print("state: \(TerminalText.visible(session.stateName))") }
    }

    /// At a terminal: lines read with editing, history and completion. Throws when the
    /// terminal could not be written (it hung up).
    private func interact(_ session: REPLSession, on terminal: any TerminalDevice, context: ToolContext, coverage: CoverageOutput) throws(WriteFailure) {
        let history = noHistory ? nil : HistoryFile.standard(tool: context.name, name: session.machineName, environment: context.io.environment)
        let editor = LineEditor(device: terminal, history: history, maximumLineBytes: REPLSession.maximumLineLength) { before in
            session.completions(for: before)
        }
        if terminal is PosixTerminal { editor.installSignalHandlers() }
        terminal.enterRawMode()  // before the banner: nothing typed meanwhile is echoed raw
        defer { editor.close() }
        editor.printAbove(TerminalText.visible(session.banner) + " Tab completes; Up recalls; Ctrl-D quits.")
        while let line = editor.readLine(prompt: TerminalText.visible(session.prompt)) {
            let output = session.handle(line)
            if !output.text.isEmpty { editor.printAbove(TerminalText.visibleLines(output.text)) }
            if let problem = coverage.writeReporting() { editor.printAbove(problem) }
            if output.quits { break }
        }
        if let failure = (terminal as? PosixTerminal)?.writeFailure { throw failure }
    }

    /// Prints a line after `> ` and what it produced (the transcript form).
    private func echo(_ line: String, _ output: REPLSession.Output, _ io: ToolIO) throws(WriteFailure) -> REPLSession.Output {
        try io.print("> \(Self.shown(line))")
        if !output.text.isEmpty { try io.print(TerminalText.visibleLines(output.text)) }
        return output
    }

    /// A line as a transcript shows it: made visible, and a line too long to handle cut to
    /// its first 60 Unicode scalars (the session's reply gives its length).
    static func shown(_ line: String) -> String {
        TerminalText.echoed(line, maximumBytes: REPLSession.maximumLineLength)
    }
}

/// The coverage file of a session: rewritten (atomically) whenever what the session
/// exercised changes, so that an interrupted session loses nothing. A write that fails is
/// said once on standard error and tried again after the next line; the session goes on.
final class CoverageOutput {
    let path: String?
    let session: REPLSession
    let io: ToolIO
    let toolName: String
    private var written: String?
    private var failing = false

    init(path: String?, session: REPLSession, io: ToolIO, toolName: String) {
        self.path = path
        self.session = session
        self.io = io
        self.toolName = toolName
    }

    /// Writes the file if its text changed; a failure goes to standard error.
    func write() throws(WriteFailure) {
        if let problem = writeReporting() { try io.printError(problem) }
    }

    /// Writes the file if its text changed, returning the message of a new failure.
    func writeReporting() -> String? {
        guard let path else { return nil }
        let text = CoverageFile.text(session.coverage)
        guard text != written else { return nil }
        do {
            try FileText.write(path, text, tool: toolName)
            written = text
            failing = false
            return nil
        } catch {
            defer { failing = true }
            return failing ? nil : TerminalText.visible("\(toolName): cannot write the coverage to \(path): \(FileText.describe(error)); the session goes on, and it is tried again after each line")
        }
    }

    /// The last write, at the end of the session.
    func finish() {
        if let problem = writeReporting() { try? io.printError(problem) }
    }
}

/// Why a replayed script's `:save` writes nothing.
struct ScriptWriteRefused: Error, CustomStringConvertible {
    var description: String { "a replayed script does not write files (use :save or :snapshot at the prompt)" }
}
