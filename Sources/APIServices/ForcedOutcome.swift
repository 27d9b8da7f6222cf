/// An outcome to force instead of the random failure draw, for debugging (the original
/// README suggests editing the code to force success; this is that, as an option).
public enum ForcedOutcome: String, Sendable, Hashable, CaseIterable {
    /// Never fail at random (credentials are still checked).
    case success
    /// Always fail with `NetworkError(cause: GeneralError(message: "Timeout."))`.
    case networkError = "network"
    /// Always fail with `ServerError.internal(cause: GeneralError(message: "Rate limit exceeded."))`.
    case serverError = "server"
    /// Always fail with `GeneralError(message: "System error.")`.
    case systemError = "system"
}
