#if Store
import Foundation

/// A store read without its machines' types, for tools (`fsm store list`, `fsm store show`):
/// the rows as written, events and effects as their JSON.
package struct StoreInspector: Sendable {
    private let database: any StoreDatabase

    package init(_ engine: StoreEngine) {
        database = engine.database
    }

    /// The machines after `after`, in the order of their ids, at most `limit`.
    package func machines(after: String?, limit: Int) async throws(StoreError) -> [StoredMachine] {
        try await run("") { try await $0.machines(after: after, limit: max(0, limit)) }
    }

    /// Machine `id`'s row, its timers, its log and its effects; `nil` when there is none.
    package func machine(_ id: String) async throws(StoreError) -> (row: StoredMachine, timers: [DurableTimer], log: [StoredEntry], effects: [StoredEffect])? {
        guard let row = try await run(id, { try await $0.load(id) }) else { return nil }
        let timers: [DurableTimer]
        do {
            timers = try JSONDecoder().decode([DurableTimer].self, from: Data(row.timers.utf8))
        } catch {
            throw StoreError(id: id, reason: .unreadable("its timers: \(error)"))
        }
        let log = try await run(id) { try await $0.log(of: id) }
        let effects = try await run(id) { try await $0.effects(of: id) }
        return (row, timers, log, effects)
    }

    private func run<T>(_ id: String, _ body: (any StoreDatabase) async throws -> T) async throws(StoreError) -> T {
        try await call(database, for: id, body)
    }
}
#endif
