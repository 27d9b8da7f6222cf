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

/// The `home-loading` machine of the Login Challenge: the `loading` region of ``HomeMachine``.
public enum HomeLoadingMachine {
    /// The events of loading, in table order: a subset of the home screen's events.
    public static let events: [HomeEvent.Key] = [.startLoading, .finishLoading] + HomeFailure.allCases.map { .failToLoad($0) } + [.clearError]

    /// The machine.
    public static let definition = MachineDefinition<HomeLoadingState, HomeEvent, HomeEffect, Void>(name: "home-loading",
        summary: "Loading the user on the home screen: one load at a time, an alert per failure, the authentication alert leads back to login.",
        initial: .waiting, events: events
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
