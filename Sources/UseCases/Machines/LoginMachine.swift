import FSMMacros

/// The kinds of login failure, one per alert of the login screen.
@Finite
public enum LoginFailure {
    /// Wrong ID or password (`LoginError`).
    case login
    /// Communication failed (`NetworkError`).
    case network
    /// The server failed (`ServerError`).
    case server
    /// Anything else.
    case system
}

/// The states of the login screen.
@Finite
public enum LoginState {
    /// Waiting for input.
    case idle
    /// The log-in call is running.
    case loggingIn
    /// The log-in call failed; its alert is shown.
    case failed(LoginFailure)
    /// The home screen is on top.
    case atHome
}

/// What happens on the login screen.
@MachineEvent
public enum LoginEvent {
    /// The ID or the password was edited.
    case edit
    /// The Login button was tapped.
    case logIn
    /// The log-in call succeeded.
    case succeed
    /// The log-in call failed: one column per kind of failure.
    @Expanded case fail(LoginFailure)
    /// The alert was closed.
    case closeAlert
    /// The home screen was dismissed.
    case returnFromHome
}

/// What the login screen's view state performs, in the order the machine emits it.
@Finite
public enum LoginEffect {
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

/// The `login` machine of the Login Challenge.
public enum LoginMachine {
    /// Both texts non-empty, not trimmed: a single space counts.
    public static let credentialsFilled = Guard<Credentials>("ID and password filled") { !$0.id.isEmpty && !$0.password.isEmpty }

    /// The machine.
    public static let definition = MachineDefinition<LoginState, LoginEvent, LoginEffect, Credentials>(name: "login",
        summary: "The login screen: edit, log in (guarded), succeed or fail with one of four alerts, come back from home.", initial: .idle
    ) {
        In(.idle) {
            Internal(.edit)
            On(.logIn, to: .loggingIn, guard: credentialsFilled, emit: .disableInputs, .showActivityIndicator, .callLogIn)
            IllegalOtherEvents()
        }
        In(.loggingIn) {
            Ignore(.logIn)
            On(.succeed, to: .atHome, emit: .hideActivityIndicator, .presentHome)
            for kind in LoginFailure.allCases {
                On(.fail(kind), to: .failed(kind), emit: .hideActivityIndicator, .enableInputs, .showAlert(kind))
            }
            Illegal(.edit, .closeAlert, .returnFromHome)
        }
        // The four alerts share what they do: declared once, on their parent.
        Parent("failed") {
            On(.closeAlert, to: .idle)
            IllegalOtherEvents()
        } children: {
            for kind in LoginFailure.allCases { In(.failed(kind)) }
        }
        In(.atHome) {
            Ignore(.logIn)
            On(.returnFromHome, to: .idle, emit: .enableInputs)
            IllegalOtherEvents()
        }
    }
}
