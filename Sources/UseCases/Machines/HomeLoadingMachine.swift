import Entities
import FSMMacros

/// The kinds of failure to load the user, one per alert of the home screen.
@Finite
public enum HomeFailure {
    /// Not logged in, or the token expired: closing the alert returns to the login screen.
    case authentication
    /// Communication failed (`NetworkError`).
    case network
    /// The server failed (`ServerError`).
    case server
    /// Anything else.
    case system
}

/// The author's `LoadingUserState`, made explicit.
@Finite
public enum HomeLoadingState {
    /// Not loading; Reload is enabled.
    case waiting
    /// The user is being loaded; Reload is disabled.
    case loading
    /// Loading failed; its alert is shown.
    case failure(HomeFailure)
    /// The screen is gone; late results are dropped.
    case dismissed
}

/// What happens to the loading of the user.
@MachineEvent
public enum HomeLoadingEvent {
    /// The screen appeared, or Reload was tapped.
    case startLoading
    /// The user was loaded: one column, whoever the user.
    case finishLoading(User)
    /// Loading failed: one column per kind of failure.
    @Expanded case failToLoad(HomeFailure)
    /// The alert was closed.
    case clearError
}

/// What the home screen's view state performs for the loading machine.
@Finite
public enum HomeLoadingEffect {
    /// Call `UserServiceProtocol.currentUser()`.
    case callCurrentUser
    /// Show the alert of a failure.
    case showAlert(HomeFailure)
    /// Dismiss the home screen (back to login).
    case dismiss
}

/// The `home-loading` machine of MACHINES.md.
public enum HomeLoadingMachine {
    /// The machine.
    public static let definition = MachineDefinition<HomeLoadingState, HomeLoadingEvent, HomeLoadingEffect, Void>(name: "home-loading",
        summary: "Loading the user on the home screen: one load at a time, an alert per failure, the authentication alert leads back to login.", initial: .waiting
    ) {
        In(.waiting) {
            On(.startLoading, to: .loading, emit: .callCurrentUser)
            IllegalOtherEvents()
        }
        In(.loading) {
            Ignore(.startLoading)
            On(.finishLoading, to: .waiting)
            for kind in HomeFailure.allCases {
                On(.failToLoad(kind), to: .failure(kind), emit: .showAlert(kind))
            }
            Illegal(.clearError)
        }
        for kind in HomeFailure.allCases {
            In(.failure(kind)) {
                let backToLogin = kind == .authentication
                On(.clearError, to: backToLogin ? .dismissed : .waiting, effects: backToLogin ? [.dismiss] : [])
                Ignore(.startLoading)
                IllegalOtherEvents()
            }
        }
        Final(.dismissed) { IgnoreOtherEvents() }
    }
}
