// The store's load test (issue 46's judge): worker processes (FSMStoreWorker, beside this
// executable) over many machines on a SQLite file or a PostgreSQL database, each killed with
// SIGKILL at random points (from outside, or inside one of its commits) and started again; then
// the store is checked in this process: every machine's snapshot is the replay of its log, each
// request and timer in the logs once, every outbox effect there once per id and performed.
// Prints one line of figures; exits 1 when a promise was broken.
//
// Usage: FSMStoreLoad --engine SQLITE-PATH|postgres://… [--machines 10000] [--events 200000]
//            [--workers 4] [--kills 3] [--seed 46] [--performed FILE] [--timeout SECONDS]
import FSMStoreJobs
import Foundation
#if canImport(Glibc)
import Glibc
#endif

let usage = """
    usage: FSMStoreLoad --engine SQLITE-PATH|postgres://USER@HOST:PORT/DB [--machines N] [--events N] [--workers N] \
    [--kills N] [--seed N] [--performed FILE] [--timeout SECONDS]

    """

func fail(_ message: String, status: Int32 = 64) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(status)
}

var options: [String: String] = [:]
var rest = CommandLine.arguments.dropFirst()
while let option = rest.first {
    guard option.hasPrefix("--"), rest.count >= 2 else { fail(usage) }
    options[String(option.dropFirst(2))] = rest[rest.index(after: rest.startIndex)]
    rest = rest.dropFirst(2)
}
let known: Set = ["engine", "machines", "events", "workers", "kills", "seed", "performed", "timeout"]
if let unknown = options.keys.first(where: { !known.contains($0) }) { fail("unknown option --\(unknown)\n" + usage) }
guard let engine = options["engine"], !engine.isEmpty else { fail(usage) }
@MainActor func number(_ name: String, _ fallback: Int) -> Int {
    guard let text = options[name] else { return fallback }
    guard let value = Int(text), value >= 0 else { fail("--\(name) takes a number, not \(text)") }
    return value
}
let machines = number("machines", 10_000)
let workers = number("workers", 4)
guard machines > 0, workers > 0 else { fail("--machines and --workers take at least 1") }
let worker = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("FSMStoreWorker")
guard FileManager.default.isExecutableFile(atPath: worker.path) else { fail("no worker at \(worker.path): build the product FSMStoreWorker", status: 1) }
let performed = options["performed"] ?? (isPostgres(engine) ? FileManager.default.temporaryDirectory.appendingPathComponent("fsm-load-\(getpid()).performed").path : performedPath(engine))
var plan = LoadPlan(
    engine: engine, machines: machines, events: number("events", 200_000), workers: workers, kills: number("kills", 3),
    seed: UInt64(number("seed", 46)), worker: worker, performed: performed
)
plan.timeout = Double(number("timeout", 1_800))
let kind = isPostgres(engine) ? "PostgreSQL" : "SQLite"
print("load test on \(kind): \(plan.workers) workers, \(plan.machines) machines, \(plan.requests) requests each (\(plan.requests * plan.machines) events), \(plan.kills) kills per worker")
do {
    let report = try await runLoad(plan) { line in FileHandle.standardError.write(Data((line + "\n").utf8)) }
    for failure in report.failures { print("FAIL: \(failure)") }
    for violation in report.check.violations { print("VIOLATION: \(violation)") }
    print("load test on \(kind): \(report.summary)")
    exit(report.passed ? 0 : 1)
} catch {
    fail("load test on \(kind): \(error)", status: 1)
}
