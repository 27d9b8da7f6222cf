import Entities
import FSM
import FSMCoverage
import Testing
import TestSupport
import UseCases

/// Every cell of the home machine taken through its view state, deterministically: for each of
/// the 21 states (a loading state and a logout state) and each event the screen can produce
/// there, a new screen is driven to the state by its own actions and parked calls, the event is
/// produced (a tap, or a parked call ended), and the screen's state must be the one the
/// machine's table gives. Taking every legal cell here, not by the luck of the stress test's
/// interleavings, is what lets CI's coverage judge ask for all of them.
@MainActor
@Suite("HomeViewState: every cell of the home machine through the screen")
struct HomeEveryCellTests {
    /// The events, as the screen produces them.
    enum Produced: CaseIterable, CustomStringConvertible {
        case startLoading, finishLoading, failAuthentication, failNetwork, failServer, failSystem, clearError, logOut, finishLogOut

        var event: HomeEvent {
            switch self {
            case .startLoading: .startLoading
            case .finishLoading: .finishLoading(koher)
            case .failAuthentication, .failNetwork, .failServer, .failSystem: .failToLoad(failure ?? .system)
            case .clearError: .clearError
            case .logOut: .logOut
            case .finishLogOut: .finishLogOut
            }
        }

        /// The kind of failure a parked user call ends with, for the failures.
        var failure: HomeFailure? {
            switch self {
            case .failAuthentication: .authentication
            case .failNetwork: .network
            case .failServer: .server
            case .failSystem: .system
            default: nil
            }
        }

        var description: String { "\(event)" }
    }

    /// A screen, its parked services and the tasks of the actions still under way.
    @MainActor
    final class Screen {
        let auth = ParkingAuthService()
        let users = ParkingUserService()
        let home: HomeViewState
        var loading: Task<Void, Never>?
        var loggingOut: Task<Void, Never>?

        init() {
            home = HomeViewState(authService: auth, userService: users, recorder: BehaviourCoverage.recorder) { _ in }
        }

        /// Runs a tap. When it `parks` (the machine moves to where the tap's call is made), waits
        /// until the call is parked and returns the tap's task, still under way; otherwise waits
        /// for the tap to return.
        func tap<Value>(_ action: @escaping @MainActor () async -> Void, parking calls: CallPark<Value>, when parks: Bool) async -> Task<Void, Never>? {
            let task = Task { await action() }
            guard parks else {
                await task.value(waitingFor: "a tap that makes no call to return")
                return nil
            }
            await calls.waitForParkedCalls(1)
            return task
        }

        /// Starts a load and waits until its call is parked.
        func startLoad() async {
            loading = await tap(home.load, parking: users.calls, when: true)
        }

        /// Ends the parked user call; waits for the load to be over.
        func endLoad(_ result: Result<User, any Error>) async {
            await users.calls.resume(with: result)
            await loading?.value(waitingFor: "the load to end")
            loading = nil
        }

        /// Starts a logout and waits until its call is parked.
        func startLogOut() async {
            loggingOut = await tap(home.logOut, parking: auth.logOutCalls, when: true)
        }

        /// Ends the parked logout call; waits for the logout to be over.
        func endLogOut() async {
            await auth.logOutCalls.succeed()
            await loggingOut?.value(waitingFor: "the logout to end")
            loggingOut = nil
        }

        /// Ends whatever is still parked, so that no call outlives the test.
        func finish() async {
            if await users.calls.parkedCount > 0 { await endLoad(.success(koher)) }
            if await auth.logOutCalls.parkedCount > 0 { await endLogOut() }
        }
    }

    /// A screen driven to `state` by its own actions.
    private func screen(in state: HomeState) async -> Screen {
        let screen = Screen()
        switch state.loading {
        case .waiting: break
        case .loading: await screen.startLoad()
        case .failure(let kind):
            await screen.startLoad()
            await screen.endLoad(.failure(Self.error(kind)))
        case .dismissed:
            await screen.startLoad()
            await screen.endLoad(.failure(AuthenticationError()))
            await screen.home.closeAlert()
        }
        switch state.logout {
        case .idle: break
        case .loggingOut: await screen.startLogOut()
        case .loggedOut:
            await screen.startLogOut()
            await screen.endLogOut()
        }
        return screen
    }

    private static func error(_ kind: HomeFailure) -> any Error {
        switch kind {
        case .authentication: AuthenticationError()
        case .network: NetworkError(cause: GeneralError(message: "Timeout."))
        case .server: ServerError.internal(cause: GeneralError(message: "Rate limit exceeded."))
        case .system: GeneralError(message: "System error.")
        }
    }

    /// Whether the screen can produce `produced` in `state`: the answer of a call needs the call
    /// parked (loading; logging out).
    private static func producible(_ produced: Produced, in state: HomeState) -> Bool {
        switch produced {
        case .finishLoading, .failAuthentication, .failNetwork, .failServer, .failSystem: state.loading == .loading
        case .finishLogOut: state.logout == .loggingOut
        case .startLoading, .clearError, .logOut: true
        }
    }

    static let states = HomeLoadingState.allCases.flatMap { loading in LogoutState.allCases.map { HomeState(loading: loading, logout: $0) } }

    @Test("each state is reached by the screen's own actions")
    func reachesEveryState() async {
        for state in Self.states {
            let screen = await screen(in: state)
            #expect(screen.home.state == state)
            await screen.finish()
        }
    }

    @Test("every event the screen can produce in every state moves it as the table says", arguments: Produced.allCases)
    func everyCell(_ produced: Produced) async throws {
        for state in Self.states where Self.producible(produced, in: state) {
            let expected = try Machine(HomeMachine.definition, startingIn: state).check(produced.event)
            let target = (try? expected.get())?.target ?? state
            let screen = await screen(in: state)
            switch produced {
            case .startLoading:
                let parks = target.loading == .loading && state.loading != .loading
                if let load = await screen.tap(screen.home.load, parking: screen.users.calls, when: parks) { screen.loading = load }
            case .finishLoading:
                await screen.endLoad(.success(koher))
            case .failAuthentication, .failNetwork, .failServer, .failSystem:
                await screen.endLoad(.failure(Self.error(produced.failure ?? .system)))
            case .clearError:
                await screen.home.closeAlert()
            case .logOut:
                let parks = target.logout == .loggingOut && state.logout != .loggingOut
                if let logOut = await screen.tap(screen.home.logOut, parking: screen.auth.logOutCalls, when: parks) { screen.loggingOut = logOut }
            case .finishLogOut:
                await screen.endLogOut()
            }
            #expect(screen.home.state == target, "\(state) on \(produced): the table says \(target)")
            await screen.finish()
        }
    }

    @Test("the cells the screen cannot produce take no transition (an answer without a call)")
    func unproducibleCellsAreNotLegal() throws {
        for state in Self.states {
            for produced in Produced.allCases where !Self.producible(produced, in: state) {
                let answer = try Machine(HomeMachine.definition, startingIn: state).check(produced.event)
                if case .success(let transition) = answer {
                    #expect(transition.kind == .ignored, "\(state) on \(produced) is \(transition.kind): the screen cannot take it")
                }
            }
        }
    }
}
