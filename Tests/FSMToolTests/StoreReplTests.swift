import Foundation
import FSM
@testable import FSMStore
import FSMStoreJobs
import FSMTool
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The bytes of the store's files, the database and its WAL (none: empty, as SQLite makes it
/// for a reader when a writer closed the store and removed it): what a session that writes
/// nothing leaves as they were.
private func storeBytes(_ path: String) throws -> [String: Data] {
    var bytes: [String: Data] = [:]
    for file in [path, path + "-wal"] {
        guard FileManager.default.fileExists(atPath: file) else {
            bytes[file] = Data()
            continue
        }
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: file))
        defer { try? handle.close() }
        bytes[file] = try handle.readToEnd() ?? Data()
    }
    return bytes
}

/// Runs the store's crash-test worker with `arguments` to its end (killed after 60 s at
/// most); its status and whether SIGKILL ended it. Through the tool's `Subprocess`: Foundation's
/// `Process` leaks a weak reference per run on Linux, which LeakSanitizer reports (CI's
/// AddressSanitizer step runs these suites).
func runStoreWorker(_ arguments: [String]) throws -> (status: Int32, killed: Bool) {
    let run = try Subprocess.run(workerExecutable.path, arguments, input: Data(), timeLimit: .seconds(60))
    return (run.status, !run.timedOut && run.status == 128 + SIGKILL)
}

@Suite("fsm repl --store: a stored machine's copy in the REPL")
struct StoreReplTests {
    @Test("starts where the stored machine is (nothing runs, its timers as stored), steps a copy, and leaves the store byte for byte as it was")
    func stepsACopy() async throws {
        let folder = try await StoreCommandTests.storeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("lamps.sqlite").path
        let before = try storeBytes(path)
        let run = await tool(
            ["repl", "--store", "lamps.sqlite", "hall"], machines: [StoreCommandTests.lamp], input: [":advance 59s", ":advance 1s", "press"], in: folder
        )
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == """
            machine 'hall' of 'lamps.sqlite' ('lamp', version 1, last step 1970-01-01T00:16:40.000Z); a copy: nothing is written to the store
            restored: on (nothing ran; its timers resume with the time they had left)
            > :advance 59s
            time 59 s: no timer ran out; next: after 60 s (on) in 1 s
            > :advance 1s
            [60 s] on --after 60 s--> off / auto
            time 60 s; state: off
            > press
            off --press--> on / light
            state: on

            """)
        #expect(try storeBytes(path) == before)
        let stored = try #require(try await StoreInspector(.sqlite(readingOnly: path)).machine("hall"))
        #expect(stored.row.version == 1 && stored.log.count == 1)
    }

    @Test("the hint of :save replays on the stored machine: its lines follow the stored state, not the machine's initial one")
    func saveHint() async throws {
        let folder = try await StoreCommandTests.storeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = await tool(["repl", "--store", "lamps.sqlite", "hall"], machines: [StoreCommandTests.lamp], input: ["press", ":save steps.fsm"], in: folder)
        #expect(run.stdout.contains("replay with: machines repl --store lamps.sqlite hall --script steps.fsm"), "\(run.stdout)")
        let replay = await tool(["repl", "--store", "lamps.sqlite", "hall", "--script", "steps.fsm"], machines: [StoreCommandTests.lamp], in: folder)
        #expect(replay.status == 0)
        #expect(replay.stdout.hasSuffix("> press\non --press--> off\nstate: off\n"), "\(replay.stdout)")
    }

    @Test("a machine the store does not have, a definition the tool does not have, a missing file, --restore too: each said, nothing started")
    func refusals() async throws {
        let folder = try await StoreCommandTests.storeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = await tool(["repl", "--store", "lamps.sqlite", "attic"], machines: [StoreCommandTests.lamp], in: folder)
        #expect(missing.status == 1 && missing.stderr == "error: the store 'lamps.sqlite' has no machine 'attic'\n")
        let other = await tool(["repl", "--store", "lamps.sqlite", "hall"], machines: [jobMachine], in: folder)
        #expect(other.status == 1 && other.stdout.isEmpty)
        #expect(other.stderr == "error: machine 'hall' of the store is a 'lamp' machine, which machines does not have (its machines: job): open it with the tool built with that machine's definition\n")
        // Another machine of the same name (the tool's own 'lamp'): the snapshot does not fit.
        let changed = await tool(["repl", "--store", "lamps.sqlite", "hall"], in: folder)
        #expect(changed.status == 1 && changed.stdout.isEmpty)
        #expect(changed.stderr.hasPrefix("error: machine 'hall' of 'lamps.sqlite' ('lamp', version 1, last step 1970-01-01T00:16:40.000Z) does not restore into the tool's machine: cannot restore 'lamp': the machine changed since the snapshot was taken"), "\(changed.stderr)")
        let noFile = await tool(["repl", "--store", "nowhere.sqlite", "hall"], machines: [StoreCommandTests.lamp], in: folder)
        #expect(noFile.status == 64 && noFile.stderr.hasPrefix("Error: no store at 'nowhere.sqlite': the file does not exist\n"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("nowhere.sqlite").path))
        let both = await tool(["repl", "--store", "lamps.sqlite", "hall", "--restore", "x.json"], machines: [StoreCommandTests.lamp], in: folder)
        #expect(both.status == 64 && both.stderr.hasPrefix("Error: --store and --restore both say where to start: give one\n"))
    }

    @Test("a store whose worker was killed with SIGKILL inside a commit: the machine is shown as its last whole step left it, and the store is left as it was")
    func killedWorker() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fsm-store-repl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("jobs.sqlite").path
        // A worker's whole run, then one that kills itself inside its first commit (a send:
        // the machine's row and log entry written, its effects and timers not yet).
        let first = try runStoreWorker([path, "w1", "2", "3", "7", "1000"])
        #expect(first.status == 0 && !first.killed)
        let second = try runStoreWorker([path, "w2", "2", "3", "8", "5000", "1000"])
        #expect(second.killed)
        let stored = try #require(try await StoreInspector(.sqlite(readingOnly: path)).machine("job-0"))
        #expect(stored.row.version == stored.log.count)
        let before = try storeBytes(path)
        let run = await tool(["repl", "--store", "jobs.sqlite", "job-0"], machines: [jobMachine], input: [":state"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let configuration = try #require(jobMachine.configuration(ofStateNamed: stored.row.state))
        #expect(run.stdout.hasPrefix("machine 'job-0' of 'jobs.sqlite' ('job', version \(stored.row.version), last step "), "\(run.stdout)")
        #expect(run.stdout.contains("\nrestored: \(configuration) (nothing ran"), "\(run.stdout)")
        #expect(run.stdout.hasSuffix("state: \(stored.row.state)\n"), "\(run.stdout)")
        #expect(try storeBytes(path) == before)
    }
}
