import APIServices
import Entities
import FSMCoverage
import Foundation
import Testing
import TestSupport
import UseCases

/// Many actions at once on the real simulated back end: taps that start calls are not
/// awaited, so calls overlap (loading with logout, a reload with an expiring token), while
/// a manual clock moves in random steps (no real waiting). After every action the screens
/// must be consistent with their machines; over all trials every state of the login,
/// home-loading, logout and passcode machines is reached, and loading overlaps logout.
///
/// 400 trials of 80 actions each; `FSM_PROPERTY_SEQUENCES` (the one size of the property
/// tests) asks for a tenth of its value when that is more: CI's deep tier, at 10,000, runs
/// 1,000.
@MainActor
@Suite("Stress: concurrent actions on the real back end, invariants after each")
struct ViewStateStressTests {
    /// What the trials reached.
    private struct Reached {
        var login: Set<LoginState> = []
        var loading: Set<HomeLoadingState> = []
        var logout: Set<LogoutState> = []
        var passcode: Set<PasscodeState> = []
        var overlaps = 0
        var actions = 0
    }

    private static var trials: Int {
        max(400, (ProcessInfo.processInfo.environment["FSM_PROPERTY_SEQUENCES"].flatMap(Int.init) ?? 0) / 10)
    }

    @Test("random concurrent taps and clock steps: invariants hold after every action; every state is reached")
    func stress() async {
        var reached = Reached()
        for trial in 0..<Self.trials {
            // The first trial that breaks an invariant ends the test: its report names the
            // trial (its seed) and the action, and a wrong machine fails in seconds.
            if let failure = await run(trial: UInt64(trial), into: &reached) {
                Issue.record("trial \(trial) (seed \(trial)): \(failure)")
                return
            }
        }
        print("view-state stress: \(Self.trials) trials, \(reached.actions) actions, loading and logout overlapping in \(reached.overlaps) checks")
        #expect(reached.login == Set(LoginState.allCases), "login states never reached: \(Set(LoginState.allCases).subtracting(reached.login))")
        #expect(reached.loading == Set(HomeLoadingState.allCases), "home-loading states never reached: \(Set(HomeLoadingState.allCases).subtracting(reached.loading))")
        #expect(reached.logout == Set(LogoutState.allCases), "logout states never reached: \(Set(LogoutState.allCases).subtracting(reached.logout))")
        let passcodeStates = Set((0..<4).map(PasscodeState.entered) + [.complete])
        #expect(reached.passcode == passcodeStates, "passcode states never reached: \(passcodeStates.subtracting(reached.passcode))")
        #expect(reached.overlaps > 0, "loading and logout never overlapped")
    }

    /// Runs one trial; returns the first broken invariant, with the action after which it
    /// was found, or `nil`.
    private func run(trial: UInt64, into reached: inout Reached) async -> String? {
        let clock = ManualClock()
        let backend = Backend(clock: BackendClock(clock), generator: SeededGenerator(seed: trial))
        let login = LoginViewState(authService: AuthService(backend: backend), userService: UserService(backend: backend), recorder: BehaviourCoverage.recorder)
        var random = SeededGenerator(seed: trial &+ 0x5EED)
        // The passcode screen has no back end: its taps interleave with the others'.
        let passcode = PasscodeViewState(length: 4, recorder: BehaviourCoverage.recorder)
        var submitted: [String] = []
        passcode.onSubmit = { submitted.append($0) }
        var homes: [HomeViewState] = []
        var tasks: [Task<Void, Never>] = []
        let running = Running()
        func start(_ action: @escaping @MainActor () async -> Void) {
            running.count += 1
            tasks.append(Task {
                await action()
                running.count -= 1
            })
        }

        for step in 0..<80 {
            let home = login.home
            if let home, !homes.contains(where: { $0 === home }) { homes.append(home) }
            let action = Int.random(in: 0..<14, using: &random)
            switch action {
            case 11: passcode.type(["1", "7", "x", "٣"].randomElement(using: &random) ?? "1")
            case 12: passcode.delete()
            case 13: passcode.paste(["12", "9a8", "", "123456"].randomElement(using: &random) ?? "")
            case 0: login.updateID(["", "koher", "someone"].randomElement(using: &random) ?? "")
            case 1: login.updatePassword(["", "1234", "0000"].randomElement(using: &random) ?? "")
            case 2: start { await login.logIn() }
            case 3: start { await login.closeAlert() }
            case 4: if let home { start { await home.load() } }
            case 5: if let home { start { await home.reload() } }
            case 6: if let home { start { await home.logOut() } }
            case 7: if let home { start { await home.closeAlert() } }
            case 8: clock.advance(by: .seconds(31))                      // past a token's expiry
            default: clock.advance(by: .milliseconds(500 * Int.random(in: 0...5, using: &random)))
            }
            await settle(running, clock)
            reached.actions += 1
            if let broken = check(login, homes, &reached) ?? check(passcode, submitted, &reached) {
                return "after action \(step + 1) (\(Self.actionNames[action])): \(broken); login: \(login.state), homes: \(homes.map { "\($0.loadingState) | \($0.logoutState)" })"
            }
        }
        // Finish every call: move the clock until nothing waits, then every action is over.
        for _ in 0..<200 where running.count > 0 {
            clock.advance(by: .seconds(2))
            await settle(running, clock)
        }
        if running.count > 0 {
            return "\(running.count) action(s) never finished after 200 more clock steps of 2 s; login: \(login.state)"
        }
        for task in tasks { await task.value(waitingFor: "an action of trial \(trial) to end") }
        return check(login, homes, &reached).map { "at the end: \($0)" }
    }

