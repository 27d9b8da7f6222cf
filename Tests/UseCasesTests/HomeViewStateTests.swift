import Entities
import FSMCoverage
import Testing
import TestSupport
import UseCases

@MainActor
private final class DismissRecorder {
    var count = 0
}

@MainActor
private func makeHome() -> (HomeViewState, ParkingAuthService, ParkingUserService, DismissRecorder) {
    let auth = ParkingAuthService()
    let users = ParkingUserService()
    let recorder = DismissRecorder()
    let home = HomeViewState(authService: auth, userService: users, recorder: BehaviourCoverage.recorder) { _ in recorder.count += 1 }
    return (home, auth, users, recorder)
}

@MainActor
@Suite("HomeViewState")
struct HomeViewStateTests {
    @Test("placeholders until the first load")
    func placeholders() {
        let (home, _, _, _) = makeHome()
        #expect(home.displayedName == "User Name")
        #expect(home.displayedID == "@ididid")
        #expect(home.displayedIntroduction == "Introduction. Introduction. Introduction. Introduction. Introduction. Introduction.")
        #expect(home.isReloadButtonEnabled)
        #expect(!home.presentsActivityIndicator)
    }

    @Test("loading on appear: reload disabled and ignored while loading, then the user is shown")
    func loadOnAppear() async {
        let (home, _, users, _) = makeHome()
        let load = Task { await home.load() }
        await users.calls.waitForParkedCalls(1)
        #expect(home.isLoadingUser)
        #expect(!home.isReloadButtonEnabled)
        await home.reload()
        #expect(await users.calls.callCount == 1)
        await users.calls.resume(with: .success(koher))
        await load.value(waitingFor: "the load task to end")
        #expect(!home.isLoadingUser && home.isReloadButtonEnabled)
        #expect(home.displayedName == "Yuta Koshizawa")
        #expect(home.displayedID == "@koher")
        #expect(home.displayedIntroduction == "ソフトウェアエンジニア。")
    }

    @Test("each error kind raises its own alert, verbatim; a failed reload keeps the old user", arguments: [
        (NetworkError(cause: GeneralError(message: "Timeout.")) as any Error, HomeFailure.network, "ネットワークエラー", "通信に失敗しました。ネットワークの状態を確認して下さい。"),
        (ServerError.internal(cause: GeneralError(message: "Rate limit exceeded.")), .server, "サーバーエラー", "しばらくしてからもう一度お試し下さい。"),
        (GeneralError(message: "System error."), .system, "システムエラー", "エラーが発生しました。"),
        (SomeOtherError(), .system, "システムエラー", "エラーが発生しました。"),
    ])
    func alerts(error: any Error, kind: HomeFailure, title: String, message: String) async {
        let (home, _, users, recorder) = makeHome()
        let load = Task { await home.load() }
        await users.calls.waitForParkedCalls(1)
        await users.calls.resume(with: .success(koher))
        await load.value(waitingFor: "the load task to end")
        let reload = Task { await home.reload() }
        await users.calls.waitForParkedCalls(1)
        await users.calls.resume(with: .failure(error))
        await reload.value(waitingFor: "the reload task to end")
        #expect(home.loadingState == .failure(kind))
        #expect(home.alert == Alert(title: title, message: message, buttonTitle: "閉じる"))
        #expect(home.user == koher)
        await home.reload()                       // the alert is modal: ignored
        #expect(await users.calls.callCount == 2)
        await home.closeAlert()
        #expect(home.loadingState == .waiting)
        #expect(home.alert == nil)
        #expect(recorder.count == 0)
        #expect(home.displayedName == "Yuta Koshizawa")
    }

    @Test("the authentication alert says OK, and OK dismisses the screen")
    func authentication() async {
        let (home, _, users, recorder) = makeHome()
        let load = Task { await home.load() }
        await users.calls.waitForParkedCalls(1)
        await users.calls.resume(with: .failure(AuthenticationError()))
        await load.value(waitingFor: "the load task to end")
        #expect(home.alert == Alert(title: "認証エラー", message: "再度ログインして下さい。", buttonTitle: "OK"))
        #expect(recorder.count == 0)
        await home.closeAlert()
        #expect(home.loadingState == .dismissed)
        #expect(home.isDismissed)
        #expect(recorder.count == 1)
        await home.reload()                       // the screen is gone: dropped
        #expect(await users.calls.callCount == 1)
    }

    @Test("logout shows the indicator, a second logout does nothing, then the screen is dismissed")
    func logout() async {
        let (home, auth, _, recorder) = makeHome()
        let logout = Task { await home.logOut() }
        await auth.logOutCalls.waitForParkedCalls(1)
        #expect(home.presentsActivityIndicator)
        await home.logOut()
        #expect(await auth.logOutCalls.callCount == 1)
        await auth.logOutCalls.succeed()
        await logout.value(waitingFor: "the logout task to end")
        #expect(!home.presentsActivityIndicator)
        #expect(home.logoutState == .loggedOut)
        #expect(recorder.count == 1)
    }

