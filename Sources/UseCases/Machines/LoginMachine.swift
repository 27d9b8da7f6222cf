import Entities
import FSM

/// The kinds of login failure, one per alert of the login screen.
public enum LoginFailure: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Wrong ID or password (`LoginError`).
    case login
    /// Communication failed (`NetworkError`).
    case network
    /// The server failed (`ServerError`).
    case server
    /// Anything else.
    case system

    /// The kind of an error thrown by `AuthServiceProtocol.logIn(id:password:)`.
    public init(_ error: any Error) {
        switch error {
        case is LoginError: self = .login
        case is NetworkError: self = .network
        case is ServerError: self = .server
        default: self = .system
        }
    }

    /// The name machines, tables and diagrams use.
    public var description: String { rawValue }

    /// The position in ``allCases``.
    @inlinable
    public var index: Int {
        switch self {
        case .login: 0
        case .network: 1
        case .server: 2
        case .system: 3
        }
    }

    /// The alert of this failure on the login screen, verbatim.
    public var alert: Alert {
        switch self {
        case .login: Alert(title: "ログインエラー", message: "IDまたはパスワードが正しくありません。", buttonTitle: "閉じる")
        case .network: .network
        case .server: .server
        case .system: .system
        }
    }
}

/// The states of the login screen.
public enum LoginState: Hashable, Sendable, CustomStringConvertible {
    /// Waiting for input.
    case idle
    /// The log-in call is running.
    case loggingIn
    /// The log-in call failed; its alert is shown.
    case failed(LoginFailure)
    /// The home screen is on top.
    case atHome

    /// Every state, in declaration order.
    public static let allCases: [LoginState] = [.idle, .loggingIn] + LoginFailure.allCases.map(LoginState.failed) + [.atHome]

    /// `idle`, `loggingIn`, `failed(login)`, ...
    public var description: String {
        switch self {
        case .idle: "idle"
        case .loggingIn: "loggingIn"
        case let .failed(kind): "failed(\(kind))"
        case .atHome: "atHome"
        }
    }
}

/// What happens on the login screen.
public enum LoginEvent: MachineEvent, Hashable, Sendable, CaseIterable, CustomStringConvertible, DenseIndexed {
    /// The ID or the password was edited.
    case edit
    /// The Login button was tapped.
    case logIn
    /// The log-in call succeeded.
    case succeed
    /// The log-in call failed.
    case fail(LoginFailure)
    /// The alert was closed.
    case closeAlert
    /// The home screen was dismissed.
    case returnFromHome

    /// Every event, in declaration order.
    public static let allCases: [LoginEvent] = [.edit, .logIn, .succeed] + LoginFailure.allCases.map(LoginEvent.fail) + [.closeAlert, .returnFromHome]

    /// The event's position in ``allCases``, found without hashing.
    @inlinable
    public var denseIndex: Int {
        switch self {
        case .edit: 0
        case .logIn: 1
        case .succeed: 2
        case let .fail(kind): 3 + kind.index
        case .closeAlert: 7
        case .returnFromHome: 8
        }
    }

    /// `edit`, `logIn`, `fail(network)`, ...
    public var description: String {
        switch self {
        case .edit: "edit"
        case .logIn: "logIn"
        case .succeed: "succeed"
        case let .fail(kind): "fail(\(kind))"
        case .closeAlert: "closeAlert"
        case .returnFromHome: "returnFromHome"
        }
    }
}

/// What the login screen's view state performs, in the order the machine emits it.
public enum LoginEffect: Hashable, Sendable, CustomStringConvertible {
    /// Disable the text fields and the button.
    case disableInputs
    /// Enable the text fields and the button.
    case enableInputs
    /// Show the activity indicator.
    case showActivityIndicator
    /// Hide the activity indicator.
    case hideActivityIndicator
    /// Call `AuthServiceProtocol.logIn(id:password:)` with the raw texts.
    case callLogIn
    /// Show a fresh home screen.
    case presentHome
    /// Show the alert of a failure.
    case showAlert(LoginFailure)

    /// `disableInputs`, `showAlert(network)`, ...
    public var description: String {
        switch self {
        case .disableInputs: "disableInputs"
        case .enableInputs: "enableInputs"
        case .showActivityIndicator: "showActivityIndicator"
        case .hideActivityIndicator: "hideActivityIndicator"
        case .callLogIn: "callLogIn"
        case .presentHome: "presentHome"
        case let .showAlert(kind): "showAlert(\(kind))"
        }
    }
}

/// What the login machine's guard reads: the texts of the two fields, raw.
public struct Credentials: Sendable, Hashable {
    /// The ID field's text.
    public var id: String
    /// The password field's text.
    public var password: String

    /// Creates credentials.
    public init(id: String, password: String) {
        self.id = id
        self.password = password
    }
}

/// The `login` machine of MACHINES.md.
public enum LoginMachine {
    /// The definition's type.
    public typealias Definition = MachineDefinition<LoginState, LoginEvent, LoginEffect, Credentials>

    /// Both texts non-empty, not trimmed: a single space counts.
    public static let credentialsFilled = Guard<Credentials>("ID and password filled") { !$0.id.isEmpty && !$0.password.isEmpty }

    /// The machine.
    public static let definition = Definition(
        name: "login",
        summary: "The login screen: edit, log in (guarded), succeed or fail with one of four alerts, come back from home.",
        initial: .idle
    ) {
        In(.idle) {
            Internal(.edit)
            On(.logIn, to: .loggingIn, guard: credentialsFilled, emit: .disableInputs, .showActivityIndicator, .callLogIn)
            Illegal([.succeed] + LoginFailure.allCases.map(LoginEvent.fail) + [.closeAlert, .returnFromHome])
        }
        In(.loggingIn) {
            Ignore(.logIn)
            On(.succeed, to: .atHome, emit: .hideActivityIndicator, .presentHome)
            for kind in LoginFailure.allCases {
                On(.fail(kind), to: .failed(kind), emit: .hideActivityIndicator, .enableInputs, .showAlert(kind))
            }
            Illegal(.edit, .closeAlert, .returnFromHome)
        }
        for kind in LoginFailure.allCases {
            In(.failed(kind)) {
                On(.closeAlert, to: .idle)
                Illegal([.edit, .logIn, .succeed] + LoginFailure.allCases.map(LoginEvent.fail) + [.returnFromHome])
            }
        }
        In(.atHome) {
            Ignore(.logIn)
            On(.returnFromHome, to: .idle, emit: .enableInputs)
            Illegal([.edit, .succeed] + LoginFailure.allCases.map(LoginEvent.fail) + [.closeAlert])
        }
    }
}
