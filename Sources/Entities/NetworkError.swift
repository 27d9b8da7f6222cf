/// Communication failed (a timeout, a cancelled wait, no connection).
public struct NetworkError: Error {
    /// What went wrong underneath.
    public let cause: any Error

    /// Creates the error.
    public init(cause: any Error) {
        self.cause = cause
    }
}
