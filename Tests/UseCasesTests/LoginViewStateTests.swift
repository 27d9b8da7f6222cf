import Entities
import FSMCoverage
import Testing
import TestSupport
import UseCases

@MainActor
private func makeLogin() -> (LoginViewState, ParkingAuthService, ParkingUserService) {
    let auth = ParkingAuthService()
    let users = ParkingUserService()
    return (LoginViewState(authService: auth, userService: users, recorder: BehaviourCoverage.recorder), auth, users)
}

/// Types the credentials and logs in, ending the parked call with `result`.
@MainActor
private func logIn(_ login: LoginViewState, _ auth: ParkingAuthService, id: String = "koher", password: String = "1234", result: Result<Void, any Error> = .success(())) async {
    login.updateID(id)
    login.updatePassword(password)
    let task = Task { await login.logIn() }
    await auth.logInCalls.waitForParkedCalls(1)
    await auth.logInCalls.resume(with: result)
    await task.value(waitingFor: "the logIn task to end")
}

@MainActor
@Suite("LoginViewState")
struct LoginViewStateTests {
    @Test("the Login button is enabled exactly when both texts are non-empty, untrimmed", arguments: [
        ("", "", false), ("koher", "", false), ("", "1234", false), ("koher", "1234", true), (" ", " ", true), (" ", "", false),
    ])
    func buttonRule(id: String, password: String, enabled: Bool) {
        let (login, _, _) = makeLogin()
        login.updateID(id)
        login.updatePassword(password)
        #expect(login.isLoginButtonEnabled == enabled)
        #expect(login.areInputsEnabled)
        #expect(login.id == id && login.password == password)
    }

    @Test("logging in with an empty field is refused by the machine's guard: nothing is sent, nothing changes, the reason is kept")
    func logInWithEmptyField() async {
        let (login, auth, _) = makeLogin()
        var effects: [LoginEffect] = []
        login.onEffect = { effects.append($0) }
        login.updateID("koher")
        await login.logIn()
        #expect(login.state == .idle && login.areInputsEnabled && !login.presentsActivityIndicator)
        #expect(effects.isEmpty)
        #expect(await auth.logInCalls.callCount == 0)
        #expect(login.lastRejection == "illegal transition: 'logIn' is not permitted in state 'idle': guard 'ID and password filled' not met (permitted: edit)")
    }

    @Test("while logging in: inputs and button disabled, indicator shown, the raw texts sent; a second tap does nothing")
    func loggingIn() async {
        let (login, auth, _) = makeLogin()
        var effects: [LoginEffect] = []
        login.onEffect = { effects.append($0) }
        login.updateID(" koher")
        login.updatePassword("1234 ")
        let first = Task { await login.logIn() }
        await auth.logInCalls.waitForParkedCalls(1)
        #expect(login.state == .loggingIn)
        #expect(!login.areInputsEnabled)
        #expect(!login.isLoginButtonEnabled)
        #expect(login.presentsActivityIndicator)
        #expect(auth.receivedCredentials == [Credentials(id: " koher", password: "1234 ")])
        #expect(effects == [.disableInputs, .showActivityIndicator, .callLogIn])

        await login.logIn()                      // the second tap
        #expect(await auth.logInCalls.callCount == 1)
        login.updateID("changed")                // fields are disabled: refused
        #expect(login.id == " koher")
        #expect(login.lastRejection == "illegal transition: 'edit' is not permitted in state 'loggingIn': declared illegal (permitted: succeed, fail(login), fail(network), fail(server), fail(system); ignored: logIn)")

        await auth.logInCalls.resume(with: .failure(LoginError()))
        await first.value(waitingFor: "the first logIn task to end")
        #expect(effects == [.disableInputs, .showActivityIndicator, .callLogIn, .hideActivityIndicator, .enableInputs, .showAlert(.login)])
    }

    @Test("each error kind raises its own alert, verbatim; closing it keeps the texts", arguments: [
        (LoginError() as any Error, LoginFailure.login, "ログインエラー", "IDまたはパスワードが正しくありません。"),
        (NetworkError(cause: GeneralError(message: "Timeout.")), .network, "ネットワークエラー", "通信に失敗しました。ネットワークの状態を確認して下さい。"),
        (ServerError.internal(cause: GeneralError(message: "Rate limit exceeded.")), .server, "サーバーエラー", "しばらくしてからもう一度お試し下さい。"),
        (GeneralError(message: "System error."), .system, "システムエラー", "エラーが発生しました。"),
        (SomeOtherError(), .system, "システムエラー", "エラーが発生しました。"),
    ])
    func alerts(error: any Error, kind: LoginFailure, title: String, message: String) async {
        let (login, auth, _) = makeLogin()
        await logIn(login, auth, result: .failure(error))
        #expect(login.state == .failed(kind))
        #expect(login.alert == Alert(title: title, message: message, buttonTitle: "閉じる"))
        #expect(login.areInputsEnabled)
        #expect(login.isLoginButtonEnabled)
        #expect(!login.presentsActivityIndicator)
        #expect(login.home == nil)

        await login.closeAlert()
        #expect(login.state == .idle)
        #expect(login.alert == nil)
        #expect(login.id == "koher" && login.password == "1234")
    }

    @Test("success presents a fresh home with inputs still disabled; coming back re-enables them, texts kept")
    func success() async throws {
        let (login, auth, users) = makeLogin()
        await logIn(login, auth)
        #expect(login.state == .atHome)
        let home = try #require(login.home)
        #expect(!login.areInputsEnabled)
        #expect(!login.isLoginButtonEnabled)
        #expect(!login.presentsActivityIndicator)

        await login.logIn()                      // ignored while home is on top
        #expect(await auth.logInCalls.callCount == 1)

        let logout = Task { await home.logOut() }
        await auth.logOutCalls.waitForParkedCalls(1)
        await auth.logOutCalls.succeed()
        await logout.value(waitingFor: "the logout task to end")
        #expect(home.isDismissed)
        #expect(login.state == .idle)
        #expect(login.home == nil)
        #expect(login.areInputsEnabled && login.isLoginButtonEnabled)
        #expect(login.id == "koher" && login.password == "1234")

        await logIn(login, auth)
        let second = try #require(login.home)
        #expect(second !== home, "a fresh home every time")
        #expect(await users.calls.callCount == 0, "home loads when it appears, not when presented")
    }

    @Test("a late dismissal from an old home is dropped")
    func lateDismissal() async throws {
        let (login, auth, users) = makeLogin()
        await logIn(login, auth)
        let home = try #require(login.home)

        // The home's user load fails with an authentication error while a logout runs.
        let load = Task { await home.load() }
        await users.calls.waitForParkedCalls(1)
        let logout = Task { await home.logOut() }
        await auth.logOutCalls.waitForParkedCalls(1)
        await users.calls.resume(with: .failure(AuthenticationError()))
        await load.value(waitingFor: "the load task to end")
        await home.closeAlert()                   // OK: dismissed, back to login
        #expect(login.state == .idle)
        await auth.logOutCalls.succeed()          // the logout ends later: no second dismissal
        await logout.value(waitingFor: "the logout task to end")
        #expect(login.state == .idle)
        #expect(login.lastRejection == nil)
    }
}
