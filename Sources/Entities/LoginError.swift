/// The ID or the password is wrong.
public struct LoginError: Error {
    /// Creates the error.
    public init() {}
}
