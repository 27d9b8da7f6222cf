import APIServices
import Entities
import Foundation
import Testing
import UseCases

/// Many actions at once on the real simulated back end: taps that start calls are not
/// awaited, so calls overlap (loading with logout, a reload with an expiring token), while
/// a manual clock moves in random steps (no real waiting). After every action the screens
/// must be consistent with their machines; over all trials every state of the login,
/// home-loading, logout and passcode machines is reached, and loading overlaps logout.
///
/// `FSM_STRESS_TRIALS` sets the number of trials (default 400, 80 actions each; CI's
/// release gate runs 5,000).
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
        ProcessInfo.processInfo.environment["FSM_STRESS_TRIALS"].flatMap(Int.init) ?? 400
    }

    @Test("random concurrent taps and clock steps: invariants hold after every action; every state is reached")
    func stress() async {
        var reached = Reached()
        for trial in 0..<Self.trials {
            await run(trial: UInt64(trial), into: &reached)
        }
        print("view-state stress: \(Self.trials) trials, \(reached.actions) actions, loading and logout overlapping in \(reached.overlaps) checks")
        #expect(reached.login == Set(LoginState.allCases), "login states never reached: \(Set(LoginState.allCases).subtracting(reached.login))")
        #expect(reached.loading == Set(HomeLoadingState.allCases), "home-loading states never reached: \(Set(HomeLoadingState.allCases).subtracting(reached.loading))")
        #expect(reached.logout == Set(LogoutState.allCases), "logout states never reached: \(Set(LogoutState.allCases).subtracting(reached.logout))")
        let passcodeStates = Set((0..<4).map(PasscodeState.entered) + [.complete])
        #expect(reached.passcode == passcodeStates, "passcode states never reached: \(passcodeStates.subtracting(reached.passcode))")
        #expect(reached.overlaps > 0, "loading and logout never overlapped")
    }

    private func run(trial: UInt64, into reached: inout Reached) async {
        let clock = ManualClock()
        let backend = Backend(clock: BackendClock(clock), generator: SeededGenerator(seed: trial))
        let login = LoginViewState(authService: AuthService(backend: backend), userService: UserService(backend: backend))
        var random = SeededGenerator(seed: trial &+ 0x5EED)
        // The passcode screen has no back end: its taps interleave with the others'.
        let passcode = PasscodeViewState(length: 4)
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

        for _ in 0..<80 {
            let home = login.home
            if let home, !homes.contains(where: { $0 === home }) { homes.append(home) }
            switch Int.random(in: 0..<14, using: &random) {
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
            check(login, homes, &reached)
            check(passcode, submitted, &reached)
        }
        // Finish every call: move the clock until nothing waits, then every action is over.
        for _ in 0..<200 where running.count > 0 {
            clock.advance(by: .seconds(2))
            await settle(running, clock)
        }
        for task in tasks { await task.value }
        check(login, homes, &reached)
    }

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
    private func check(_ passcode: PasscodeViewState, _ submitted: [String], _ reached: inout Reached) {
        reached.passcode.insert(passcode.state)
        #expect(passcode.digits.allSatisfy { $0.isASCII && $0.isWholeNumber })
        #expect(passcode.cells.compactMap { $0 } == Array(passcode.digits))
        if passcode.isComplete {
            #expect(passcode.state == .complete && passcode.digits.count == 4)
            #expect(submitted == [passcode.digits], "submitted exactly once, with the code")
        } else {
            #expect(passcode.state == .entered(passcode.digits.count) && passcode.digits.count < 4)
            #expect(submitted.isEmpty)
        }
    }

    /// The invariants: what each screen shows follows from its machines' states.
    private func check(_ login: LoginViewState, _ homes: [HomeViewState], _ reached: inout Reached) {
        reached.login.insert(login.state);
        #expect(login.presentsActivityIndicator == (login.state == .loggingIn))
        #expect((login.alert != nil) == { if case .failed = login.state { true } else { false } }())
        #expect(login.areInputsEnabled == (login.state == .idle || login.alert != nil))
        #expect(login.isLoginButtonEnabled == (login.areInputsEnabled && !login.id.isEmpty && !login.password.isEmpty))
        if login.state == .atHome { #expect(login.home != nil) } else { #expect(login.home == nil) }
        for home in homes {
            reached.loading.insert(home.loadingState);
            reached.logout.insert(home.logoutState)
            if home.loadingState == .loading && home.logoutState == .loggingOut { reached.overlaps += 1 }
            #expect(home.isReloadButtonEnabled == (home.loadingState != .loading))
            #expect(home.presentsActivityIndicator == (home.logoutState == .loggingOut))
            #expect((home.alert != nil) == { if case .failure = home.loadingState { true } else { false } }())
            #expect(home.isDismissed == (home.loadingState == .dismissed || home.logoutState == .loggedOut))
            if let user = home.user {
                #expect(home.displayedName == user.name && home.displayedID == "@" + user.id.rawValue)
            } else {
                #expect(home.displayedName == "User Name" && home.displayedID == "@ididid")
            }
            if home.isDismissed { #expect(login.home !== home, "a dismissed home is not on top") }
        }
    }
}
