import Entities
import Foundation
import FSM
import FSMCoverage
import FSMPersistence
import FSMRuntime
import Observation

/// The home screen's state: the user (or placeholders), the flags the screen draws, the
/// alert, and one method per user action.
///
/// Runs ``HomeMachine``: loading the user (``HomeLoadingMachine``) parallel to logging out
/// (``LogoutMachine``), two regions of one machine; loading and logging out can overlap.
/// Every flag is computed from its state; the machine runs on a `MachineRuntime`, which
/// performs its effects in the order it emits them; the calls to the services run alongside
/// (`send.later`), their answers come back as events.
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

    private typealias Runtime = MachineRuntime<HomeState, HomeEvent, HomeEffect, Void>
    @ObservationIgnored private let runtime: Runtime
    @ObservationIgnored private let authService: any AuthServiceProtocol
    @ObservationIgnored private let userService: any UserServiceProtocol
    @ObservationIgnored private let dismiss: @MainActor (HomeViewState) async -> Void
    /// Called with each effect of the machine as it is performed (for logs and tests).
    @ObservationIgnored public var onEffect: (@MainActor (String) -> Void)?

    /// Creates the home screen's state.
    /// - Parameters:
    ///   - authService: Logs out.
    ///   - userService: Loads the user.
    ///   - recorder: Where the machine reports what it does, for coverage (tests); `nil`
    ///     records nothing.
    ///   - dismiss: Takes the screen away (back to login); called at most once.
    public convenience init(
        authService: any AuthServiceProtocol, userService: any UserServiceProtocol, recorder: CoverageRecorder? = nil,
        dismiss: @escaping @MainActor (HomeViewState) async -> Void
    ) {
        let owner = Owner<HomeViewState>()
        let runtime = Runtime.viewState(HomeMachine.definition, recorder: recorder, context: {}) { effect, send in
            owner.value?.perform(effect, send)
        }
        self.init(authService: authService, userService: userService, dismiss: dismiss, owner: owner, runtime: runtime)
    }

    /// The home screen put back where `snapshot` (from ``snapshot(at:)``) says, with the user
    /// it had loaded, without running anything but the calls it was waiting for: loading the
    /// user, logging out. Those died with the process; they are sent again, in that order.
    /// The screen does not appear again (it does not load the user unless it was loading).
    /// - Throws: ``ScreenRestoreError`` when the snapshot does not fit the `home` machine, or
    ///   what the screen keeps is missing.
    public convenience init(
        authService: any AuthServiceProtocol, userService: any UserServiceProtocol, recorder: CoverageRecorder? = nil,
        restoring snapshot: MachineSnapshot, at date: Date = Date(), dismiss: @escaping @MainActor (HomeViewState) async -> Void
    ) throws(ScreenRestoreError) {
        let form = try ScreenRestoreError.form(HomeForm.self, of: snapshot, screen: "home")
        let owner = Owner<HomeViewState>()
        let runtime = try Runtime.restoredViewState(
            HomeMachine.definition, recorder: recorder, restoring: snapshot, at: date, context: {}, resuming: Self.resumed
        ) { effect, send in
            owner.value?.perform(effect, send)
        }
        self.init(authService: authService, userService: userService, dismiss: dismiss, owner: owner, runtime: runtime)
        user = form.user
    }

    /// The calls a restored screen sends again: the ones its state was waiting for.
    private static func resumed(_ state: HomeState) -> [HomeEffect] {
        (state.loading == .loading ? [.callCurrentUser] : []) + (state.logout == .loggingOut ? [.callLogOut] : [])
    }

    private init(
        authService: any AuthServiceProtocol, userService: any UserServiceProtocol, dismiss: @escaping @MainActor (HomeViewState) async -> Void,
        owner: Owner<HomeViewState>, runtime: Runtime
    ) {
        self.authService = authService
        self.userService = userService
        self.dismiss = dismiss
        self.runtime = runtime
        owner.value = self
        runtime.onRejection = { owner.value?.lastRejection = $0.description }
        runtime.onTransition = { transition, event in
            owner.value?.lastRejection = nil
            // The user arrives with the event; a late one (the screen is gone) is dropped with it.
            if case let .finishLoading(user) = event, transition.source.loading == .loading { owner.value?.user = user }
        }
    }

    /// The screen saved by names (its machine, with the user loaded as its context), to be
    /// restored after the app is killed.
    /// - Throws: ``FSMPersistence/SnapshotError`` when asked in the middle of a step, or
    ///   when an event is queued that cannot be written.
    public func snapshot(at date: Date = Date()) throws -> MachineSnapshot {
        try runtime.snapshot(at: date, context: SnapshotValue(encoding: HomeForm(user: user)))
    }

    /// Waits until the machine has nothing left to do now.
    func settle() async {
        await runtime.settle()
    }

    /// The machine's state: one state of each region.
    public var state: HomeState { runtime.state }
    /// The loading region's state.
    public var loadingState: HomeLoadingState { state.loading }
    /// The logout region's state.
    public var logoutState: LogoutState { state.logout }

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
        await runtime.sendAndWait(.startLoading)
    }

    /// Taps Reload: loads the user again. Does nothing while loading.
    public func reload() async {
        await runtime.sendAndWait(.startLoading)
    }

    /// Closes the alert. After the authentication alert, dismisses the screen.
    public func closeAlert() async {
        await runtime.sendAndWait(.clearError)
    }

    /// Taps Logout: logs out and dismisses the screen. Does nothing while logging out.
    public func logOut() async {
        await runtime.sendAndWait(.logOut)
    }

    private func perform(_ effect: HomeEffect, _ send: Runtime.Send) {
        onEffect?(effect.description)
        switch effect {
        case .callCurrentUser:
            let userService = userService
            send.later {
                do {
                    return .finishLoading(try await userService.currentUser())
                } catch {
                    return .failToLoad(HomeFailure(error))
                }
            }
        case .showAlert, .showActivityIndicator, .hideActivityIndicator:
            break // drawn from the state: see alert and presentsActivityIndicator
        case .callLogOut:
            let authService = authService
            send.later {
                await authService.logOut()
                return .finishLogOut
            }
        case .dismiss:
            // One region moves per event: when both have ended, the other one had
            // already dismissed the screen. Dismissing runs alongside the machine (a
            // `dismiss` that taps this screen again does not wait behind itself); the
            // action that led to it waits for it.
            if !(loadingState == .dismissed && logoutState == .loggedOut) {
                let dismiss = dismiss
                send.later { [weak self] in
                    if let self { await dismiss(self) }
                    return nil
                }
            }
        }
    }
}
