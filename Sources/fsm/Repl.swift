import ArgumentParser
import FSMCLI
import FSMREPL
import Foundation

struct Repl: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Drive a machine interactively, from a pipe, or from a script.",
        discussion: """
        Type an event (logIn, fail network) or a command (:help lists them: :events, :undo, :dot, \
        :save FILE, ...). At a terminal there is a prompt; through a pipe each line is echoed after \
        '> ' so that transcripts read like sessions. End with :quit or end of input.
        """
    )

    @Argument(help: machineHelp) var machine: String
    @Option(help: ArgumentHelp("Replay a script saved with :save (one line per event or command), then stop.", valueName: "file"))
    var script: String?
    @Flag(help: "With --script: stop with exit 1 at the first rejected line.")
    var strict = false

    func validate() throws {
        if strict && script == nil { throw ValidationError("--strict needs --script FILE") }
    }

    func run() throws {
        let session: REPLSession
        do {
            session = try entry(named: machine).makeSession()
        } catch let error as ValidationError {
            throw error
        } catch {
            printError("error: \(error)")
            throw ExitCode(1)
        }
        if let script {
            let lines: [String]
            do {
                lines = try FileText.lines(of: script)
            } catch {
                throw ValidationError("cannot read the script '\(script)': \(error.localizedDescription)")
            }
            for (number, line) in lines.enumerated() {
                let output = echo(line, session.handle(line))
                if output.quits { return }
                if output.isError && strict {
                    printError("\(script):\(number + 1): rejected: \(line)")
                    throw ExitCode(1)
                }
            }
            print("state: \(session.stateName)")
            return
        }
        let interactive = isatty(STDIN_FILENO) != 0
        if interactive { print(session.banner) }
        while true {
            if interactive {
                print(session.prompt, terminator: "")
                fflush(nil)
            }
            guard let line = readLine(strippingNewline: true) else { break }
            let output = interactive ? show(session.handle(line)) : echo(line, session.handle(line))
            if output.quits { break }
        }
        if !interactive { print("state: \(session.stateName)") }
    }

    /// Prints a line after `> ` and what it produced (the transcript form).
    @discardableResult
    private func echo(_ line: String, _ output: REPLSession.Output) -> REPLSession.Output {
        print("> \(line)")
        return show(output)
    }

    @discardableResult
    private func show(_ output: REPLSession.Output) -> REPLSession.Output {
        if !output.text.isEmpty { print(output.text) }
        return output
    }
}
