import LoginChallengeApp
import Testing

@MainActor
@Suite("AppSession: replies, refusals and updates")
struct AppSessionTests {
    /// Lets tasks on the main actor run (a finished call's update, if it sends one).
    private func drain() async {
        for _ in 0..<200 { await Task.yield() }
    }

    @Test("a command refused at once (login with empty fields) prints its screen once: in the reply, with no update after it")
    func refusedLoginOnce() async {
        let session = AppSession(seed: 1, forcedOutcome: .success, clockMode: .real(speed: 10_000))
        var updates: [String] = []
        session.onUpdate = { updates.append($0) }
        let reply = await session.handle("login")
        await drain()
        #expect(reply.text.hasPrefix("not now: Login is disabled until the ID and password are filled (type why for details)\n── Login"))
        #expect(updates.isEmpty)
    }

    @Test("refusals are phrased for the person; why gives the machine's words")
    func refusals() async {
        let session = AppSession(seed: 1, forcedOutcome: .success, clockMode: .virtual)
        #expect(await session.handle("why").text == "nothing has been refused")
        #expect(await session.handle("close").text.hasPrefix("not now: There is no alert to close (type why for details)"))
        #expect(await session.handle("why").text == "the last refusal, in the machine's words: illegal transition: 'closeAlert' is not permitted in state 'idle': declared illegal (permitted: edit, logIn)")
        #expect(await session.handle("reload").text.hasPrefix("not now: there is no home screen (log in first)"))
        _ = await session.handle("id koher")
        _ = await session.handle("password 1234")
        _ = await session.handle("login")
        #expect(await session.handle("id other").text.hasPrefix("not now: The ID field is disabled while logging in"))
        #expect(await session.handle("password x").text.hasPrefix("not now: The password field is disabled while logging in"))
        // A tap on a disabled button is ignored by the machine, as on the phone: no refusal.
        #expect(await session.handle("login").text.hasPrefix("── Login"))
        // Let the calls finish (a call left waiting on the virtual clock would outlive the test).
        #expect(await session.handle("wait 60").text.contains("── Home"))
    }

    @Test("a line longer than 1000 bytes is refused before anything reads it; 1000 bytes are read")
    func lineLimit() async {
        let session = AppSession(seed: 1, forcedOutcome: nil, clockMode: .virtual)
        #expect(await session.handle(String(repeating: "漢", count: 334)).text == "error: line too long (1002 bytes; at most 1000); nothing changed")
        #expect(await session.handle("id " + String(repeating: "a", count: 997)).text.contains("ID        [aaa"))
    }

    @Test("completion: commands first, outcomes after force; callable off the main actor (the editor's reading thread)")
    func completions() async {
        let offMain = await Task.detached { AppSession.completions(for: "force ") }.value
        #expect(offMain == ["success", "network", "server", "system", "random"])
        #expect(AppSession.completions(for: "") == AppSession.commands)
        #expect(AppSession.completions(for: "force ") == ["success", "network", "server", "system", "random"])
        #expect(AppSession.completions(for: "id ").isEmpty)
    }
}
