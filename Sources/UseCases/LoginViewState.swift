import Entities
import Foundation
import FSM
import FSMCoverage
import FSMPersistence
import FSMRuntime
import Observation

/// The login screen's state: the texts, the flags the screen draws, the alert, and the home
/// screen when it is on top. One method per user action.
///
/// Every flag is computed from the `login` machine's state (``LoginMachine``), which runs on a
/// `MachineRuntime`: the view state sends it one event per action and performs the effects it
/// emits, in order; the log-in call runs alongside (`send.later`), its answer comes back as an
/// event. An action the machine rejects changes nothing; ``lastRejection`` says why.
@MainActor
@Observable
public final class LoginViewState {
    /// The ID field's text.
    public private(set) var id: String = ""
    /// The password field's text.
    public private(set) var password: String = ""
    /// Why the last action was refused, if it was (cleared by the next accepted one).
    public private(set) var lastRejection: String?

    private var presentedHome: HomeViewState?

    /// Whether this screen was restored waiting for a login whose call died with the process
    /// (the password is never saved, so it was not sent again: see
    /// ``init(authService:userService:recorder:restoring:at:)``).
    public private(set) var lostLoginOnRestore = false
    /// Whether the next `callLogIn` is the resumption of that lost login.
    @ObservationIgnored private var resendingLostLogin = false

    private typealias Runtime = MachineRuntime<LoginState, LoginEvent, LoginEffect, Credentials>
    @ObservationIgnored private let runtime: Runtime
    @ObservationIgnored private let authService: any AuthServiceProtocol
    @ObservationIgnored private let userService: any UserServiceProtocol
    /// Where the machines of this screen and of the home screens it presents report, if anywhere.
    @ObservationIgnored private let recorder: CoverageRecorder?
    /// Called with each effect as it is performed, in order (for logs and tests).
    @ObservationIgnored public var onEffect: (@MainActor (LoginEffect) -> Void)?

    /// Creates the login screen's state.
    /// - Parameters:
    ///   - authService: Logs in and out.
    ///   - userService: Passed on to each home screen.
    ///   - recorder: Where this screen's machine, and those of the home screens it presents,
    ///     report what they do, for coverage (tests); `nil` records nothing.
    public convenience init(authService: any AuthServiceProtocol, userService: any UserServiceProtocol, recorder: CoverageRecorder? = nil) {
        let owner = Owner<LoginViewState>()
        let runtime = Runtime.viewState(LoginMachine.definition, recorder: recorder, context: { owner.value?.credentials ?? Credentials(id: "", password: "") }) { effect, send in
            owner.value?.perform(effect, send)
        }
        self.init(authService: authService, userService: userService, recorder: recorder, owner: owner, runtime: runtime)
    }

    /// The login screen (and the home screen on top of it) put back where `snapshot` says,
    /// without running anything but the call a `loggingIn` screen was waiting for (see
    /// ``snapshot(at:)``): the ID as typed, the password field empty.
    ///
    /// The call that was running when the snapshot was taken died with the process, and its
    /// password was not saved: it cannot be sent again. A screen saved `loggingIn` is told so
    /// at once, as the machine is told of a call cut on the network (`fail(network)`): the
    /// network alert, inputs enabled, the ID kept; the password is typed again.
    /// ``lostLoginOnRestore`` says it happened. A home screen saved loading the user, or
    /// logging out, sends its call again.
    ///
    /// - Parameters:
    ///   - snapshot: What ``snapshot(at:)`` returned, in this process or another.
    ///   - date: Now, on the wall clock.
    /// - Throws: ``ScreenRestoreError`` when a machine's snapshot does not fit its machine
    ///   (another format, a machine changed since), or what a screen keeps is missing.
    public convenience init(
        authService: any AuthServiceProtocol, userService: any UserServiceProtocol, recorder: CoverageRecorder? = nil,
        restoring snapshot: LoginScreenSnapshot, at date: Date = Date()
    ) throws(ScreenRestoreError) {
        let form = try ScreenRestoreError.form(LoginForm.self, of: snapshot.login, screen: "login")
        let owner = Owner<LoginViewState>()
        let runtime = try Runtime.restoredViewState(
            LoginMachine.definition, recorder: recorder, restoring: snapshot.login, at: date,
            context: { owner.value?.credentials ?? Credentials(id: "", password: "") }, resuming: { $0 == .loggingIn ? [.callLogIn] : [] }
        ) { effect, send in
            owner.value?.perform(effect, send)
        }
        var home: HomeViewState?
        switch (runtime.state == .atHome, snapshot.home) {
        case let (true, saved?):
            home = try HomeViewState(authService: authService, userService: userService, recorder: recorder, restoring: saved, at: date) { home in
                await owner.value?.homeDismissed(home)
            }
        case (true, nil):
            throw .form(screen: "login", problem: "it is at home, but no home screen is saved")
        case (false, _?):
            throw .form(screen: "login", problem: "a home screen is saved, but the login screen is not at home")
        case (false, nil):
            break
        }
        self.init(authService: authService, userService: userService, recorder: recorder, owner: owner, runtime: runtime)
        id = form.id
        presentedHome = home
        lostLoginOnRestore = runtime.state == .loggingIn
        resendingLostLogin = lostLoginOnRestore
        if let home, home.isDismissed {
            // Saved after the home screen was done but before the login screen took it away.
            Task { [weak self] in await self?.homeDismissed(home) }
        }
    }

