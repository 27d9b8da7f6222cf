import Foundation
import FSM
@testable import FSMStore
import FSMStoreJobs
import Testing

@Suite("fsm store replay: a stored machine's log replayed with the tool's definition")
struct StoreReplayTests {
    @Test("each entry with the state it leads to and its effects, then that the replay ends as stored")
    func replays() async throws {
        let folder = try await StoreCommandTests.storeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = await tool(["store", "replay", "--store", "lamps.sqlite", "hall"], machines: [StoreCommandTests.lamp], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == """
            hall: machine lamp, created 1970-01-01T00:16:40.000Z in off
              1  1970-01-01T00:16:40.000Z  {"event":"press"}  request r-1
                 -> on; effects: "light"
            the replay ends as stored: on, version 1; the outbox holds its 1 effect(s)

            """)
    }

    @Test("a snapshot that is not the replay of its log: both shown, exit 1")
    func mismatch() async throws {
        let folder = try await StoreCommandTests.storeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The hall's row given the kitchen's snapshot, as a faulty writer would leave it.
        let database = try StoreEngine.sqlite(path: folder.appendingPathComponent("lamps.sqlite").path).database
        var hall = try #require(try await database.load("hall"))
        let kitchen = try #require(try await database.load("kitchen\u{7}"))
        hall.snapshot = kitchen.snapshot
        #expect(try await database.commit(StoreCommit(machine: hall, expectedVersion: 1, entry: nil, effects: [], timers: [])))
        let run = await tool(["store", "replay", "--store", "lamps.sqlite", "hall"], machines: [StoreCommandTests.lamp], in: folder)
        #expect(run.status == 1)
        #expect(run.stdout.hasSuffix("     -> on; effects: \"light\"\n"))
        #expect(run.stderr.hasPrefix("error: the replay of 'hall' does not end as the store says:\n  stored snapshot:  {"), "\(run.stderr)")
        #expect(run.stderr.contains("\"state\":\"off\"") && run.stderr.contains("\n  replayed:         {"))
        #expect(!run.stderr.contains("outbox holds"))
    }

    @Test("a definition the tool does not have, or one that refuses the log: said, exit 1")
    func refusals() async throws {
        let folder = try await StoreCommandTests.storeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let other = await tool(["store", "replay", "--store", "lamps.sqlite", "hall"], machines: [jobMachine], in: folder)
        #expect(other.status == 1 && other.stdout.isEmpty)
        #expect(other.stderr == "error: machine 'hall' of the store is a 'lamp' machine, which machines does not have (its machines: job): open it with the tool built with that machine's definition\n")
        // Another machine of that name, which refuses the logged press.
        let kicked = MachineDefinition<String, String, String, Void>(name: "lamp", initial: "off", events: ["press", "kick"]) {
            In("off") { On("kick", to: "on") }
            In("on") { On("press", to: "off") }
        }
        let changed = await tool(["store", "replay", "--store", "lamps.sqlite", "hall"], machines: [kicked], in: folder)
        #expect(changed.status == 1)
        #expect(changed.stdout == "hall: machine lamp, created 1970-01-01T00:16:40.000Z in off\n")
        #expect(changed.stderr.hasPrefix("error: entry 1 of the log cannot be replayed: machine 'hall' refused the event: "), "\(changed.stderr)")
        #expect(changed.stderr.hasSuffix("; the store holds version 1, in on\n"), "\(changed.stderr)")
        // The tool's own 'lamp' cannot be stored at all (its guards read a context).
        let unstorable = await tool(["store", "replay", "--store", "lamps.sqlite", "hall"], in: folder)
        #expect(unstorable.status == 1)
        #expect(unstorable.stderr == "error: 'lamp' cannot be replayed from a store: a stored machine's events and effects are Codable and its guards read no context\n")
        let missing = await tool(["store", "replay", "--store", "lamps.sqlite", "attic"], machines: [StoreCommandTests.lamp], in: folder)
        #expect(missing.status == 1 && missing.stderr == "error: the store has no machine 'attic'\n")
    }

    @Test("every machine of a store that workers wrote, killed with SIGKILL inside a commit: the replay ends as stored")
    func killedWorkers() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fsm-store-replay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("jobs.sqlite").path
        #expect(try runStoreWorker([path, "w1", "3", "4", "7", "1000"]).status == 0)
        #expect(try runStoreWorker([path, "w2", "3", "4", "8", "5000", "1000"]).killed)
        for id in ["job-0", "job-1", "job-2"] {
            let run = await tool(["store", "replay", "--store", "jobs.sqlite", id], machines: [jobMachine], in: folder)
            #expect(run.status == 0, "\(id): \(run.stderr)")
            #expect(run.stdout.contains("\nthe replay ends as stored: "), "\(run.stdout)")
        }
    }
}
