import Entities
import FSM
import FSMCoverage
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

    @ObservationIgnored private let runtime: MachineRuntime<LoginState, LoginEvent, LoginEffect, Credentials>
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
    public init(authService: any AuthServiceProtocol, userService: any UserServiceProtocol, recorder: CoverageRecorder? = nil) {
        self.authService = authService
        self.userService = userService
        self.recorder = recorder
        let owner = Owner<LoginViewState>()
        runtime = .viewState(LoginMachine.definition, recorder: recorder, context: { owner.value?.credentials ?? Credentials(id: "", password: "") }) { effect, send in
            owner.value?.perform(effect, send)
        }
        owner.value = self
        runtime.onRejection = { owner.value?.lastRejection = $0.description }
        runtime.onTransition = { _, _ in owner.value?.lastRejection = nil }
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

    private func perform(_ effect: LoginEffect, _ send: MachineRuntime<LoginState, LoginEvent, LoginEffect, Credentials>.Send) {
        onEffect?(effect)
        switch effect {
        case .disableInputs, .enableInputs, .showActivityIndicator, .hideActivityIndicator, .showAlert:
            break // drawn from the state: see areInputsEnabled, presentsActivityIndicator, alert
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
