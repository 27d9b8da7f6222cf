import Entities
import FSM
import Observation

/// The home screen's state: the user (or placeholders), the flags the screen draws, the
/// alert, and one method per user action.
///
/// Runs two independent machines side by side, ``HomeLoadingMachine`` and
/// ``LogoutMachine``; loading and logging out can overlap. Every flag is computed from
/// their states; effects are performed in the order the machines emit them.
///
/// A second Logout tap while logging out does nothing. (The original SwiftUI code meant
/// this but set its flag to `false` instead of `true`, so its guard never fired; this
/// implements the intent, as its UIKit variant does.)
@MainActor
@Observable
public final class HomeViewState {
    /// The placeholder introduction shown until the first successful load.
    public static let placeholderIntroduction = Array(repeating: "Introduction.", count: 6).joined(separator: " ")

    /// The user, once loaded. A later failed reload keeps it.
    public private(set) var user: User?
    /// Why the last action was refused, if it was (cleared by the next accepted one).
    public private(set) var lastRejection: String?

    private var loading: Machine<HomeLoadingState, HomeLoadingEvent, HomeLoadingEffect, Void>
    private var logout: Machine<LogoutState, LogoutEvent, LogoutEffect, Void>

    @ObservationIgnored private let authService: any AuthServiceProtocol
    @ObservationIgnored private let userService: any UserServiceProtocol
    @ObservationIgnored private let dismiss: @MainActor (HomeViewState) async -> Void
    /// Called with each effect of either machine as it is performed (for logs and tests).
    @ObservationIgnored public var onEffect: (@MainActor (String) -> Void)?

    /// Creates the home screen's state.
    /// - Parameters:
    ///   - authService: Logs out.
    ///   - userService: Loads the user.
    ///   - dismiss: Takes the screen away (back to login); called at most once.
    public init(authService: any AuthServiceProtocol, userService: any UserServiceProtocol, dismiss: @escaping @MainActor (HomeViewState) async -> Void) {
        self.authService = authService
        self.userService = userService
        self.dismiss = dismiss
        do {
            loading = try Machine(HomeLoadingMachine.definition)
            logout = try Machine(LogoutMachine.definition)
        } catch {
            preconditionFailure("a home machine is invalid: \(error)") // covered by their strict-validation tests
        }
    }

    /// The loading machine's state.
    public var loadingState: HomeLoadingState { loading.state }
    /// The logout machine's state.
    public var logoutState: LogoutState { logout.state }

    /// Whether the user is being loaded.
    public var isLoadingUser: Bool { loading.state == .loading }
    /// Whether Reload is enabled: not while loading.
    public var isReloadButtonEnabled: Bool { !isLoadingUser }
    /// Whether the activity indicator (of logging out) is shown.
    public var presentsActivityIndicator: Bool { logout.state == .loggingOut }
    /// Whether the screen has been dismissed.
    public var isDismissed: Bool { loading.state == .dismissed || logout.state == .loggedOut }

    /// The alert shown, if any.
    public var alert: Alert? {
        if case let .failure(kind) = loading.state { return kind.alert }
        return nil
    }

    /// The name shown: the user's, or `User Name`.
    public var displayedName: String { user?.name ?? "User Name" }
    /// The ID shown: `@` and the user's ID, or `@ididid`.
    public var displayedID: String { "@" + (user?.id.rawValue ?? "ididid") }
    /// The introduction shown: the user's, or ``placeholderIntroduction``.
    public var displayedIntroduction: String { user?.introduction ?? Self.placeholderIntroduction }

    /// The screen appeared: loads the user, returning when loading is over.
    public func load() async {
        await send(.startLoading)
    }

    /// Taps Reload: loads the user again. Does nothing while loading.
    public func reload() async {
        await send(.startLoading)
    }

    /// Closes the alert. After the authentication alert, dismisses the screen.
    public func closeAlert() async {
        await send(.clearError)
    }

    /// Taps Logout: logs out and dismisses the screen. Does nothing while logging out.
    public func logOut() async {
        await send(.logOut)
    }

    private func send(_ event: HomeLoadingEvent) async {
        let before = loading.state
        guard let effects = loading.effects(of: event, context: (), rejection: &lastRejection) else { return }
        // The user arrives with the event; a late one (the screen is gone) is dropped with it.
        if case let .finishLoading(user) = event, before == .loading { self.user = user }
        for effect in effects {
            onEffect?(effect.description)
            switch effect {
            case .callCurrentUser:
                do {
                    await send(.finishLoading(try await userService.currentUser()))
                } catch {
                    await send(.failToLoad(HomeFailure(error)))
                }
            case .showAlert:
                break // drawn from the state: see alert
            case .dismiss:
                if logout.state != .loggedOut { await dismiss(self) }
            }
        }
    }

    private func send(_ event: LogoutEvent) async {
        guard let effects = logout.effects(of: event, context: (), rejection: &lastRejection) else { return }
        for effect in effects {
            onEffect?(effect.description)
            switch effect {
            case .showActivityIndicator, .hideActivityIndicator:
                break // drawn from the state: see presentsActivityIndicator
            case .callLogOut:
                await authService.logOut()
                await send(.finishLogOut)
            case .dismiss:
                if loading.state != .dismissed { await dismiss(self) }
            }
        }
    }
}
