/// The server answered, but not with what was asked for.
public enum ServerError: Error {
    /// An unexpected HTTP response. The simulated back end never throws it.
    case response(HTTPResponse)
    /// The server failed internally.
    case `internal`(cause: any Error)
}

/// A stand-in for Foundation's `HTTPURLResponse` (which needs FoundationNetworking on Linux):
/// what ``ServerError/response(_:)`` carries.
public struct HTTPResponse: Sendable, Hashable {
    /// The HTTP status code.
    public let statusCode: Int
    /// The response headers.
    public let headers: [String: String]

    /// Creates a response.
    public init(statusCode: Int, headers: [String: String] = [:]) {
        self.statusCode = statusCode
        self.headers = headers
    }
}
