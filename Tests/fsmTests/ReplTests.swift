import Foundation
import Testing

@Suite("fsm repl, end to end")
struct ReplTests {
    @Test("a piped session matches its golden transcript")
    func transcript() throws {
        let input = try String(contentsOf: goldenDirectory.appendingPathComponent("repl-login.in"), encoding: .utf8)
        let expected = try String(contentsOf: goldenDirectory.appendingPathComponent("repl-login.out"), encoding: .utf8)
        let run = try fsm(["repl", "login"], input: input)
        #expect(run.status == 0)
        #expect(run.stdout == expected)
    }

    @Test("invalid UTF-8 and end of input do not break the session")
    func invalidInput() throws {
        let process = try fsm(["repl", "logout"], input: "logOut\n\u{FFFD}\u{1}\nfinishLogOut")
        #expect(process.status == 0)
        #expect(process.stdout.hasSuffix("state: loggedOut\n"))
    }

    @Test("a saved script replays; with --strict a rejected line exits 1")
    func scripts() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = directory.appendingPathComponent("run.fsm").path
        let saved = try fsm(["repl", "home-loading"], input: "startLoading\nfailToLoad authentication\nclearError\n:save \(script)\n")
        #expect(saved.status == 0)
        let replay = try fsm(["repl", "home-loading", "--script", script, "--strict"])
        #expect(replay.status == 0)
        #expect(replay.stdout.hasSuffix("state: dismissed\n"))

        try "startLoading\nclearError\nfinishLoading\n".write(toFile: script, atomically: true, encoding: .utf8)
        let strict = try fsm(["repl", "home-loading", "--script", script, "--strict"])
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("run.fsm:2: rejected: clearError"))
        #expect(!strict.stdout.contains("> finishLoading"), "stops at the first rejected line")
        let lenient = try fsm(["repl", "home-loading", "--script", script])
        #expect(lenient.status == 0)
        #expect(lenient.stdout.hasSuffix("state: waiting\n"))
        let missing = try fsm(["repl", "login", "--script", directory.appendingPathComponent("none").path])
        #expect(missing.status == 64)
    }
}
