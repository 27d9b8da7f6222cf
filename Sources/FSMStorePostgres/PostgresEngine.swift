#if Postgres
import FSMStore
import Foundation
import NIOSSL
import PostgresNIO

extension StoreEngine {
    /// The PostgreSQL database at `url`, its tables created when missing: worker processes on any
    /// number of hosts that open the same database share its machines. A process killed at any
    /// point leaves each step written whole or not at all (the server rolls back a transaction
    /// whose connection is gone); two workers never hold the same due timer or outbox effect
    /// at once (`FOR UPDATE SKIP LOCKED`).
    ///
    /// ```swift
    /// let engine = try await StoreEngine.postgres(url: "postgres://fsm:secret@db.internal:5432/orders")
    /// let store = try MachineStore(Order.definition, engine: engine)
    /// ```
    ///
    /// The engine keeps a pool of connections, opened as needed, closed when the last copy of
    /// the engine (and of the stores made with it) is gone.
    ///
    /// - Parameters:
    ///   - url: `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE` (or `postgresql://`; the port
    ///     5432 when none is given; the user and password percent-encoded), optionally with
    ///     `?sslmode=disable`, `prefer` (the default, as libpq's: TLS when the server offers it)
    ///     or `require`.
    ///   - connections: How many connections the pool opens at most (at least 1).
    /// - Throws: ``StoreError/Reason/database(_:)`` when the URL cannot be read, the server
    ///   cannot be reached or refuses the user, or the tables cannot be created.
    public static func postgres(url: String, connections: Int = 8) async throws(StoreError) -> StoreEngine {
        try await open(url: url, connections: connections, duringCommit: nil)
    }

    /// The database at `url`, calling `duringCommit` inside each commit's transaction (half of
    /// the step written): for a crash test's worker, which kills itself there.
    package static func postgres(url: String, connections: Int = 8, duringCommit: @escaping @Sendable () throws -> Void) async throws(StoreError) -> StoreEngine {
        try await open(url: url, connections: connections, duringCommit: duringCommit)
    }

    private static func open(url: String, connections: Int, duringCommit: (@Sendable () throws -> Void)?) async throws(StoreError) -> StoreEngine {
        let url = try PostgresURL(url)
        do {
            return StoreEngine(try await PostgresDatabase(url: url, connections: connections, duringCommit: duringCommit))
        } catch {
            throw StoreError(id: "", reason: .database(String(describing: error)))
        }
    }

    /// Drops the store's tables in the database at `url`, with all their rows (a test's fresh
    /// start).
    package static func postgresDroppingTables(url: String) async throws(StoreError) {
        let url = try PostgresURL(url)
        do {
            try await PostgresDatabase.dropTables(url)
        } catch {
            throw StoreError(id: "", reason: .database(String(describing: error)))
        }
    }
}

/// A `postgres://` URL read: where to connect, as whom, with which TLS.
struct PostgresURL: Equatable {
    enum TLS: String { case disable, prefer, require }

    var host: String
    var port: Int
    var user: String
    var password: String?
    var database: String
    var tls: TLS
}

extension PostgresURL {
    /// `url` read; ``StoreError/Reason/database(_:)`` saying why when it is not one.
    init(_ url: String) throws(StoreError) {
        func refuse(_ why: String) -> StoreError {
            StoreError(id: "", reason: .database("not a PostgreSQL URL (postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE): \(why)"))
        }
        guard let components = URLComponents(string: url) else { throw refuse("it cannot be read as a URL") }
        guard components.scheme == "postgres" || components.scheme == "postgresql" else { throw refuse("its scheme is not postgres") }
        guard let host = components.host, !host.isEmpty else { throw refuse("it names no host") }
        guard let user = components.user, !user.isEmpty else { throw refuse("it names no user") }
        let database = String(components.path.drop { $0 == "/" })
        guard !database.isEmpty, !database.contains("/") else { throw refuse("it names no database") }
        let port = components.port ?? 5432
        guard (1...65_535).contains(port) else { throw refuse("its port is not one") }
        var tls = TLS.prefer
        for item in components.queryItems ?? [] {
            guard item.name == "sslmode" else { throw refuse("the option \(item.name) is not known (only sslmode)") }
            guard let mode = item.value.flatMap(TLS.init(rawValue:)) else { throw refuse("sslmode is disable, prefer or require") }
            tls = mode
        }
        self.host = host
        self.port = port
        self.user = user
        password = components.password
        self.database = database
        self.tls = tls
    }

    /// One connection's configuration (TLS contexts made here can fail).
    func connectionConfiguration() throws -> PostgresConnection.Configuration {
        let tls: PostgresConnection.Configuration.TLS = switch self.tls {
        case .disable: .disable
        case .prefer: .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
        case .require: .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
        }
        return PostgresConnection.Configuration(host: host, port: port, username: user, password: password, database: database, tls: tls)
    }

    /// The pool's configuration.
    func configuration(connections: Int) -> PostgresClient.Configuration {
        let tls: PostgresClient.Configuration.TLS = switch self.tls {
        case .disable: .disable
        case .prefer: .prefer(.makeClientConfiguration())
        case .require: .require(.makeClientConfiguration())
        }
        var configuration = PostgresClient.Configuration(host: host, port: port, username: user, password: password, database: database, tls: tls)
        configuration.options.maximumConnections = max(1, connections)
        configuration.options.minimumConnections = 0
        return configuration
    }
}
#endif
