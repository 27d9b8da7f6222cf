/// Any other error, with a message.
public struct GeneralError: Error {
    /// What happened.
    public let message: String
    /// What went wrong underneath, if known.
    public let cause: (any Error)?

    /// Creates the error.
    public init(message: String, cause: (any Error)? = nil) {
        self.message = message
        self.cause = cause
    }
}