    private init(
        authService: any AuthServiceProtocol, userService: any UserServiceProtocol, recorder: CoverageRecorder?, owner: Owner<LoginViewState>,
        runtime: Runtime
    ) {
        self.authService = authService
        self.userService = userService
        self.recorder = recorder
        self.runtime = runtime
        owner.value = self
        runtime.onRejection = { owner.value?.lastRejection = $0.description }
        runtime.onTransition = { _, _ in owner.value?.lastRejection = nil }
    }

    /// The screen saved by names, to be restored after the app is killed (see
    /// ``LoginScreenSnapshot``): its machine with the ID typed, and the home screen on top of
    /// it if there is one. The password is not saved.
    /// - Parameter date: Now, on the wall clock.
    /// - Throws: ``FSMPersistence/SnapshotError`` when asked in the middle of a step, or
    ///   when an event is queued that cannot be written.
    public func snapshot(at date: Date = Date()) throws -> LoginScreenSnapshot {
        let login = try runtime.snapshot(at: date, context: SnapshotValue(encoding: LoginForm(id: id)))
        return LoginScreenSnapshot(login: login, home: try home?.snapshot(at: date))
    }

    /// After a restore: returns once the calls the screens sent again have ended (the lost
    /// login told so; a home screen's user loaded or failed; a logout over and the login
    /// screen back on top), as a tap's method returns when what it led to is over.
    public func resumedCallsEnded() async {
        await runtime.settle()
        // Only while the home screen is on top: one already taken away (its loading dismissed
        // it while its logout was running) brings no transition to wait for.
        if let home, state == .atHome, home.logoutState == .loggingOut {
            for await _ in runtime.transitions() where state != .atHome { break }
        }
        await home?.settle()
    }

    /// The machine's state.
    public var state: LoginState { runtime.state }

    /// Whether the text fields accept input: when idle, and under a failure's alert.
    public var areInputsEnabled: Bool {
        switch state {
        case .idle, .failed: true
        case .loggingIn, .atHome: false
        }
    }

    /// Whether the Login button is enabled: inputs enabled and both texts non-empty
    /// (the machine's guard "ID and password filled"; a single space counts).
    public var isLoginButtonEnabled: Bool {
        areInputsEnabled && LoginMachine.credentialsFilled(credentials)
    }

    /// Whether the activity indicator is shown.
    public var presentsActivityIndicator: Bool { state == .loggingIn }

    /// The alert shown, if any.
    public var alert: Alert? {
        if case let .failed(kind) = state { return kind.alert }
        return nil
    }

    /// The home screen while it is on top: a fresh one after each successful login.
    public var home: HomeViewState? { state == .atHome ? presentedHome : nil }

    /// Sets the ID field's text (refused, text unchanged, while the fields are disabled).
    public func updateID(_ text: String) {
        if runtime.send(.edit) == .taken { id = text }
    }

    /// Sets the password field's text (refused, text unchanged, while the fields are disabled).
    public func updatePassword(_ text: String) {
        if runtime.send(.edit) == .taken { password = text }
    }

    /// Taps Login: logs in with the raw texts and returns when the attempt is over (home
    /// shown, or an alert). Does nothing while a login is running or home is shown.
    public func logIn() async {
        await runtime.sendAndWait(.logIn)
    }

    /// Closes the alert; the texts are kept.
    public func closeAlert() async {
        await runtime.sendAndWait(.closeAlert)
    }

    private var credentials: Credentials { Credentials(id: id, password: password) }

    private func perform(_ effect: LoginEffect, _ send: Runtime.Send) {
        onEffect?(effect)
        switch effect {
        case .disableInputs, .enableInputs, .showActivityIndicator, .hideActivityIndicator, .showAlert:
            break // drawn from the state: see areInputsEnabled, presentsActivityIndicator, alert
        case .callLogIn where resendingLostLogin:
            // Resuming a login whose call died with the process: its password is not known.
            resendingLostLogin = false
            send.later { .fail(LoginFailure(NetworkError(cause: GeneralError(message: "The app was quit while logging in.")))) }
        case .callLogIn:
            let (authService, id, password) = (authService, id, password)
            send.later {
                do {
                    try await authService.logIn(id: User.ID(rawValue: id), password: password)
                    return .succeed
                } catch {
                    return .fail(LoginFailure(error))
                }
            }
        case .presentHome:
            presentedHome = HomeViewState(authService: authService, userService: userService, recorder: recorder) { [weak self] home in
                await self?.homeDismissed(home)
            }
        }
    }

    /// Home dismissed itself (after logout or the authentication alert). A late dismissal
    /// from a home screen that is no longer on top is dropped.
    private func homeDismissed(_ home: HomeViewState) async {
        guard presentedHome === home, state == .atHome else { return }
        await runtime.sendAndWait(.returnFromHome)
        presentedHome = nil
    }
}
