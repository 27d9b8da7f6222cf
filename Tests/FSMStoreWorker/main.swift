// A worker of the store's crash and load tests (Tests/FSMStoreTests/CrashTests.swift,
// FSMStoreLoad): it creates its machines, sends each its requests (ids of its own, so that a
// request sent again after a restart is not taken twice), fires due timers and performs effects,
// on a virtual clock that advances a few seconds per request. Killed with SIGKILL at any point
// and started again, it goes through its requests from the first (or from --first). Prints a
// line per request, then `done`.
//
// Usage: FSMStoreWorker ENGINE NAME MACHINES REQUESTS SEED CLOCK-START [KILL-IN-COMMIT-PER-MILLE]
//            [--kill-at-commit N] [--slices N --slice I] [--first R] [--performed FILE]
// (ENGINE: a SQLite file's path, or a postgres:// URL, built with the trait Postgres.)
//        FSMStoreWorker migrate DB BATCH-SIZE [KILL-IN-COMMIT-NUMBER]: migrates the SQLite store DB
//        to the job machine's version 2, killed inside that commit (counted from 0) if given.
import FSMStore
import FSMStoreJobs
import Foundation
#if canImport(Glibc)
import Glibc
#endif

let arguments = CommandLine.arguments
if arguments.count >= 4, arguments[1] == "migrate", let batchSize = Int(arguments[3]) {
    do {
        let migrated = try await runMigration(path: arguments[2], batchSize: batchSize, killAt: arguments.count > 4 ? Int(arguments[4]) : nil)
        FileHandle.standardOutput.write(Data("migrated \(migrated)\ndone\n".utf8))
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("migration: \(error)\n".utf8))
        exit(1)
    }
}
let usage = """
    usage: FSMStoreWorker ENGINE NAME MACHINES REQUESTS SEED CLOCK-START [KILL-IN-COMMIT-PER-MILLE] \
    [--kill-at-commit N] [--slices N --slice I] [--first R] [--performed FILE]

    """
guard let plan = WorkerPlan(arguments: Array(CommandLine.arguments.dropFirst())) else {
    FileHandle.standardError.write(Data(usage.utf8))
    exit(64)
}
do {
    try await runWorker(plan)
    FileHandle.standardOutput.write(Data("done\n".utf8))
} catch {
    FileHandle.standardError.write(Data("worker \(plan.name): \(error)\n".utf8))
    exit(1)
}
