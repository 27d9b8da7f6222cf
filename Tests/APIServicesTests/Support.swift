import APIServices
import Entities
import Testing
import TestSupport

/// A generator that answers `Bool.random(using:)` with a script of coins, then repeats a
/// filler, so a test can walk each branch of the draw order exactly.
struct ScriptedCoins: RandomNumberGenerator, Sendable {
    private var coins: [Bool]
    private let filler: UInt64

    init(_ coins: [Bool], filler: UInt64 = 0) {
        self.coins = coins
        self.filler = filler
    }

    mutating func next() -> UInt64 {
        guard !coins.isEmpty else { return filler }
        return coins.removeFirst() ? 0 : .max
    }
}

/// Runs a back-end call on a manual clock: starts it, waits until it waits, moves the clock
/// by one call's duration, and returns its result.
func onClock<T: Sendable>(_ clock: ManualClock, _ operation: @escaping @Sendable () async throws -> T) async -> Result<T, any Error> {
    let sleepersBefore = clock.sleeperCount
    let task = Task { try await operation() }
    await clock.awaitSleepers(sleepersBefore + 1)
    clock.advance(by: Backend.callDuration)
    return await bounded("the call on the manual clock to end") { await task.result } ?? .failure(WaitTimedOut())
}

/// A short name for an outcome, for comparing distributions and branches.
func outcome(_ result: Result<some Any, any Error>) -> String {
    switch result {
    case .success: "success"
    case let .failure(error):
        switch error {
        case is LoginError: "login"
        case let error as NetworkError: "network(\((error.cause as? GeneralError)?.message ?? "\(error.cause)"))"
        case let error as ServerError:
            if case let .internal(cause) = error { "server(\((cause as? GeneralError)?.message ?? "?"))" } else { "server(response)" }
        case is AuthenticationError: "authentication"
        case let error as GeneralError: "general(\(error.message))"
        default: "other(\(error))"
        }
    }
}

extension ManualClock {
    /// Returns once `count` sleepers wait on the clock, or records an issue after
    /// ``waitLimit`` (a call that never comes fails its test instead of hanging it).
    func awaitSleepers(_ count: Int, sourceLocation: SourceLocation = #_sourceLocation) async {
        await bounded("\(count) sleeper(s) on the manual clock (\(sleeperCount) now)", sourceLocation: sourceLocation) { await self.waitForSleepers(count) }
    }
}
