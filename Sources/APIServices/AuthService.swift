import Entities
import UseCases

/// Logging in and out against the simulated ``Backend``.
public struct AuthService: AuthServiceProtocol {
    /// The back end this service talks to.
    public let backend: Backend

    /// Creates a service on a back end (share it with the `UserService`).
    public init(backend: Backend) {
        self.backend = backend
    }

    /// Waits 2 s, may fail at random, then checks the credentials and stores a token.
    public func logIn(id: User.ID, password: String) async throws {
        try await backend.logIn(id: id.rawValue, password: password)
    }

    /// Waits 2 s and clears the token. Never fails.
    public func logOut() async {
        await backend.logOut()
    }
}
