#if Store
/// Where a ``MachineStore`` keeps its machines: SQLite (one file any number of processes on one
/// host share), or PostgreSQL (`StoreEngine.postgres(url:)` of the module FSMStorePostgres, behind
/// the package trait `Postgres`: a server that worker processes on many hosts share). Every engine
/// keeps the same tables and promises, so a store's code does not change with it.
public struct StoreEngine: Sendable {
    package let database: any StoreDatabase

    package init(_ database: any StoreDatabase) {
        self.database = database
    }

    /// The SQLite file at `path`, created with its tables when missing, in WAL mode. Processes
    /// that open the same file share its machines; a write waits up to `busyTimeout` for
    /// another's. A process killed at any point leaves each step written whole or not at all.
    ///
    /// - Throws: ``StoreError/Reason/database(_:)`` when the file cannot be opened or is not
    ///   a store.
    public static func sqlite(path: String, busyTimeout: Duration = .seconds(10)) throws(StoreError) -> StoreEngine {
        try sqlite(path: path, busyTimeout: busyTimeout, duringCommit: {})
    }

    /// The SQLite store at `path`, read only (`fsm store`, `fsm repl --store`): nothing is
    /// written to it. To read a store in WAL mode whose last writer closed it, SQLite creates
    /// its `-wal` (empty) and `-shm` (an index) files beside it again.
    package static func sqlite(readingOnly path: String, busyTimeout: Duration = .seconds(10)) throws(StoreError) -> StoreEngine {
        let seconds = Double(busyTimeout.components.seconds) + Double(busyTimeout.components.attoseconds) / 1e18
        do {
            return StoreEngine(try SQLiteDatabase(readingOnly: path, busyTimeout: max(0, seconds)))
        } catch {
            throw StoreError(id: "", reason: .database(String(describing: error)))
        }
    }

    /// The SQLite file at `path`, calling `duringCommit` inside each commit's transaction
    /// (half of the step written): for a crash test's worker, which kills itself there, and
    /// a test that throws there (the transaction is rolled back).
    package static func sqlite(path: String, busyTimeout: Duration, duringCommit: @escaping @Sendable () throws -> Void) throws(StoreError) -> StoreEngine {
        let seconds = Double(busyTimeout.components.seconds) + Double(busyTimeout.components.attoseconds) / 1e18
        do {
            return StoreEngine(try SQLiteDatabase(path: path, busyTimeout: max(0, seconds), duringCommit: duringCommit))
        } catch {
            throw StoreError(id: "", reason: .database(String(describing: error)))
        }
    }
}
#endif