    private static let actionNames = [
        "updateID", "updatePassword", "logIn", "closeAlert", "home.load", "home.reload", "home.logOut", "home.closeAlert",
        "clock +31 s", "clock +0...2.5 s", "clock +0...2.5 s", "passcode.type", "passcode.delete", "passcode.paste",
    ]

    /// Actions started and not yet over.
    @MainActor private final class Running {
        var count = 0
    }

    /// Returns once every running action has ended or waits on the clock (each action makes
    /// at most one call, and each call waits once), so the next step sees where they got to.
    private func settle(_ running: Running, _ clock: ManualClock) async {
        var spins = 0
        while running.count > clock.sleeperCount, spins < 100_000 {
            await Task.yield()
            spins += 1
        }
        for _ in 0..<10 { await Task.yield() }
    }

    /// The passcode's invariants: the state counts the digits; complete once, submitted once.
    /// Returns the first one broken, or `nil`.
    private func check(_ passcode: PasscodeViewState, _ submitted: [String], _ reached: inout Reached) -> String? {
        reached.passcode.insert(passcode.state)
        if !passcode.digits.allSatisfy({ $0.isASCII && $0.isWholeNumber }) { return "passcode digits \(passcode.digits) are not all ASCII digits" }
        if passcode.cells.compactMap({ $0 }) != Array(passcode.digits) { return "passcode cells \(passcode.cells) do not show the digits \(passcode.digits)" }
        if passcode.isComplete {
            if passcode.state != .complete || passcode.digits.count != 4 { return "a complete passcode in state \(passcode.state) with \(passcode.digits.count) digits" }
            if submitted != [passcode.digits] { return "submitted \(submitted), not exactly once with the code \(passcode.digits)" }
        } else {
            if passcode.state != .entered(passcode.digits.count) || passcode.digits.count >= 4 { return "passcode state \(passcode.state) with \(passcode.digits.count) digits" }
            if !submitted.isEmpty { return "submitted \(submitted) before the passcode is complete" }
        }
        return nil
    }

    /// The invariants: what each screen shows follows from its machines' states. Returns the
    /// first one broken, or `nil`.
    private func check(_ login: LoginViewState, _ homes: [HomeViewState], _ reached: inout Reached) -> String? {
        reached.login.insert(login.state)
        let failed = { if case .failed = login.state { true } else { false } }()
        if login.presentsActivityIndicator != (login.state == .loggingIn) { return "login's activity indicator \(login.presentsActivityIndicator) in \(login.state)" }
        if (login.alert != nil) != failed { return "login's alert \(String(describing: login.alert)) in \(login.state)" }
        if login.areInputsEnabled != (login.state == .idle || login.alert != nil) { return "login's inputs enabled: \(login.areInputsEnabled) in \(login.state)" }
        if login.isLoginButtonEnabled != (login.areInputsEnabled && !login.id.isEmpty && !login.password.isEmpty) { return "the Login button enabled: \(login.isLoginButtonEnabled)" }
        if (login.state == .atHome) != (login.home != nil) { return "home \(login.home == nil ? "not shown" : "shown") in \(login.state)" }
        for home in homes {
            reached.loading.insert(home.loadingState)
            reached.logout.insert(home.logoutState)
            if home.loadingState == .loading && home.logoutState == .loggingOut { reached.overlaps += 1 }
            if home.isReloadButtonEnabled != (home.loadingState != .loading) { return "Reload enabled: \(home.isReloadButtonEnabled) in \(home.loadingState)" }
            if home.presentsActivityIndicator != (home.logoutState == .loggingOut) { return "home's activity indicator \(home.presentsActivityIndicator) in \(home.logoutState)" }
            if (home.alert != nil) != { if case .failure = home.loadingState { true } else { false } }() { return "home's alert \(String(describing: home.alert)) in \(home.loadingState)" }
            if home.isDismissed != (home.loadingState == .dismissed || home.logoutState == .loggedOut) { return "home dismissed: \(home.isDismissed) in \(home.loadingState) | \(home.logoutState)" }
            if let user = home.user {
                if home.displayedName != user.name || home.displayedID != "@" + user.id.rawValue { return "home shows \(home.displayedName) \(home.displayedID) for \(user)" }
            } else if home.displayedName != "User Name" || home.displayedID != "@ididid" {
                return "home shows \(home.displayedName) \(home.displayedID) before any user"
            }
            if home.isDismissed && login.home === home { return "a dismissed home is on top" }
        }
        return nil
    }
}
