import FSM

/// The states of logging out.
public enum LogoutState: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Not logging out.
    case idle
    /// The log-out call is running; the activity indicator is shown.
    case loggingOut
    /// Logged out; the screen is gone.
    case loggedOut

    /// The name machines, tables and diagrams use.
    public var description: String { rawValue }
}

/// What happens to logging out.
public enum LogoutEvent: String, MachineEvent, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The Logout button was tapped.
    case logOut
    /// The log-out call finished.
    case finishLogOut

    /// The name machines, tables and diagrams use.
    public var description: String { rawValue }
}

/// What the home screen's view state performs for the logout machine.
public enum LogoutEffect: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Show the activity indicator.
    case showActivityIndicator
    /// Call `AuthServiceProtocol.logOut()`.
    case callLogOut
    /// Hide the activity indicator.
    case hideActivityIndicator
    /// Dismiss the home screen (back to login).
    case dismiss

    /// The name machines, tables and diagrams use.
    public var description: String { rawValue }
}

/// The `logout` machine of MACHINES.md.
///
/// A second Logout tap while logging out is ignored. The original SwiftUI code meant this
/// but set its flag to `false` instead of `true`, so its guard never fired; its UIKit variant
/// gets it right. This machine implements the intent.
public enum LogoutMachine {
    /// The definition's type.
    public typealias Definition = MachineDefinition<LogoutState, LogoutEvent, LogoutEffect, Void>

    /// The machine.
    public static let definition = Definition(
        name: "logout",
        summary: "Logging out from the home screen: a second tap while logging out is ignored.",
        initial: .idle
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
