import Entities
import Foundation
import FSMPersistence
import Testing
import TestSupport
import UseCases

/// The screens saved, written as JSON, read back in a "new process" (new services, new view
/// states): the same state, what each screen kept, and the calls it was waiting for sent again.
@MainActor
@Suite("Screens saved and restored, as after the app is killed")
struct ScreenSnapshotTests {
    private let date = Date(timeIntervalSince1970: 1_800_000_000)

    /// Through JSON, as through the file.
    private func roundTrip<T: Codable>(_ value: T) throws -> T {
        try JSONDecoder().decode(T.self, from: JSONEncoder().encode(value))
    }

    private func restored(_ saved: LoginScreenSnapshot) throws -> (LoginViewState, ParkingAuthService, ParkingUserService) {
        let auth = ParkingAuthService()
        let users = ParkingUserService()
        let login = try LoginViewState(authService: auth, userService: users, restoring: try roundTrip(saved), at: date)
        return (login, auth, users)
    }

    /// A login screen with koher / 1234 typed and Login tapped, its call parked; the task
    /// of the tap.
    private func tappedLogin(_ users: ParkingUserService = ParkingUserService()) async -> (LoginViewState, ParkingAuthService, Task<Void, Never>) {
        let auth = ParkingAuthService()
        let login = LoginViewState(authService: auth, userService: users)
        login.updateID("koher")
        login.updatePassword("1234")
        let task = Task { await login.logIn() }
        await auth.logInCalls.waitForParkedCalls(1)
        return (login, auth, task)
    }

    /// A login screen at home, the home screen's first load ended with `koher`.
    private func atHome() async -> (LoginViewState, ParkingAuthService, ParkingUserService) {
        let users = ParkingUserService()
        let (login, auth, task) = await tappedLogin(users)
        await auth.logInCalls.succeed()
        await task.value(waitingFor: "the login")
        let load = Task { await login.home?.load() }
        await users.calls.waitForParkedCalls(1)
        await users.calls.resume(with: .success(koher))
        await load.value(waitingFor: "the first load")
        return (login, auth, users)
    }

    @Test("idle with both fields typed: the ID comes back, the password field is empty (never written), Login disabled")
    func idleTyped() throws {
        let login = LoginViewState(authService: ParkingAuthService(), userService: ParkingUserService())
        login.updateID("koher")
        login.updatePassword("s3cret-pw")
        let saved = try login.snapshot(at: date)
        let json = String(decoding: try JSONEncoder().encode(saved), as: UTF8.self)
        #expect(!json.contains("s3cret-pw") && json.contains("\"koher\""))
        let (back, _, _) = try restored(saved)
        #expect(back.state == .idle && back.id == "koher" && back.password.isEmpty)
        #expect(back.areInputsEnabled && !back.isLoginButtonEnabled && back.home == nil)
        back.updatePassword("1234")
        #expect(back.isLoginButtonEnabled)
    }

    @Test("the error alert showing: the same alert, the ID kept; closing it returns to idle")
    func alertShowing() async throws {
        let (login, auth, task) = await tappedLogin()
        await auth.logInCalls.resume(with: .failure(NetworkError(cause: SomeOtherError())))
        await task.value(waitingFor: "the login")
        #expect(login.state == .failed(.network))
        let (back, _, _) = try restored(try login.snapshot(at: date))
        #expect(back.state == .failed(.network) && back.alert == login.alert && back.id == "koher" && back.password.isEmpty)
        await back.closeAlert()
        #expect(back.state == .idle)
    }

    @Test("quit while logging in: the call died and its password is not known, so it is not sent again; the screen is told of a network failure, once")
    func loggingIn() async throws {
        let (login, auth, task) = await tappedLogin()
        let saved = try login.snapshot(at: date)
        #expect(saved.login.state == "loggingIn")
        await auth.logInCalls.succeed()
        await task.value(waitingFor: "the first process's login")

        let (back, newAuth, _) = try restored(saved)
        #expect(back.state == .loggingIn && back.presentsActivityIndicator && back.lostLoginOnRestore)
        await back.resumedCallsEnded()
        #expect(back.state == .failed(.network) && back.areInputsEnabled && back.id == "koher")
        #expect(await newAuth.logInCalls.callCount == 0)
        // The next login is a real one: the lost call is reported once.
        await back.closeAlert()
        back.updatePassword("1234")
        let again = Task { await back.logIn() }
        await newAuth.logInCalls.waitForParkedCalls(1)
        #expect(newAuth.receivedCredentials == [Credentials(id: "koher", password: "1234")])
        await newAuth.logInCalls.succeed()
        await again.value(waitingFor: "the second login")
        #expect(back.state == .atHome)
    }