    @Test("loading and logout overlap; the late user of a dismissed screen is dropped")
    func overlap() async {
        let (home, auth, users, recorder) = makeHome()
        let load = Task { await home.load() }
        await users.calls.waitForParkedCalls(1)
        let logout = Task { await home.logOut() }
        await auth.logOutCalls.waitForParkedCalls(1)
        #expect(home.isLoadingUser && home.presentsActivityIndicator)
        await auth.logOutCalls.succeed()
        await logout.value(waitingFor: "the logout task to end")
        #expect(recorder.count == 1)
        #expect(home.isLoadingUser)
        await users.calls.resume(with: .success(koher))
        await load.value(waitingFor: "the load task to end")
        #expect(home.loadingState == .waiting)
        #expect(recorder.count == 1)
    }

    @Test("the authentication alert after a logout does not dismiss twice")
    func noDoubleDismissal() async {
        let (home, auth, users, recorder) = makeHome()
        let load = Task { await home.load() }
        await users.calls.waitForParkedCalls(1)
        let logout = Task { await home.logOut() }
        await auth.logOutCalls.waitForParkedCalls(1)
        await auth.logOutCalls.succeed()
        await logout.value(waitingFor: "the logout task to end")
        await users.calls.resume(with: .failure(AuthenticationError()))
        await load.value(waitingFor: "the load task to end")
        await home.closeAlert()
        #expect(home.loadingState == .dismissed)
        #expect(recorder.count == 1)
    }

    @Test("logging out under an alert: the alert closes while logging out, or outlives the logout; a load after it still answers", arguments: [
        (NetworkError(cause: GeneralError(message: "Timeout.")) as any Error, HomeFailure.network),
        (ServerError.internal(cause: GeneralError(message: "Rate limit exceeded.")), .server),
        (GeneralError(message: "System error."), .system),
    ])
    func logoutUnderAlert(error: any Error, kind: HomeFailure) async {
        // The alert closed while logging out.
        do {
            let (home, auth, users, recorder) = makeHome()
            let load = Task { await home.load() }
            await users.calls.waitForParkedCalls(1)
            await users.calls.resume(with: .failure(error))
            await load.value(waitingFor: "the load task to end")
            let logout = Task { await home.logOut() }
            await auth.logOutCalls.waitForParkedCalls(1)
            #expect(home.loadingState == .failure(kind) && home.logoutState == .loggingOut)
            #expect(home.alert != nil && home.presentsActivityIndicator)
            await home.closeAlert()
            #expect(home.loadingState == .waiting && home.alert == nil && home.presentsActivityIndicator)
            await auth.logOutCalls.succeed()
            await logout.value(waitingFor: "the logout task to end")
            #expect(home.isDismissed && recorder.count == 1)
        }
        // The logout ends first: the alert stays until closed; the screen is dismissed once.
        do {
            let (home, auth, users, recorder) = makeHome()
            let load = Task { await home.load() }
            await users.calls.waitForParkedCalls(1)
            await users.calls.resume(with: .failure(error))
            await load.value(waitingFor: "the load task to end")
            let logout = Task { await home.logOut() }
            await auth.logOutCalls.waitForParkedCalls(1)
            await auth.logOutCalls.succeed()
            await logout.value(waitingFor: "the logout task to end")
            #expect(home.loadingState == .failure(kind) && home.logoutState == .loggedOut && home.alert != nil)
            await home.closeAlert()
            #expect(home.loadingState == .waiting && home.alert == nil && recorder.count == 1)
            // A load on the dismissed screen still runs to its end (its answer is dropped with it).
            let late = Task { await home.load() }
            await users.calls.waitForParkedCalls(1)
            await users.calls.resume(with: .failure(error))
            await late.value(waitingFor: "the late load task to end")
            #expect(home.loadingState == .failure(kind) && recorder.count == 1)
        }
    }

    @Test("after the authentication alert dismissed the screen, a logout still logs out")
    func logoutAfterAuthentication() async {
        let (home, auth, users, recorder) = makeHome()
        let load = Task { await home.load() }
        await users.calls.waitForParkedCalls(1)
        await users.calls.resume(with: .failure(AuthenticationError()))
        await load.value(waitingFor: "the load task to end")
        await home.closeAlert()
        #expect(home.loadingState == .dismissed && recorder.count == 1)
        let logout = Task { await home.logOut() }
        await auth.logOutCalls.waitForParkedCalls(1)
        #expect(home.logoutState == .loggingOut)
        await auth.logOutCalls.succeed()
        await logout.value(waitingFor: "the logout task to end")
        #expect(home.logoutState == .loggedOut && recorder.count == 1)
    }
}
