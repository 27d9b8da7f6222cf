import Foundation
import FSM
import FSMStore
import Testing

@Suite("fsm store: a durable store looked into without its machines' types")
struct StoreCommandTests {
    static let lamp = MachineDefinition<String, String, String, Void>(name: "lamp", initial: "off", events: ["press"]) {
        In("off") { On("press", to: "on", emit: "light") }
        In("on") { On("press", to: "off"); After(.seconds(60), to: "off", emit: "auto") }
    }

    /// A store of two lamps in a new folder, one pressed once with a request id; the folder.
    static func storeFolder() async throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fsm-store-tool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = try MachineStore(lamp, engine: .sqlite(path: folder.appendingPathComponent("lamps.sqlite").path), now: { Date(timeIntervalSince1970: 1_000) })
        try await store.create("hall")
        try await store.create("kitchen\u{7}")
        try await store.send("hall", "press", requestID: "r-1")
        return folder
    }

    @Test("list: one machine a line, in the order of their ids, with its state and version; --after and --limit page")
    func list() async throws {
        let folder = try await Self.storeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = await tool(["store", "list", "--store", "lamps.sqlite"], in: folder)
        #expect(run.status == 0)
        #expect(run.stdout == "hall  lamp  on  version 1\nkitchen\\u{7}  lamp  off  version 0\n")
        let page = await tool(["store", "list", "--store", "lamps.sqlite", "--after", "hall", "--limit", "1"], in: folder)
        #expect(page.stdout == "kitchen\\u{7}  lamp  off  version 0\n")
    }

    @Test("show: the state, timers with deadlines, log and outbox, every stored text escaped")
    func show() async throws {
        let folder = try await Self.storeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = await tool(["store", "show", "--store", "lamps.sqlite", "hall"], in: folder)
        #expect(run.status == 0)
        #expect(run.stdout == """
            hall: machine lamp, version 1, in on
            created 1970-01-01T00:16:40.000Z, last step 1970-01-01T00:16:40.000Z
            timers:
              hall/1/on/0  on #0  60.0 seconds  due 1970-01-01T00:17:40.000Z
            log:
              1  1970-01-01T00:16:40.000Z  {"event":"press"}  request r-1
            outbox:
              hall/1/0  "light"  pending

            """)
        let kitchen = await tool(["store", "show", "--store", "lamps.sqlite", "kitchen\u{7}"], in: folder)
        #expect(kitchen.stdout.hasPrefix("kitchen\\u{7}: machine lamp, version 0, in off\n"))
        let missing = await tool(["store", "show", "--store", "lamps.sqlite", "attic"], in: folder)
        #expect(missing.status == 1 && missing.stderr == "error: the store has no machine 'attic'\n")
    }

    @Test("a store file that does not exist is bad usage, and is not created")
    func missingFile() async throws {
        let folder = try await Self.storeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = await tool(["store", "list", "--store", "nowhere.sqlite"], in: folder)
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: no store at 'nowhere.sqlite': the file does not exist\n"))
        #expect(run.stderr.contains("See 'machines store list --help'"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("nowhere.sqlite").path))
    }

    @Test("a file that is not a store (an empty file, which SQLite reads as an empty database; a text file) is bad usage, and is left byte for byte as it was")
    func notAStore() async throws {
        let folder = try await Self.storeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data().write(to: folder.appendingPathComponent("empty.sqlite"))
        try Data("not a database\n".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        // Read through FileHandle: Foundation's `Data(contentsOf:)` leaks its 4 KiB buffer on
        // an empty file (LeakSanitizer, in CI's AddressSanitizer step).
        func contents(_ name: String) throws -> Data {
            let handle = try FileHandle(forReadingFrom: folder.appendingPathComponent(name))
            defer { try? handle.close() }
            return try handle.readToEnd() ?? Data()
        }
        for name in ["empty.sqlite", "notes.txt"] {
            let before = try contents(name)
            let run = await tool(["store", "list", "--store", name], in: folder)
            #expect(run.status == 64)
            #expect(run.stderr.hasPrefix("Error: '\(name)' is not a store: "), "\(run.stderr)")
            #expect(try contents(name) == before)
        }
    }
}
