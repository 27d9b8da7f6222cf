import Entities

/// Logging in and out. `APIServices` provides the simulated back end; tests provide mocks.
public protocol AuthServiceProtocol: Sendable {
    /// Logs in, storing a token on success.
    /// - Throws: `LoginError` for a wrong ID or password, `NetworkError`, `ServerError`, or
    ///   any other error.
    func logIn(id: User.ID, password: String) async throws
    /// Logs out, clearing the token. Never fails.
    func logOut() async
}