    @Test("the home screen comes back with its user, and does not load it again on its own")
    func home() async throws {
        let (login, _, _) = await atHome()
        let saved = try login.snapshot(at: date)
        #expect(saved.home != nil)
        let (back, _, users) = try restored(saved)
        await back.resumedCallsEnded()
        let home = try #require(back.home)
        #expect(back.state == .atHome && home.user == koher && home.displayedName == "Yuta Koshizawa" && home.loadingState == .waiting)
        #expect(await users.calls.callCount == 0)
    }

    @Test("a home screen saved while loading the user sends the call again, and shows its answer")
    func homeLoading() async throws {
        let (login, _, users) = await atHome()
        let home = try #require(login.home)
        let reload = Task { await home.reload() }
        await users.calls.waitForParkedCalls(1)
        let saved = try login.snapshot(at: date)
        await users.calls.resume(with: .failure(SomeOtherError()))
        await reload.value(waitingFor: "the reload")

        let (back, _, newUsers) = try restored(saved)
        #expect(back.home?.isLoadingUser == true)
        await newUsers.calls.waitForParkedCalls(1)
        await newUsers.calls.resume(with: .failure(AuthenticationError()))
        await back.resumedCallsEnded()
        #expect(back.home?.loadingState == .failure(.authentication) && back.home?.user == koher)
    }

    @Test("a home screen saved while logging out logs out again, and the login screen comes back on top")
    func homeLoggingOut() async throws {
        let (login, auth, _) = await atHome()
        let home = try #require(login.home)
        let logout = Task { await home.logOut() }
        await auth.logOutCalls.waitForParkedCalls(1)
        let saved = try login.snapshot(at: date)
        await auth.logOutCalls.succeed()
        await logout.value(waitingFor: "the logout")

        let (back, newAuth, _) = try restored(saved)
        #expect(back.home?.presentsActivityIndicator == true)
        let resumed = Task { await back.resumedCallsEnded() }
        await newAuth.logOutCalls.waitForParkedCalls(1)
        await newAuth.logOutCalls.succeed()
        await resumed.value(waitingFor: "the resumed logout")
        #expect(back.state == .idle && back.home == nil && back.areInputsEnabled && back.id == "koher")
    }

    @Test("a passcode partly typed comes back with its digits, and goes on to submit the whole code once")
    func passcode() throws {
        let entry = PasscodeViewState(length: 4)
        entry.paste("12")
        let saved = try roundTrip(try entry.snapshot(at: date))
        let back = try PasscodeViewState(length: 4, restoring: saved, at: date)
        #expect(back.digits == "12" && back.state == .entered(2) && back.cells == ["1", "2", nil, nil])
        var submitted: [String] = []
        back.onSubmit = { submitted.append($0) }
        back.paste("345")
        #expect(submitted == ["1234"] && back.isComplete)
        // A complete code restored is not submitted again.
        let done = try PasscodeViewState(length: 4, restoring: try roundTrip(try back.snapshot(at: date)), at: date)
        done.onSubmit = { submitted.append($0) }
        done.type("9")
        #expect(done.completedCode == "1234" && submitted == ["1234"])
    }

    @Test("refusals: a machine changed since, another length, what a screen keeps missing or disagreeing, home missing")
    func refusals() throws {
        let login = LoginViewState(authService: ParkingAuthService(), userService: ParkingUserService())
        login.updateID("koher")
        var saved = try login.snapshot(at: date)
        var changed = saved
        changed.login.fingerprint = "0000000000000000"
        let error = #expect(throws: ScreenRestoreError.self) { try restored(changed) }
        #expect(error?.description.hasPrefix("cannot restore 'login': the machine changed since the snapshot was taken") == true)
        var noForm = saved
        noForm.login.context = nil
        #expect(throws: ScreenRestoreError.form(screen: "login", problem: "what it keeps beside its machine is missing")) { try restored(noForm) }
        saved.login.state = "atHome"
        #expect(throws: ScreenRestoreError.form(screen: "login", problem: "it is at home, but no home screen is saved")) { try restored(saved) }

        let entry = PasscodeViewState(length: 4)
        entry.paste("12")
        var digits = try entry.snapshot(at: date)
        #expect(throws: ScreenRestoreError.self) { try PasscodeViewState(length: 6, restoring: digits, at: date) }
        digits.context = try SnapshotValue(encoding: ["digits": "123"])
        #expect(throws: ScreenRestoreError.form(screen: "passcode", problem: "the digits saved do not agree with its state 'entered(2)'")) {
            try PasscodeViewState(length: 4, restoring: digits, at: date)
        }
    }
}
