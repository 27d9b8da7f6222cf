import APIServices
import Entities
import Testing
import TestSupport

@Suite("The simulated back end")
struct BackendTests {
    @Test("the scripted generator drives Bool.random as the tests assume")
    func scriptAssumption() {
        var generator = ScriptedCoins([true, false, true])
        #expect([Bool.random(using: &generator), Bool.random(using: &generator), Bool.random(using: &generator)] == [true, false, true])
    }

    @Test("logIn: each branch of the draw order", arguments: [
        ([true], "koher", "1234", "success"),
        ([true], "koher", "12345", "login"),
        ([true], "Koher", "1234", "login"),
        ([true], " koher", "1234", "login"),
        ([false, true], "koher", "1234", "network(Timeout.)"),
        ([false, false, true], "koher", "1234", "server(Rate limit exceeded.)"),
        ([false, false, false], "koher", "1234", "general(System error.)"),
        ([false, true], "nobody", "wrong", "network(Timeout.)"),
    ])
    func logInBranches(coins: [Bool], id: String, password: String, expected: String) async {
        let clock = ManualClock()
        let backend = Backend(clock: BackendClock(clock), generator: ScriptedCoins(coins))
        let auth = AuthService(backend: backend)
        let result = await onClock(clock) { try await auth.logIn(id: User.ID(rawValue: id), password: password) }
        #expect(outcome(result) == expected)
        #expect(await backend.isLoggedIn == (expected == "success"))
        #expect(clock.now.offset == .seconds(2))
    }

    @Test("wrong credentials give a login error only when the random draw succeeds: about half the time")
    func distribution() async {
        let clock = ManualClock()
        let backend = Backend(clock: BackendClock(clock), generator: SeededGenerator(seed: 2024))
        let auth = AuthService(backend: backend)
        var counts: [String: Int] = [:]
        let trials = 4_000
        for _ in 0..<trials {
            let result = await onClock(clock) { try await auth.logIn(id: "koher", password: "wrong") }
            counts[outcome(result), default: 0] += 1
        }
        let share = { (name: String) in Double(counts[name, default: 0]) / Double(trials) }
        #expect(Set(counts.keys) == ["login", "network(Timeout.)", "server(Rate limit exceeded.)", "general(System error.)"])
        #expect(abs(share("login") - 0.5) < 0.03)
        #expect(abs(share("network(Timeout.)") - 0.25) < 0.03)
        #expect(abs(share("server(Rate limit exceeded.)") - 0.125) < 0.03)
        #expect(abs(share("general(System error.)") - 0.125) < 0.03)
    }

    @Test("the same seed gives the same outcomes")
    func seeded() async {
        func run() async -> [String] {
            let clock = ManualClock()
            let auth = AuthService(backend: Backend(clock: BackendClock(clock), generator: SeededGenerator(seed: 7)))
            var outcomes: [String] = []
            for _ in 0..<20 { outcomes.append(outcome(await onClock(clock) { try await auth.logIn(id: "koher", password: "x") })) }
            return outcomes
        }
        #expect(await run() == run())
    }

    @Test("currentUser without a token throws at once, without waiting")
    func noToken() async {
        let clock = ManualClock()
        let users = UserService(backend: Backend(clock: BackendClock(clock), generator: ScriptedCoins([])))
        await #expect(throws: AuthenticationError.self) { try await users.currentUser() }
        #expect(clock.now.offset == .zero)
        #expect(clock.sleeperCount == 0)
    }

    @Test("currentUser: the same draw order, then a fourth coin picks the introduction", arguments: [
        ([true, true], "success", Backend.introductions[0]),
        ([true, false], "success", Backend.introductions[1]),
        ([false, true], "network(Timeout.)", nil),
        ([false, false, true], "server(Rate limit exceeded.)", nil),
        ([false, false, false], "general(System error.)", nil),
    ])
    func currentUser(coins: [Bool], expected: String, introduction: String?) async throws {
        let clock = ManualClock()
        let direct = Backend(clock: BackendClock(clock), generator: ScriptedCoins([true] + coins))
        let login = await onClock(clock) { try await AuthService(backend: direct).logIn(id: "koher", password: "1234") }
        #expect(outcome(login) == "success")
        let result = await onClock(clock) { try await UserService(backend: direct).currentUser() }
        #expect(outcome(result) == expected)
        if let introduction {
            let user = try result.get()
            #expect(user == User(id: "koher", name: "Yuta Koshizawa", introduction: introduction))
        }
    }
}

