import FSMMacros

/// The states of logging out.
@Finite
public enum LogoutState {
    /// Not logging out.
    case idle
    /// The log-out call is running; the activity indicator is shown.
    case loggingOut
    /// Logged out; the screen is gone.
    case loggedOut
}

/// What happens to logging out.
@MachineEvent
public enum LogoutEvent {
    /// The Logout button was tapped.
    case logOut
    /// The log-out call finished.
    case finishLogOut
}

/// What the home screen's view state performs for the logout machine.
@Finite
public enum LogoutEffect {
    /// Show the activity indicator.
    case showActivityIndicator
    /// Call `AuthServiceProtocol.logOut()`.
    case callLogOut
    /// Hide the activity indicator.
    case hideActivityIndicator
    /// Dismiss the home screen (back to login).
    case dismiss
}

/// The `logout` machine of MACHINES.md.
///
/// A second Logout tap while logging out is ignored. The original SwiftUI code meant this
/// but set its flag to `false` instead of `true`, so its guard never fired; its UIKit variant
/// gets it right. This machine implements the intent.
public enum LogoutMachine {
    /// The machine.
    public static let definition = MachineDefinition<LogoutState, LogoutEvent, LogoutEffect, Void>(name: "logout",
        summary: "Logging out from the home screen: a second tap while logging out is ignored.", initial: .idle
    ) {
        In(.idle) {
            On(.logOut, to: .loggingOut, emit: .showActivityIndicator, .callLogOut)
            Illegal(.finishLogOut)
        }
        In(.loggingOut) {
            Ignore(.logOut)
            On(.finishLogOut, to: .loggedOut, emit: .hideActivityIndicator, .dismiss)
        }
        Final(.loggedOut) { IgnoreOtherEvents() }
    }
}
