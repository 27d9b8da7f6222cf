import Foundation
@testable import LoginChallengeApp
import Testing

/// `fsm app` started again where it was quit: a session saved to a file, the next one
/// started from it as `AppTerminal` starts it (virtual time, no sleeping).
@MainActor
@Suite("The app resumes where it was quit")
struct AppResumeTests {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// A fresh folder, removed by the caller.
    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("fsm-app-resume-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs `lines` in a session, saves it to a file in a new folder (as after each command),
    /// and starts the next session from the file: the last screen, the new session, its notes,
    /// and the file's text.
    private func quitAndStart(_ lines: [String]) async throws -> (before: String, after: AppSession, notes: [String], saved: String) {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = AppStateFile(path: dir.appendingPathComponent("app/state.json").path)
        let session = AppSession(seed: 7, forcedOutcome: nil, clockMode: .virtual)
        for line in lines { _ = await session.handle(line) }
        try file.save(try session.snapshot(at: now))
        let start = AppTerminal.startingSession(seed: 7, forcedOutcome: nil, clockMode: .virtual, file: file, fresh: false, now: now)
        await start.session.resume()
        #expect(start.saver == file)
        #expect(start.notes.first == "resumed where it was quit (saved in \(file.path); --fresh starts anew)")
        return (session.screen, start.session, start.notes, try String(contentsOfFile: file.path, encoding: .utf8))
    }

    @Test("ID and password typed: the same screen, the password field empty (it is never saved), Login disabled until it is typed again")
    func typed() async throws {
        let (before, after, notes, saved) = try await quitAndStart(["id koher", "password 1234"])
        #expect(before.contains("PASSWORD  [••••]"))
        #expect(after.screen == before.replacingOccurrences(of: "PASSWORD  [••••]", with: "PASSWORD  (PASSWORD)").replacingOccurrences(of: "[Login] enabled", with: "[Login] disabled"))
        #expect(notes.count == 1)
        #expect(!saved.contains("1234") && saved.contains("\"koher\""))
        _ = await after.handle("password 1234")
        _ = await after.handle("force success")
        _ = await after.handle("login")
        #expect(await after.handle("wait 2").text.contains("── Home"))
    }

    @Test("the error alert showing: the same alert at the same time, the ID kept")
    func alert() async throws {
        let (before, after, _, _) = try await quitAndStart(["id koher", "password 1234", "force server", "login", "wait 2"])
        #expect(before.contains("┌ サーバーエラー") && before.contains("t=2.0s"))
        #expect(after.screen == before.replacingOccurrences(of: "PASSWORD  [••••]", with: "PASSWORD  (PASSWORD)").replacingOccurrences(of: "[Login] enabled", with: "[Login] disabled"))
        let closed = await after.handle("close").text
        #expect(closed.hasPrefix("── Login") && closed.contains("ID        [koher]") && !closed.contains("┌"))
    }

    @Test("quit while logging in: the login screen comes back, told the call was lost (the network alert), the ID kept; a note says to type the password again")
    func loggingIn() async throws {
        let (before, after, notes, _) = try await quitAndStart(["id koher", "password 1234", "force success", "login", "wait 1"])
        #expect(before.contains("(activity indicator: logging in)") && before.contains("t=1.0s"))
        #expect(after.screen == """
        ── Login ───────────────────────────── t=1.0s
          ID        [koher]
          PASSWORD  (PASSWORD)
          [Login] disabled
          ┌ ネットワークエラー
          │ 通信に失敗しました。ネットワークの状態を確認して下さい。
          └ [閉じる]  (type: close)
        """)
        #expect(notes.count == 2 && notes[1].contains("type it again and log in"))
    }

    @Test("the home screen comes back, byte for byte, and does not load the user again")
    func home() async throws {
        let (before, after, _, _) = try await quitAndStart(["id koher", "password 1234", "force success", "login", "wait 2", "wait 2"])
        #expect(before.contains("── Home") && before.contains("@koher") && before.contains("[Reload] enabled"))
        #expect(after.screen == before)
        // Nothing runs on its own: the screen stays as it was.
        #expect(await after.handle("wait 5").text == before.replacingOccurrences(of: "t=4.0s", with: "t=9.0s"))
    }

    @Test("at a terminal (real clock), the first screen after resuming is not printed again as an update")
    func noRepeatedScreen() async throws {
        let saved = AppSession(seed: 7, forcedOutcome: nil, clockMode: .virtual)
        _ = await saved.handle("id koher")
        let session = try AppSession(seed: 7, forcedOutcome: nil, clockMode: .real(speed: 10_000), restoring: try saved.snapshot(at: now), at: now)
        var updates: [String] = []
        session.onUpdate = { updates.append($0) }
        await session.resume()
        for _ in 0..<200 { await Task.yield() }
        #expect(updates.isEmpty)
        #expect(session.screen.contains("ID        [koher]"))
    }

    @Test("quit while logging out: the logout is sent again, and ends on the login screen")
    func loggingOut() async throws {
        let (before, after, _, _) = try await quitAndStart(["id koher", "password 1234", "force success", "login", "wait 4", "logout"])
        #expect(before.contains("(activity indicator: logging out)"))
        #expect(after.screen == before)
        let reply = await after.handle("wait 2").text
        #expect(reply.hasPrefix("── Login") && reply.contains("ID        [koher]") && reply.contains("t=6.0s"))
    }

    @Test("a corrupt, truncated, stale or misplaced file: one line says what, it is moved aside whole, the app starts fresh", arguments: [
        ("not json at all", "it is not JSON (a truncated or damaged file)"),
        ("{\"format\":1,\"seconds\":0,\"scr", "it is not JSON (a truncated or damaged file)"),
        ("{\"format\":2,\"anything\":true}", "it is written in format 2; this fsm reads format 1"),
        ("[1,2]", "it is JSON but not a saved state of the app (no format)"),
        ("{\"format\":1,\"seconds\":0,\"screens\":{\"login\":3}}", "it is not a saved state of the app in format 1 (at 'screens.login')"),
    ])
    func unusable(content: String, reason: String) async throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = AppStateFile(path: dir.appendingPathComponent("state.json").path)
        try content.write(toFile: file.path, atomically: true, encoding: .utf8)
        let start = AppTerminal.startingSession(seed: 7, forcedOutcome: nil, clockMode: .virtual, file: file, fresh: false, now: now)
        let aside = file.path + ".unusable-1800000000"
        #expect(start.notes == ["the saved state in \(file.path) cannot be used: \(reason); it was moved to \(aside), and the app starts fresh"])
        #expect(try String(contentsOfFile: aside, encoding: .utf8) == content)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(start.session.screen.hasPrefix("── Login") && start.session.screen.contains("(ID)") && start.saver == file)
        // A second unusable file does not replace the first one moved aside.
        try content.write(toFile: file.path, atomically: true, encoding: .utf8)
        let again = AppTerminal.startingSession(seed: 7, forcedOutcome: nil, clockMode: .virtual, file: file, fresh: false, now: now)
        #expect(again.notes.first?.hasSuffix("it was moved to \(aside)-2, and the app starts fresh") == true)
        #expect(try String(contentsOfFile: aside, encoding: .utf8) == content)
    }

    @Test("a saved state of a machine changed since (SnapshotError) is stale: named, moved aside, the app starts fresh")
    func changedMachine() async throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = AppStateFile(path: dir.appendingPathComponent("state.json").path)
        let session = AppSession(seed: 7, forcedOutcome: nil, clockMode: .virtual)
        var snapshot = try session.snapshot(at: now)
        snapshot.screens.login.state = "waitingForever"
        try file.save(snapshot)
        let start = AppTerminal.startingSession(seed: 7, forcedOutcome: nil, clockMode: .virtual, file: file, fresh: false, now: now)
        #expect(start.notes == [
            "the saved state in \(file.path) cannot be used: cannot restore 'login': no state is named 'waitingForever'; nothing was restored; it was moved to \(file.path).unusable-1800000000, and the app starts fresh",
        ])
    }

    @Test("a folder in the file's place is moved aside too; --fresh does not read the file (nor move it)")
    func folderAndFresh() async throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = AppStateFile(path: dir.appendingPathComponent("state.json").path)
        try FileManager.default.createDirectory(atPath: file.path, withIntermediateDirectories: false)
        let start = AppTerminal.startingSession(seed: 7, forcedOutcome: nil, clockMode: .virtual, file: file, fresh: false, now: now)
        #expect(start.notes.first?.contains("cannot be used: it is not a regular file; it was moved to") == true)

        let saved = AppSession(seed: 7, forcedOutcome: nil, clockMode: .virtual)
        _ = await saved.handle("id someone")
        try file.save(try saved.snapshot(at: now))
        let fresh = AppTerminal.startingSession(seed: 7, forcedOutcome: nil, clockMode: .virtual, file: file, fresh: true, now: now)
        #expect(fresh.notes.isEmpty && fresh.session.screen.contains("(ID)") && fresh.saver == file)
        #expect(try String(contentsOfFile: file.path, encoding: .utf8).contains("someone"))
    }

    @Test("a save that fails (its folder cannot be made, the temporary cannot be written) says so once, and the file keeps what it had")
    func saveFails() async throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        // A regular file where the state's folder should be.
        try "x".write(to: dir.appendingPathComponent("blocked"), atomically: true, encoding: .utf8)
        let session = AppSession(seed: 7, forcedOutcome: nil, clockMode: .virtual)
        var reports: [String] = []
        let blocked = AppStateSaver(file: AppStateFile(path: dir.appendingPathComponent("blocked/state.json").path)) { reports.append($0) }
        blocked.save(session)
        blocked.save(session)
        #expect(reports.count == 1 && reports[0].hasPrefix("cannot save where the app is to \(dir.path)/blocked/state.json: its folder cannot be made"))
        #expect(reports[0].hasSuffix("; the file there is unchanged"))

        // The old file stays whole when the new one cannot be written beside it.
        let file = AppStateFile(path: dir.appendingPathComponent("state.json").path)
        _ = await session.handle("id kept")
        try file.save(try session.snapshot(at: now))
        let old = try Data(contentsOf: URL(fileURLWithPath: file.path))
        let temporary = dir.appendingPathComponent(".state.json.\(getpid()).tmp")
        try FileManager.default.createDirectory(at: temporary.appendingPathComponent("in the way"), withIntermediateDirectories: true)
        _ = await session.handle("id lost")
        let saver = AppStateSaver(file: file) { reports.append($0) }
        saver.save(session)
        #expect(reports.count == 2 && reports[1].hasSuffix("; the file there is unchanged"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: file.path)) == old)
        try FileManager.default.removeItem(at: temporary)
        saver.save(session)
        #expect(reports.count == 2)
        #expect(try String(contentsOfFile: file.path, encoding: .utf8).contains("\"lost\""))
    }

    @Test("the standard file is $XDG_STATE_HOME/fsm/app/state.json, else ~/.local/state (macOS: ~/Library/Application Support); none without a home")
    func standardPath() {
        #expect(AppStateFile.standard(environment: ["XDG_STATE_HOME": "/x/state", "HOME": "/h"])?.path == "/x/state/fsm/app/state.json")
        #if os(macOS)
        #expect(AppStateFile.standard(environment: ["HOME": "/h"])?.path == "/h/Library/Application Support/fsm/app/state.json")
        #else
        #expect(AppStateFile.standard(environment: ["HOME": "/h"])?.path == "/h/.local/state/fsm/app/state.json")
        #endif
        #expect(AppStateFile.standard(environment: ["XDG_STATE_HOME": "relative"]) == nil)
    }
}
