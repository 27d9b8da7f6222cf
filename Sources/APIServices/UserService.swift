import Entities
import UseCases

/// Reading the current user from the simulated ``Backend``.
public struct UserService: UserServiceProtocol {
    /// The back end this service talks to.
    public let backend: Backend

    /// Creates a service on a back end (share it with the `AuthService`).
    public init(backend: Backend) {
        self.backend = backend
    }

    /// Throws `AuthenticationError` at once without a token; otherwise waits 2 s, may fail
    /// at random, and returns the user with one of two introductions.
    public func currentUser() async throws -> User {
        try await backend.currentUser()
    }
}
