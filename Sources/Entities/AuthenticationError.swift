/// Not logged in, or the login token has expired.
public struct AuthenticationError: Error {
    /// Creates the error.
    public init() {}
}
