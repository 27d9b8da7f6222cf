import Entities
import FSM
import Observation

/// The login screen's state: the texts, the flags the screen draws, the alert, and the home
/// screen when it is on top. One method per user action.
///
/// Every flag is computed from the `login` machine's state (``LoginMachine``); the view state
/// sends the machine one event per action and performs the effects it emits, in order.
/// An action the machine rejects changes nothing; ``lastRejection`` says why.
@MainActor
@Observable
public final class LoginViewState {
    /// The ID field's text.
    public private(set) var id: String = ""
    /// The password field's text.
    public private(set) var password: String = ""
    /// Why the last action was refused, if it was (cleared by the next accepted one).
    public private(set) var lastRejection: String?

    private var machine: Machine<LoginState, LoginEvent, LoginEffect, Credentials>
    private var presentedHome: HomeViewState?

    @ObservationIgnored private let authService: any AuthServiceProtocol
    @ObservationIgnored private let userService: any UserServiceProtocol
    /// Called with each effect as it is performed, in order (for logs and tests).
    @ObservationIgnored public var onEffect: (@MainActor (LoginEffect) -> Void)?

    /// Creates the login screen's state.
    /// - Parameters:
    ///   - authService: Logs in and out.
    ///   - userService: Passed on to each home screen.
    public init(authService: any AuthServiceProtocol, userService: any UserServiceProtocol) {
        self.authService = authService
        self.userService = userService
        do {
            machine = try Machine(LoginMachine.definition)
        } catch {
            preconditionFailure("the login machine is invalid: \(error)") // covered by its strict-validation test
        }
    }

    /// The machine's state.
    public var state: LoginState { machine.state }

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
        if accept(.edit) { id = text }
    }

    /// Sets the password field's text (refused, text unchanged, while the fields are disabled).
    public func updatePassword(_ text: String) {
        if accept(.edit) { password = text }
    }

    /// Taps Login: logs in with the raw texts and returns when the attempt is over (home
    /// shown, or an alert). Does nothing while a login is running or home is shown.
    public func logIn() async {
        await send(.logIn)
    }

    /// Closes the alert; the texts are kept.
    public func closeAlert() async {
        await send(.closeAlert)
    }

    private var credentials: Credentials { Credentials(id: id, password: password) }

    /// Sends an event whose effects are all immediate (an edit): whether it was accepted.
    private func accept(_ event: LoginEvent) -> Bool {
        guard let effects = transition(event) else { return false }
        if !effects.isEmpty { Task { await perform(effects) } }
        return true
    }

    private func send(_ event: LoginEvent) async {
        guard let effects = transition(event) else { return }
        await perform(effects)
    }

    private func transition(_ event: LoginEvent) -> [LoginEffect]? {
        machine.effects(of: event, context: credentials, rejection: &lastRejection)
    }

    private func perform(_ effects: [LoginEffect]) async {
        for effect in effects {
            onEffect?(effect)
            switch effect {
            case .disableInputs, .enableInputs, .showActivityIndicator, .hideActivityIndicator, .showAlert:
                break // drawn from the state: see areInputsEnabled, presentsActivityIndicator, alert
            case .callLogIn:
                do {
                    try await authService.logIn(id: User.ID(rawValue: id), password: password)
                    await send(.succeed)
                } catch {
                    await send(.fail(LoginFailure(error)))
                }
            case .presentHome:
                presentedHome = HomeViewState(authService: authService, userService: userService) { [weak self] home in
                    await self?.homeDismissed(home)
                }
            }
        }
    }

    /// Home dismissed itself (after logout or the authentication alert). A late dismissal
    /// from a home screen that is no longer on top is dropped.
    private func homeDismissed(_ home: HomeViewState) async {
        guard presentedHome === home, state == .atHome else { return }
        await send(.returnFromHome)
        presentedHome = nil
    }
}
