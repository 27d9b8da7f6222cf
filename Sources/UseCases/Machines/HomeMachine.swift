import Entities
import FSM
import FSMMacros

/// What happens on the home screen: to the loading of the user and to logging out.
@MachineEvent
public enum HomeEvent {
    /// The screen appeared, or Reload was tapped.
    case startLoading
    /// The user was loaded: one column, whoever the user.
    case finishLoading(User)
    /// Loading failed: one column per kind of failure.
    @Expanded case failToLoad(HomeFailure)
    /// The alert was closed.
    case clearError
    /// The Logout button was tapped.
    case logOut
    /// The log-out call finished.
    case finishLogOut
}

/// What the home screen's view state performs, in the order the machine emits it.
@Finite
public enum HomeEffect {
    /// Call `UserServiceProtocol.currentUser()`.
    case callCurrentUser
    /// Show the alert of a failure.
    case showAlert(HomeFailure)
    /// Dismiss the home screen (back to login).
    case dismiss
    /// Show the activity indicator.
    case showActivityIndicator
    /// Call `AuthServiceProtocol.logOut()`.
    case callLogOut
    /// Hide the activity indicator.
    case hideActivityIndicator
}

/// Where the home screen is: one state of each region.
public struct HomeState: Hashable, Sendable, CustomStringConvertible {
    /// The loading of the user.
    public var loading: HomeLoadingState
    /// Logging out.
    public var logout: LogoutState

    /// Creates a home state.
    public init(loading: HomeLoadingState, logout: LogoutState) {
        self.loading = loading
        self.logout = logout
    }

    /// `(loading, logout)`, as tables show it: `(failure(network), loggingOut)`.
    public var description: String { "(\(loading), \(logout))" }
}

/// The `home` machine of the Login Challenge: loading the user parallel to logging out, as two
/// regions that each take every event.
public enum HomeMachine {
    /// The machine.
    public static let definition = MachineDefinition<HomeState, HomeEvent, HomeEffect, Void>(
        name: "home",
        summary: "The home screen: loading the user parallel to logging out.",
        initial: HomeState(loading: .waiting, logout: .idle),
        regions: Region("loading", \.loading, HomeLoadingMachine.definition), Region("logout", \.logout, LogoutMachine.definition)
    )
}