@Suite("The token: 30 s expiry, timers never cancelled")
struct TokenTests {
    private func makeServices() -> (ManualClock, Backend, AuthService, UserService) {
        let clock = ManualClock()
        let backend = Backend(clock: BackendClock(clock), generator: SeededGenerator(seed: 1), forcedOutcome: .success)
        return (clock, backend, AuthService(backend: backend), UserService(backend: backend))
    }

    @Test("a login stores a 10,000-byte token that expires 30 s later")
    func expiry() async {
        let (clock, backend, auth, users) = makeServices()
        #expect(outcome(await onClock(clock) { try await auth.logIn(id: "koher", password: "1234") }) == "success")
        #expect(await backend.tokenByteCount == 10_000)
        clock.advance(by: .seconds(30) - .milliseconds(1))
        #expect(await backend.isLoggedIn)
        clock.advance(by: .milliseconds(1))
        #expect(await !backend.isLoggedIn)
        await #expect(throws: AuthenticationError.self) { try await users.currentUser() }
    }

    @Test("the token is checked before the wait only: a call started in time succeeds")
    func checkedOnce() async {
        let (clock, _, auth, users) = makeServices()
        _ = await onClock(clock) { try await auth.logIn(id: "koher", password: "1234") }
        clock.advance(by: .seconds(29))
        #expect(outcome(await onClock(clock) { try await users.currentUser() }) == "success")
        #expect(clock.now.offset == .seconds(33))
    }

    @Test("a stale timer from an earlier login clears a newer token")
    func staleTimer() async {
        let (clock, backend, auth, _) = makeServices()
        _ = await onClock(clock) { try await auth.logIn(id: "koher", password: "1234") }      // t = 2, timer at 32
        clock.advance(by: .seconds(18))                                                       // t = 20
        _ = await onClock(clock) { await auth.logOut() }                                      // t = 22
        #expect(await !backend.isLoggedIn)
        _ = await onClock(clock) { try await auth.logIn(id: "koher", password: "1234") }      // t = 24, timer at 54
        clock.advance(by: .seconds(7))                                                        // t = 31
        #expect(await backend.isLoggedIn)
        clock.advance(by: .seconds(1))                                                        // t = 32: the first timer fires
        #expect(await !backend.isLoggedIn)
    }

    @Test("logOut waits 2 s, clears the token and never fails; a cancelled wait just ends")
    func logOut() async {
        let (clock, backend, auth, _) = makeServices()
        _ = await onClock(clock) { try await auth.logIn(id: "koher", password: "1234") }
        let started = clock.now
        _ = await onClock(clock) { await auth.logOut() }
        #expect(started.duration(to: clock.now) == .seconds(2))
        #expect(await !backend.isLoggedIn)

        _ = await onClock(clock) { try await auth.logIn(id: "koher", password: "1234") }
        let cancelled = Task { await auth.logOut() }
        await clock.awaitSleepers(1)
        cancelled.cancel()
        await cancelled.value(waitingFor: "the cancelled task to end")
        #expect(await !backend.isLoggedIn)
    }

    @Test("a cancelled wait in logIn or currentUser throws a NetworkError caused by the cancellation")
    func cancellation() async {
        let (clock, _, auth, users) = makeServices()
        let login = Task { try await auth.logIn(id: "koher", password: "1234") }
        await clock.awaitSleepers(1)
        login.cancel()
        let result = await login.result
        #expect(((try? result.get()) == nil))
        if case let .failure(error) = result {
            #expect((error as? NetworkError)?.cause is CancellationError)
        }
        _ = await onClock(clock) { try await auth.logIn(id: "koher", password: "1234") }
        let user = Task { try await users.currentUser() }
        await clock.awaitSleepers(1)
        user.cancel()
        if case let .failure(error) = await user.result {
            #expect((error as? NetworkError)?.cause is CancellationError)
        } else {
            Issue.record("a cancelled currentUser succeeded")
        }
    }

    @Test("a forced outcome replaces the random draw", arguments: ForcedOutcome.allCases)
    func forced(outcomeToForce: ForcedOutcome) async {
        let clock = ManualClock()
        let auth = AuthService(backend: Backend(clock: BackendClock(clock), generator: ScriptedCoins([false, false, false]), forcedOutcome: outcomeToForce))
        let result = outcome(await onClock(clock) { try await auth.logIn(id: "koher", password: "1234") })
        let expected: [ForcedOutcome: String] = [
            .success: "success", .networkError: "network(Timeout.)",
            .serverError: "server(Rate limit exceeded.)", .systemError: "general(System error.)",
        ]
        #expect(result == expected[outcomeToForce])
    }
}
