import Entities
import FSM
import Observation

/// The home screen's state: the user (or placeholders), the flags the screen draws, the
/// alert, and one method per user action.
///
/// Runs ``HomeMachine``: loading the user (``HomeLoadingMachine``) parallel to logging out
/// (``LogoutMachine``), two regions of one machine; loading and logging out can overlap.
/// Every flag is computed from its state; effects are performed in the order it emits them.
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

    private var machine: Machine<HomeState, HomeEvent, HomeEffect, Void>

    @ObservationIgnored private let authService: any AuthServiceProtocol
    @ObservationIgnored private let userService: any UserServiceProtocol
    @ObservationIgnored private let dismiss: @MainActor (HomeViewState) async -> Void
    /// Called with each effect of the machine as it is performed (for logs and tests).
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
            machine = try Machine(HomeMachine.definition)
        } catch {
            preconditionFailure("the home machine is invalid: \(error)") // covered by its strict-validation test
        }
    }

    /// The machine's state: one state of each region.
    public var state: HomeState { machine.state }
    /// The loading region's state.
    public var loadingState: HomeLoadingState { machine.state.loading }
    /// The logout region's state.
    public var logoutState: LogoutState { machine.state.logout }

    /// Whether the user is being loaded.
    public var isLoadingUser: Bool { loadingState == .loading }
    /// Whether Reload is enabled: not while loading.
    public var isReloadButtonEnabled: Bool { !isLoadingUser }
    /// Whether the activity indicator (of logging out) is shown.
    public var presentsActivityIndicator: Bool { logoutState == .loggingOut }
    /// Whether the screen has been dismissed.
    public var isDismissed: Bool { loadingState == .dismissed || logoutState == .loggedOut }

    /// The alert shown, if any.
    public var alert: Alert? {
        if case let .failure(kind) = loadingState { return kind.alert }
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

    private func send(_ event: HomeEvent) async {
        let before = loadingState
        guard let effects = machine.effects(of: event, context: (), rejection: &lastRejection) else { return }
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
            case .showAlert, .showActivityIndicator, .hideActivityIndicator:
                break // drawn from the state: see alert and presentsActivityIndicator
            case .callLogOut:
                await authService.logOut()
                await send(.finishLogOut)
            case .dismiss:
                // One region moves per event: when both have ended, the other one had
                // already dismissed the screen.
                if !(loadingState == .dismissed && logoutState == .loggedOut) { await dismiss(self) }
            }
        }
    }
}
