// The examples of DurableMachines.md, compiled and run here on a temporary SQLite file and a
// virtual clock.
import FSM
import FSMPersistence
import FSMStore
import FSMStoreJobs
import Foundation
import Testing

// example:order:start
enum OrderState: Hashable, Sendable { case open, paid, shipped, cancelled }
enum OrderEffect: Hashable, Sendable, Codable { case capture, refund, remind, ship }

let order = MachineDefinition<OrderState, OrderEvent, OrderEffect, Void>(name: "order", initial: .open) {
    In(.open) {
        On(.pay, to: .paid, emit: .capture)
        On(.cancel, to: .cancelled)
        After(.seconds(3_600), to: .open, emit: .remind)
    }
    In(.paid) {
        On(.ship, to: .shipped, emit: .ship)
        On(.cancel, to: .cancelled, emit: .refund)
    }
    In(.shipped) { Ignore(.pay, .ship, .cancel) }
    Final(.cancelled) { IgnoreOtherEvents() }
}
// example:order:end

/// The order's events: `pay` carries the amount, kept in the log as JSON. (`@MachineEvent`
/// of FSMMacros writes the `Key`; this target does without the macros.)
enum OrderEvent: MachineEvent, Hashable, Codable {
    case pay(amount: Int)
    case ship
    case cancel

    enum Key: String, MachineEvent, Hashable, Sendable, CaseIterable, Codable, CustomStringConvertible {
        case pay, ship, cancel
        var description: String { rawValue }
    }

    var key: Key {
        switch self {
        case .pay: .pay
        case .ship: .ship
        case .cancel: .cancel
        }
    }
}

/// What the article's handler calls: services that take an idempotency key (an effect given
/// twice is performed once).
private actor Services {
    private(set) var performed: [String] = []
    private var keys: Set<String> = []

    func perform(_ effect: OrderEffect, idempotencyKey: String) throws {
        guard keys.insert(idempotencyKey).inserted else { return }
        performed.append("\(idempotencyKey) \(effect)")
    }
}

private func runDurableExample(databasePath: String, clock: VirtualClock) async throws -> [String] {
    var lines: [String] = []
    func print(_ text: String) { lines.append(text) }
    let services = Services()
    // example:open:start
    // `now:` is the store's clock: by default the system's, here a test's virtual one.
    let store = try MachineStore(order, engine: .sqlite(path: databasePath), now: { clock.now })
    try await store.create("order-7")
    let receipt = try await store.send("order-7", .pay(amount: 1200), requestID: "checkout-5521")
    print("\(receipt.effects.map(\.id))")       // ["order-7/1/0"]
    let again = try await store.send("order-7", .pay(amount: 1200), requestID: "checkout-5521")
    print("\(again.repeated)")                  // true
    // example:open:end

    try await store.create("order-8")
    clock.advance(by: 3_601)
    // example:timers:start
    let fired = try await store.fireDueTimers(worker: "worker-3", limit: 100, lease: .seconds(60))
    print("\(fired)")                           // 1
    // example:timers:end

    // example:handler:start
    for effect in try await store.claimEffects(worker: "worker-3", limit: 50, lease: .seconds(60)) {
        try await services.perform(effect.effect, idempotencyKey: effect.id)
        try await store.complete([effect])
    }
    print("\(await services.performed)")        // ["order-7/1/0 capture", "order-8/1/0 remind"]
    // example:handler:end

    // example:migrate:start
    let migrations = SnapshotMigrations().from(1, to: 2, .renameState("paid", to: "captured"))
    let storeV2 = try MachineStore(orderV2, engine: .sqlite(path: databasePath), migrations: migrations, now: { clock.now })
    let migrated = try await storeV2.migrate(batchSize: 500)
    print("\(migrated)")                        // 2
    if let machine = try await storeV2.machine("order-7") { print("\(machine.state)") }  // captured
    // example:migrate:end
    return lines
}

/// Version 2 of the order: `paid` is called `captured`.
enum OrderStateV2: Hashable, Sendable { case open, captured, shipped, cancelled }

let orderV2 = MachineDefinition<OrderStateV2, OrderEvent, OrderEffect, Void>(name: "order", version: 2, initial: .open) {
    In(.open) {
        On(.pay, to: .captured, emit: .capture)
        On(.cancel, to: .cancelled)
        After(.seconds(3_600), to: .open, emit: .remind)
    }
    In(.captured) {
        On(.ship, to: .shipped, emit: .ship)
        On(.cancel, to: .cancelled, emit: .refund)
    }
    In(.shipped) { Ignore(.pay, .ship, .cancel) }
    Final(.cancelled) { IgnoreOtherEvents() }
}

// example:worker:start
func work(_ store: MachineStore<OrderState, OrderEvent, OrderEffect>, name: String) async {
    while !Task.isCancelled {
        do {
            let fired = try await store.fireDueTimers(worker: name)
            let effects = try await store.claimEffects(worker: name)
            for effect in effects {
                try await perform(effect.effect, idempotencyKey: effect.id)
                try await store.complete([effect])
            }
            if fired == 0 && effects.isEmpty { try await Task.sleep(for: .seconds(1)) }
        } catch {
            log.error("\(error)")  // a conflict on every attempt, a database error: try again
        }
    }
}
// example:worker:end

/// What the article's worker loop calls (compiled, not run: it loops until cancelled).
private func perform(_ effect: OrderEffect, idempotencyKey: String) async throws {}

/// The worker loop's log.
private struct Log {
    func error(_ message: String) {}
}

private let log = Log()

@Suite("The DurableMachines article's examples")
struct DurableMachinesExampleTests {
    @Test("the examples print what their comments say, on a real SQLite file")
    func prints() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("durable-example-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let printed = try await runDurableExample(databasePath: folder.appendingPathComponent("orders.sqlite").path, clock: VirtualClock(1_000_000))
        let said = try ["open", "timers", "handler", "migrate"].flatMap { region in
            try durableExampleLines(region).compactMap { line -> String? in
                guard line.contains("print("), let comment = line.range(of: "// ") else { return nil }
                return String(line[comment.upperBound...])
            }
        }
        #expect(printed == said)
    }

    @Test("the article shows each example as compiled here")
    func article() throws {
        let text = try storeFile("Sources/FSM/Documentation.docc/DurableMachines.md")
        for region in ["order", "open", "timers", "handler", "migrate", "worker"] {
            let code = try durableExampleLines(region).joined(separator: "\n")
            #expect(text.contains("```swift\n" + code + "\n```"), "DurableMachines.md does not show '\(region)' as compiled")
        }
    }
}

/// A file of this package (relative to its root).
private func storeFile(_ path: String) throws -> String {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    return try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
}

/// The lines of an example region of this file, without their common indentation.
private func durableExampleLines(_ name: String) throws -> [String] {
    let lines = try storeFile("Tests/FSMStoreTests/DurableMachinesExample.swift").split(separator: "\n", omittingEmptySubsequences: false)
    let start = try #require(lines.firstIndex { $0.hasSuffix("// example:\(name):start") })
    let end = try #require(lines.firstIndex { $0.hasSuffix("// example:\(name):end") })
    let region = lines[(start + 1)..<end]
    let indent = region.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
    return region.map { $0.isEmpty ? "" : String($0.dropFirst(indent)) }
}
