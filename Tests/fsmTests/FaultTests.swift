import Foundation
@testable import FSMTool
import Testing

/// Runs `fsm` with its standard output (or error) sent somewhere that fails.
private func fsm(_ arguments: [String], input: String = "", output: Subprocess.Destination = .collected, errors: Subprocess.Destination = .collected, defaultSIGPIPE: Bool = false) throws -> Run {
    var arguments = arguments
    var made: URL?
    defer { if let made { try? FileManager.default.removeItem(at: made) } }
    if let fresh = arguments.firstIndex(of: "{fresh}") {
        // A folder of diagrams just written by this build, so that --check finds them current
        // whatever the committed ones say.
        let folder = try temporaryDirectory()
        #expect(try fsm(["diagrams", "--output", folder.path]).status == 0)
        arguments[fresh] = folder.path
        made = folder
    }
    let result = try Subprocess.run(fsmExecutable.path, arguments, input: Data(input.utf8), output: output, errors: errors, timeLimit: .seconds(60), defaultSIGPIPE: defaultSIGPIPE)
    if result.timedOut { Issue.record("fsm \(arguments.joined(separator: " ")) ran for 60 s and was killed: it hangs") }
    return Run(status: result.status, stdout: String(decoding: result.output, as: UTF8.self), stderr: String(decoding: result.errors, as: UTF8.self))
}

@Suite("fsm, end to end, under faults: a full disk, a closed pipe")
struct EndToEndFaultTests {
    static let commands: [([String], String)] = [
        (["list"], ""), (["table", "login"], ""), (["table", "home", "--format", "csv"], ""), (["dot", "login"], ""),
        (["mermaid", "home"], ""), (["validate"], ""), (["diagrams", "--check", "--output", "{fresh}"], ""), (["repl", "login"], "logIn\n:events\n"),
        (["app", "--seed", "1"], "id koher\nlogin\n"), (["explore", "home", "--output", "-"], ""), (["scxml", "home"], ""), (["scxml", "home", "--runs", "50"], ""), (["--help"], ""), (["nosuch"], ""),
    ]

    @Test("standard output on /dev/full: one line on standard error, exit 74, no crash", arguments: commands)
    func devFull(arguments: [String], input: String) throws {
        let run = try fsm(arguments, input: input, output: .file("/dev/full"))
        if arguments == ["nosuch"] {
            #expect(run.status == 64, "a usage error goes to standard error, which works")
            return
        }
        #expect(run.status == 74)
        #expect(run.stderr == "fsm: cannot write to standard output: No space left on device\n")
    }

    @Test("standard error on /dev/full too: exit 74, nothing else", arguments: commands)
    func bothFull(arguments: [String], input: String) throws {
        let run = try fsm(arguments, input: input, output: .file("/dev/full"), errors: .file("/dev/full"))
        #expect(run.status == 74)
    }

    @Test("standard output a closed pipe, SIGPIPE ignored: exit 74, quietly", arguments: commands.filter { $0.0 != ["nosuch"] })
    func closedPipe(arguments: [String], input: String) throws {
        let run = try fsm(arguments, input: input, output: .closedPipe)
        #expect(run.status == 74)
        #expect(run.stderr.isEmpty)
    }

    @Test("standard output a closed pipe, SIGPIPE by default (as a shell starts it: `fsm ... | true`): exit 74 as documented, not 141", arguments: commands.filter { $0.0 != ["nosuch"] })
    func closedPipeDefaultSignal(arguments: [String], input: String) throws {
        let run = try fsm(arguments, input: input, output: .closedPipe, defaultSIGPIPE: true)
        #expect(run.status == 74)
        #expect(run.stderr.isEmpty)
    }

    @Test("a long session through a pipe whose reader leaves after the first line stops at once")
    func readerLeaves() throws {
        let run = try fsm(["repl", "login"], input: String(repeating: "edit\n", count: 100_000), output: .closedPipe)
        #expect(run.status == 74)
        #expect(run.stderr.isEmpty)
    }

    @Test("lines piped with CR or CRLF ends run as lines")
    func lineEnds() throws {
        let run = try fsm(["repl", "login"], input: "logIn\rfail network\r\ncloseAlert")
        #expect(run.status == 0)
        #expect(run.stdout.contains("> logIn\nidle --logIn--> loggingIn"))
        #expect(run.stdout.contains("> fail network\nloggingIn --fail(network)--> failed(network)"))
        #expect(run.stdout.hasSuffix("> closeAlert\nfailed(network) --closeAlert--> idle\nstate: idle\n"))
    }
}
