import Entities
import Foundation
import Testing
import TestSupport
import UseCases

/// Calls that wait until the test decides how they end: each call parks a continuation,
/// the test waits for it to arrive, then resumes it with a value or an error.
actor CallPark<Value: Sendable> {
    /// The call's name, for messages (`logIn`).
    nonisolated let name: String
    private var parked: [CheckedContinuation<Value, any Error>] = []
    private var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    /// How many calls were made in all.
    private(set) var callCount = 0

    init(_ name: String) { self.name = name }

    /// Made by the service: parks until the test resumes it.
    func call() async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            parked.append(continuation)
            callCount += 1
            let ready = watchers.filter { $0.count <= parked.count }
            watchers.removeAll { $0.count <= parked.count }
            for watcher in ready { watcher.continuation.resume() }
        }
    }

    /// Returns once `count` calls are parked, or records an issue after ``waitLimit`` (a
    /// machine that never makes the call fails its test instead of hanging it).
    nonisolated func waitForParkedCalls(_ count: Int = 1, sourceLocation: SourceLocation = #_sourceLocation) async {
        await bounded("\(count) parked \(name) call(s)", sourceLocation: sourceLocation) { await self.waitUnbounded(count) }
    }

    private func waitUnbounded(_ count: Int) async {
        if parked.count >= count { return }
        await withCheckedContinuation { watchers.append((count, $0)) }
    }

    /// The number of calls parked now.
    var parkedCount: Int { parked.count }

    /// Ends the oldest parked call.
    func resume(with result: Result<Value, any Error>) {
        guard !parked.isEmpty else {
            Issue.record("no parked call to resume")
            return
        }
        parked.removeFirst().resume(with: result)
    }
}

extension CallPark where Value == Void {
    /// Ends the oldest parked call successfully.
    func succeed() { resume(with: .success(())) }
}

final class ParkingAuthService: AuthServiceProtocol {
    let logInCalls = CallPark<Void>("logIn")
    let logOutCalls = CallPark<Void>("logOut")
    private let received = LockedCredentials()

    /// The credentials of every logIn call, raw.
    var receivedCredentials: [Credentials] { received.withLock { $0 } }

    func logIn(id: User.ID, password: String) async throws {
        received.withLock { $0.append(Credentials(id: id.rawValue, password: password)) }
        try await logInCalls.call()
    }

    func logOut() async {
        try? await logOutCalls.call()
    }
}

final class ParkingUserService: UserServiceProtocol {
    let calls = CallPark<User>("currentUser")

    func currentUser() async throws -> User {
        try await calls.call()
    }
}

struct SomeOtherError: Error {}

let koher = User(id: "koher", name: "Yuta Koshizawa", introduction: "ソフトウェアエンジニア。")

/// Credentials received from several tasks, behind an `NSLock` (which ThreadSanitizer sees,
/// unlike `Synchronization.Mutex`).
final class LockedCredentials: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [Credentials] = []

    func withLock<Result>(_ body: (inout [Credentials]) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&list)
    }
}
