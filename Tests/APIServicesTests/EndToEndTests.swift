import APIServices
import Entities
import FSMCoverage
import Testing
import TestSupport
import UseCases

/// The whole Login Challenge on the real simulated back end, with a seeded generator and a
/// manual clock: no real waiting, and the same session every run.
@MainActor
@Suite("End to end: a whole session")
struct EndToEndTests {
    /// Runs a view-state action whose service call waits on the clock: starts it, waits until
    /// the call waits, advances the clock by one call's duration, and waits for the action.
    private func perform(_ clock: ManualClock, _ action: @escaping @MainActor () async -> Void) async {
        let task = Task { await action() }
        await clock.awaitSleepers(1)
        clock.advance(by: Backend.callDuration)
        await task.value(waitingFor: "the action to end")
    }

    @Test("failed login, login, home loads, the token expires, reload gives the authentication alert, OK returns to login")
    func session() async throws {
        // Seed 26's coins: d1 true (the wrong password gives LoginError), d1 true (login),
        // d1 true then true (the user, with the first introduction).
        let clock = ManualClock()
        let backend = Backend(clock: BackendClock(clock), generator: SeededGenerator(seed: 26))
        let login = LoginViewState(authService: AuthService(backend: backend), userService: UserService(backend: backend), recorder: BehaviourCoverage.recorder)

        login.updateID("koher")
        login.updatePassword("4321")
        #expect(login.isLoginButtonEnabled)
        await perform(clock) { await login.logIn() }
        #expect(login.alert == Alert(title: "ログインエラー", message: "IDまたはパスワードが正しくありません。", buttonTitle: "閉じる"))
        await login.closeAlert()
        #expect(login.state == .idle)

        login.updatePassword("1234")
        await perform(clock) { await login.logIn() }
        let home = try #require(login.home)
        #expect(await backend.isLoggedIn)
        #expect(home.displayedName == "User Name")

        await perform(clock) { await home.load() }
        #expect(home.displayedName == "Yuta Koshizawa")
        #expect(home.displayedID == "@koher")
        #expect(home.displayedIntroduction == "ソフトウェアエンジニア。 Heart of Swift https://heart-of-swift.github.io を書きました。")
        #expect(clock.now.offset == .seconds(6))

        clock.advance(by: .seconds(28))                // the token, stored at 4 s, expires at 34 s
        #expect(await !backend.isLoggedIn)
        await home.reload()                            // fails at once: no wait
        #expect(home.alert == Alert(title: "認証エラー", message: "再度ログインして下さい。", buttonTitle: "OK"))
        #expect(home.displayedName == "Yuta Koshizawa", "the old user is kept")

        await home.closeAlert()
        #expect(home.isDismissed)
        #expect(login.home == nil)
        #expect(login.state == .idle)
        #expect(login.areInputsEnabled && login.isLoginButtonEnabled)
        #expect(login.id == "koher" && login.password == "1234")
    }
}
