import Entities
import FSM

/// The kinds of failure to load the user, one per alert of the home screen.
public enum HomeFailure: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Not logged in, or the token expired (`AuthenticationError`): closing the alert
    /// returns to the login screen.
    case authentication
    /// Communication failed (`NetworkError`).
    case network
    /// The server failed (`ServerError`).
    case server
    /// Anything else.
    case system

    /// The kind of an error thrown by `UserServiceProtocol.currentUser()`.
    public init(_ error: any Error) {
        switch error {
        case is AuthenticationError: self = .authentication
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
        case .authentication: 0
        case .network: 1
        case .server: 2
        case .system: 3
        }
    }

    /// The alert of this failure on the home screen, verbatim.
    public var alert: Alert {
        switch self {
        case .authentication: Alert(title: "認証エラー", message: "再度ログインして下さい。", buttonTitle: "OK")
        case .network: .network
        case .server: .server
        case .system: .system
        }
    }
}

/// The author's `LoadingUserState`, made explicit.
public enum HomeLoadingState: Hashable, Sendable, CustomStringConvertible {
    /// Not loading; Reload is enabled.
    case waiting
    /// The user is being loaded; Reload is disabled.
    case loading
    /// Loading failed; its alert is shown.
    case failure(HomeFailure)
    /// The screen is gone; late results are dropped.
    case dismissed

    /// Every state, in declaration order.
    public static let allCases: [HomeLoadingState] = [.waiting, .loading] + HomeFailure.allCases.map(HomeLoadingState.failure) + [.dismissed]

    /// `waiting`, `failure(network)`, ...
    public var description: String {
        switch self {
        case .waiting: "waiting"
        case .loading: "loading"
        case let .failure(kind): "failure(\(kind))"
        case .dismissed: "dismissed"
        }
    }
}

/// What happens to the loading of the user.
public enum HomeLoadingEvent: MachineEvent, Hashable, Sendable, CaseIterable, CustomStringConvertible, DenseIndexed {
    /// The screen appeared, or Reload was tapped.
    case startLoading
    /// The user was loaded.
    case finishLoading
    /// Loading failed.
    case failToLoad(HomeFailure)
    /// The alert was closed.
    case clearError

    /// Every event, in declaration order.
    public static let allCases: [HomeLoadingEvent] = [.startLoading, .finishLoading] + HomeFailure.allCases.map(HomeLoadingEvent.failToLoad) + [.clearError]

    /// The event's position in ``allCases``, found without hashing.
    @inlinable
    public var denseIndex: Int {
        switch self {
        case .startLoading: 0
        case .finishLoading: 1
        case let .failToLoad(kind): 2 + kind.index
        case .clearError: 6
        }
    }

    /// `startLoading`, `failToLoad(network)`, ...
    public var description: String {
        switch self {
        case .startLoading: "startLoading"
        case .finishLoading: "finishLoading"
        case let .failToLoad(kind): "failToLoad(\(kind))"
        case .clearError: "clearError"
        }
    }
}

/// What the home screen's view state performs for the loading machine.
public enum HomeLoadingEffect: Hashable, Sendable, CustomStringConvertible {
    /// Call `UserServiceProtocol.currentUser()`.
    case callCurrentUser
    /// Show the alert of a failure.
    case showAlert(HomeFailure)
    /// Dismiss the home screen (back to login).
    case dismiss

    /// `callCurrentUser`, `showAlert(network)`, `dismiss`.
    public var description: String {
        switch self {
        case .callCurrentUser: "callCurrentUser"
        case let .showAlert(kind): "showAlert(\(kind))"
        case .dismiss: "dismiss"
        }
    }
}

/// The `home-loading` machine of MACHINES.md.
public enum HomeLoadingMachine {
    /// The definition's type.
    public typealias Definition = MachineDefinition<HomeLoadingState, HomeLoadingEvent, HomeLoadingEffect, Void>

    private static let failures = HomeFailure.allCases.map(HomeLoadingEvent.failToLoad)

    /// The machine.
    public static let definition = Definition(
        name: "home-loading",
        summary: "Loading the user on the home screen: one load at a time, an alert per failure, the authentication alert leads back to login.",
        initial: .waiting
    ) {
        In(.waiting) {
            On(.startLoading, to: .loading, emit: .callCurrentUser)
            Illegal([.finishLoading] + failures + [.clearError])
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
                if kind == .authentication {
                    On(.clearError, to: .dismissed, emit: .dismiss)
                } else {
                    On(.clearError, to: .waiting)
                }
                Ignore(.startLoading)
                Illegal([.finishLoading] + failures)
            }
        }
        Final(.dismissed) { IgnoreOtherEvents() }
    }
}
