import Entities

/// Reading the logged-in user.
public protocol UserServiceProtocol: Sendable {
    /// The current user.
    /// - Throws: `AuthenticationError` when not logged in or the token expired,
    ///   `NetworkError`, `ServerError`, or any other error.
    func currentUser() async throws -> User
}
