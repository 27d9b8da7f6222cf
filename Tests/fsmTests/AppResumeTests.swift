import Foundation
@testable import FSMTool
import Testing

/// Runs `fsm` under `/usr/bin/env` with `HOME` and `XDG_STATE_HOME` pointed at `folder`.
private func fsm(in folder: URL, _ arguments: [String], input: String) throws -> Run {
    guard FileManager.default.isExecutableFile(atPath: fsmExecutable.path) else {
        Issue.record("the fsm executable is not built at \(fsmExecutable.path)")
        return Run(status: -1, stdout: "", stderr: "")
    }
    let environment = ["HOME=" + folder.path, "XDG_STATE_HOME=" + folder.appendingPathComponent("state").path]
    let result = try Subprocess.run("/usr/bin/env", environment + [fsmExecutable.path] + arguments, input: Data(input.utf8), timeLimit: .seconds(60))
    if result.timedOut { Issue.record("fsm \(arguments.joined(separator: " ")) ran for 60 s and was killed: it hangs") }
    return Run(status: result.status, stdout: String(decoding: result.output, as: UTF8.self), stderr: String(decoding: result.errors, as: UTF8.self))
}

/// The last screen a transcript shows (from its last `── ` line).
private func lastScreen(_ output: String) -> String {
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let start = lines.lastIndex(where: { $0.hasPrefix("── ") }) else { return "" }
    return lines[start...].prefix { !$0.hasPrefix("> ") }.joined(separator: "\n").trimmingCharacters(in: .newlines)
}

@Suite("fsm app resumes where it was quit, in another process")
struct AppResumeProcessTests {
    @Test("quit in the middle of a login (the alert showing) and started again: the same screen, the password field empty")
    func middleOfLogin() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("app.json").path
        let first = try fsm(in: folder, ["app", "--seed", "3", "--state-file", file], input: "id koher\npassword 1234\nforce network\nlogin\nwait 2\nquit\n")
        #expect(first.status == 0 && first.stderr.isEmpty, "\(first.stderr)")
        let before = lastScreen(first.stdout)
        #expect(before.contains("┌ ネットワークエラー") && before.contains("t=2.0s"))
        let second = try fsm(in: folder, ["app", "--seed", "3", "--state-file", file], input: "")
        #expect(second.status == 0)
        #expect(second.stderr == "fsm app: resumed where it was quit (saved in \(file); --fresh starts anew)\n")
        let expected = before.replacingOccurrences(of: "PASSWORD  [••••]", with: "PASSWORD  (PASSWORD)").replacingOccurrences(of: "[Login] enabled", with: "[Login] disabled")
        #expect(second.stdout == expected + "\n")
    }

    @Test("quit on the home screen (end of input, no quit): the same screen byte for byte; --fresh starts at login; --no-resume neither reads nor writes")
    func homeScreen() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("nested/app.json").path
        let first = try fsm(in: folder, ["app", "--seed", "3", "--force", "success", "--state-file", file], input: "id koher\npassword 1234\nlogin\nwait 4\n")
        let home = lastScreen(first.stdout)
        #expect(home.contains("── Home") && home.contains("@koher"))
        let second = try fsm(in: folder, ["app", "--seed", "3", "--state-file", file], input: "")
        #expect(second.stdout == home + "\n")
        let fresh = try fsm(in: folder, ["app", "--fresh", "--state-file", file], input: "")
        #expect(fresh.stdout.hasPrefix("── Login") && fresh.stderr.isEmpty)
        // --fresh saved over it: the login screen now.
        #expect(try fsm(in: folder, ["app", "--state-file", file], input: "").stdout.hasPrefix("── Login"))
        #expect(try fsm(in: folder, ["app", "--no-resume", "--state-file", file], input: "").status == 64)
    }

    @Test("through a pipe without --state-file nothing is read or written in the state folder: scripted sessions stay the same")
    func pipeKeepsNothing() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let standard = folder.appendingPathComponent("state/fsm/app")
        try FileManager.default.createDirectory(at: standard, withIntermediateDirectories: true)
        try "not json".write(to: standard.appendingPathComponent("state.json"), atomically: true, encoding: .utf8)
        let run = try fsm(in: folder, ["app", "--seed", "1"], input: "id koher\n")
        #expect(run.status == 0 && run.stderr.isEmpty && run.stdout.hasPrefix("── Login"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: standard.path) == ["state.json"])
        #expect(try String(contentsOf: standard.appendingPathComponent("state.json"), encoding: .utf8) == "not json")
    }

    @Test("a corrupt file: one line on standard error, the file moved aside whole, the app starts fresh and saves anew")
    func corrupt() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("app.json").path
        try "{\"format\":1,\"seconds\":2,\"scre".write(toFile: file, atomically: true, encoding: .utf8)
        let run = try fsm(in: folder, ["app", "--state-file", file], input: "id again\n")
        #expect(run.status == 0 && run.stdout.hasPrefix("── Login ───────────────────────────── t=0.0s\n  ID        (ID)"))
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("fsm app: the saved state in \(file) cannot be used: it is not JSON (a truncated or damaged file); it was moved to \(file).unusable-"))
        let aside = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("app.json.unusable-") }
        #expect(aside.count == 1)
        let moved = try #require(aside.first)
        #expect(try String(contentsOfFile: folder.appendingPathComponent(moved).path, encoding: .utf8) == "{\"format\":1,\"seconds\":2,\"scre")
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("\"again\""))
    }

    @Test("killed (SIGKILL) in the middle of a command: what the commands before it did was saved already")
    func killed() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("app.json").path
        // The real clock's `wait 600` holds the app until the time limit kills it with SIGKILL:
        // no save at the end runs, only the ones after each command.
        let input = "id koher\npassword 1234\nwait 600\n"
        let result = try Subprocess.run(
            fsmExecutable.path, ["app", "--clock", "real", "--state-file", file], input: Data(input.utf8), timeLimit: .seconds(5)
        )
        #expect(result.timedOut)
        let saved = try String(contentsOfFile: file, encoding: .utf8)
        #expect(saved.contains("\"id\" : \"koher\"") && !saved.contains("1234"))
        let second = try fsm(in: folder, ["app", "--state-file", file], input: "")
        #expect(second.stdout.hasPrefix("── Login") && second.stdout.contains("ID        [koher]"))
    }
}
