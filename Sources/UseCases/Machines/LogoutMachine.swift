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

/// The `logout` machine of the Login Challenge: the `logout` region of ``HomeMachine``.
///
/// A second Logout tap while logging out is ignored. The original SwiftUI code meant this
/// but set its flag to `false` instead of `true`, so its guard never fired; its UIKit variant
/// gets it right. This machine implements the intent.
public enum LogoutMachine {
    /// The events of logging out, in table order: a subset of the home screen's events.
    public static let events: [HomeEvent.Key] = [.logOut, .finishLogOut]

    /// The machine.
    public static let definition = MachineDefinition<LogoutState, HomeEvent, HomeEffect, Void>(name: "logout",
        summary: "Logging out from the home screen: a second tap while logging out is ignored.", initial: .idle, events: events
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
