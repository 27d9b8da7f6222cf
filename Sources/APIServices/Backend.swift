import Entities

/// The simulated back end that `AuthService` and `UserService` share: the token, the
/// random draws, the clock. It never touches the network.
///
/// Behaves exactly like the original: 2 s waits, a fair coin for failure (then network
/// 1/4, server 1/8, other 1/8 overall), credentials `koher` / `1234` checked after the coin,
/// a 10,000-byte token with a 30 s expiry timer per login whose timers are never cancelled
/// (a stale timer of an earlier login clears a newer token).
///
/// Timers are kept as deadlines and fired, in order, whenever the back end is used: the
/// token is observable only through the back end, so this is indistinguishable from real
/// timers, and it needs no background task.
public actor Backend {
    /// The ID that logs in.
    public static let validID = "koher"
    /// The password that logs in.
    public static let validPassword = "1234"
    /// How long each call waits.
    public static let callDuration = Duration.seconds(2)
    /// How long a token lasts.
    public static let tokenLifetime = Duration.seconds(30)
    /// The number of random bytes in a token.
    public static let tokenSize = 10_000
    /// The two introductions, one of which `currentUser()` returns.
    public static let introductions = [
        "ソフトウェアエンジニア。 Heart of Swift https://heart-of-swift.github.io を書きました。",
        "ソフトウェアエンジニア。 Swift Zoomin' https://swift-tweets.connpass.com/ を主催しています。",
    ]

    private let clock: BackendClock
    private var generator: any RandomNumberGenerator & Sendable
    private var forcedOutcome: ForcedOutcome?
    private var token: [UInt8]?
    private var expiryDeadlines: [Duration] = []

    /// Creates a back end.
    /// - Parameters:
    ///   - clock: The time source (real time by default).
    ///   - generator: The source of the coin draws, and of nothing else, so that a seed
    ///     replays a session (the token's bytes come from the system generator: their values
    ///     never matter).
    ///   - forcedOutcome: An outcome to force instead of the random failure draw.
    public init(
        clock: BackendClock = .continuous,
        generator: some RandomNumberGenerator & Sendable = SystemRandomNumberGenerator(),
        forcedOutcome: ForcedOutcome? = nil
    ) {
        self.clock = clock
        self.generator = generator
        self.forcedOutcome = forcedOutcome
    }

    /// Forces an outcome for the calls that follow (`nil`: back to the random draw).
    public func force(_ outcome: ForcedOutcome?) {
        forcedOutcome = outcome
    }

    /// The outcome forced now, if any.
    public var forced: ForcedOutcome? { forcedOutcome }

    /// Whether a token is stored now.
    public var isLoggedIn: Bool {
        fireDueTimers()
        return token != nil
    }

    /// The number of bytes of the stored token, if any.
    public var tokenByteCount: Int? {
        fireDueTimers()
        return token?.count
    }

    func logIn(id: String, password: String) async throws {
        try await waitForCall()
        try drawFailure()
        guard id == Self.validID, password == Self.validPassword else { throw LoginError() }
        fireDueTimers()
        var bytes = SystemRandomNumberGenerator()
        token = (0..<Self.tokenSize).map { _ in UInt8.random(in: 0x00...0xFF, using: &bytes) }
        expiryDeadlines.append(clock.now() + Self.tokenLifetime)
    }

    func logOut() async {
        try? await clock.sleep(Self.callDuration)
        fireDueTimers()
        token = nil
    }

    func currentUser() async throws -> User {
        fireDueTimers()
        guard token != nil else { throw AuthenticationError() }
        try await waitForCall()
        try drawFailure()
        let introduction = Bool.random(using: &generator) ? Self.introductions[0] : Self.introductions[1]
        return User(id: User.ID(rawValue: Self.validID), name: "Yuta Koshizawa", introduction: introduction)
    }

    private func waitForCall() async throws {
        do {
            try await clock.sleep(Self.callDuration)
        } catch {
            throw NetworkError(cause: error)
        }
    }

    /// The coin draws, in the original order: d1 (success on true), then d2 (network),
    /// then d3 (server), else a general error.
    private func drawFailure() throws {
        switch forcedOutcome {
        case .success: return
        case .networkError: throw Self.networkError
        case .serverError: throw Self.serverError
        case .systemError: throw Self.systemError
        case nil: break
        }
        guard !Bool.random(using: &generator) else { return }
        if Bool.random(using: &generator) { throw Self.networkError }
        if Bool.random(using: &generator) { throw Self.serverError }
        throw Self.systemError
    }

    private static var networkError: NetworkError { NetworkError(cause: GeneralError(message: "Timeout.")) }
    private static var serverError: ServerError { .internal(cause: GeneralError(message: "Rate limit exceeded.")) }
    private static var systemError: GeneralError { GeneralError(message: "System error.") }

    /// Fires, in order, every expiry timer whose deadline has come: each clears the token.
    private func fireDueTimers() {
        let now = clock.now()
        guard expiryDeadlines.contains(where: { $0 <= now }) else { return }
        token = nil
        expiryDeadlines.removeAll { $0 <= now }
    }
}
