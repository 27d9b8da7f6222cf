import ArgumentParser
import Foundation
import FSM
import FSMREPL
import FSMTerminal

/// `explore MACHINE [--output FILE.html] [--direction LR|TB] [--no-effects]`: the explorer page.
struct ExploreCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "explore",
            abstract: "Write a machine's explorer: one HTML page that runs it in a browser, offline.",
            discussion: """
            The page needs no server and no network: open it from disk. It draws the machine \
            (with Graphviz's 'dot' when it is installed; without it, the states are listed), \
            highlights the current state, sends an event from a button or a click on an \
            edge, decides guards with switches, keeps a timeline with undo and reset, shows \
            the table, paints the coverage of the session and of coverage files loaded into \
            it, and exports the session as a REPL script and a Swift test. Every outcome it \
            shows was computed by the machine when the page was written.

            Writes MACHINE.html in the current folder unless --output says where ('-': \
            standard output). It replaces an earlier explorer page, never another file.
            """
        )
    }

    @Argument(help: machineHelp) var machine: String
    @Option(name: .shortAndLong, help: ArgumentHelp("The page to write (default: MACHINE.html; '-': standard output).", valueName: "file"))
    var output: String?
    @OptionGroup var layout: LayoutOptions

    func run() throws {
        let context = ToolContext.current
        let io = context.io
        let machine = try context.runnableMachine(named: machine)
        if let output, output.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw ValidationError("--output needs a file name, and it was empty (an unset variable?); nothing written")
        }
        let destination = output ?? Self.defaultFileName(machine.name)
        // A link to an earlier page is followed: the page it points to is replaced.
        let path = destination == "-" ? nil : try Self.checkReplaceable(io.path(destination), shown: destination, tool: context.name)

        var svg: String?
        if let graphviz = Graphviz.find(environment: io.environment.isEmpty ? ProcessInfo.processInfo.environment : io.environment) {
            do {
                svg = String(decoding: try graphviz.svg(fromDOT: ExplorerPage.diagramDOT(for: machine, options: layout.options())), as: UTF8.self)
            } catch {
                try io.printError("note: Graphviz could not draw \(TerminalText.visible(machine.name)) (\(TerminalText.visible(String(describing: error)))); the page lists its states instead")
            }
        } else {
            try io.printError("note: Graphviz ('dot') is not installed: the page lists the states instead of drawing them (install graphviz and run this again to draw them)")
        }
        let page: String
        do {
            page = try ExplorerPage.html(for: machine, diagramSVG: svg, toolName: context.name, machineArgument: self.machine)
        } catch {
            try io.printError("error: \(TerminalText.visible(error.description))")
            throw ExitCode(1)
        }
        guard let path else {
            try io.write(page)
            return
        }
        do {
            try FileText.write(path, page, tool: context.name)
        } catch {
            try io.printError("error: cannot write \(TerminalText.visible(destination)): \(TerminalText.visible(FileText.describe(error))); nothing written")
            throw ExitCode(74)
        }
        try io.print("wrote \(TerminalText.visible(destination)): open it in a browser (it needs no server and no network)")
    }

    /// `MACHINE.html`, with anything but ASCII letters, digits, `-` and `_` made `-` (and
    /// `machine` before a name that would start with `-` or be empty).
    static func defaultFileName(_ machine: String) -> String {
        let safe = String(String.UnicodeScalarView(machine.unicodeScalars.map { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_") ? scalar : "-"
        }))
        return (safe.isEmpty || safe.hasPrefix("-") ? "machine" + safe : safe) + ".html"
    }

    /// The file to write: `path`, or the file a symbolic link there points to. Refuses to
    /// replace a folder, anything but a regular file (a FIFO would block, a device is not a
    /// page), a file it cannot read, and a file that is not an explorer page (a README next to
    /// it, a page of one's own): the page is written only where nothing else is lost.
    static func checkReplaceable(_ path: String, shown: String, tool: String = "fsm") throws -> String {
        let resolved: String
        do {
            resolved = try RegularFile.destination(of: path, tool: tool)
        } catch {
            var status = stat()
            if stat(path, &status) == 0 {
                if status.st_mode & S_IFMT == S_IFDIR {
                    let folder = shown.hasSuffix("/") ? String(shown.dropLast()) : shown
                    throw ValidationError("\(TerminalText.visible(shown)) is a folder; give the page's file name, e.g. --output \(TerminalText.visible(ShellText.quoted(folder + "/page.html"))); nothing written")
                }
                throw ValidationError("\(TerminalText.visible(shown)) exists and is not a regular file (\(TerminalText.visible(error.description))); it was left alone (give another --output, or '-' for standard output)")
            }
            throw ValidationError("cannot write \(TerminalText.visible(shown)): \(TerminalText.visible(error.description)); nothing written")
        }
        guard FileManager.default.fileExists(atPath: resolved) else { return resolved }
        guard let handle = FileHandle(forReadingAtPath: resolved) else {
            throw ValidationError("\(TerminalText.visible(shown)) exists and cannot be read, so it cannot be told from a file of yours; it was left alone")
        }
        defer { try? handle.close() }
        let head = String(decoding: (try? handle.read(upToCount: 4096)) ?? Data(), as: UTF8.self)
        guard head.contains(ExplorerPage.generatorMarker) else {
            throw ValidationError("\(TerminalText.visible(shown)) exists and is not an explorer page; it was left alone (remove it, or give another --output)")
        }
        return resolved
    }
}
