// A worker of the store's crash test (Tests/FSMStoreTests/CrashTests.swift): it creates the
// machines, sends each its requests (ids of its own, so that a request sent again after a
// restart is not taken twice), fires due timers and performs effects, on a virtual clock that
// advances a second per request. Killed with SIGKILL at any point and started again, it goes
// through all its requests from the first. Prints a line per request, then `done`.
//
// Usage: FSMStoreWorker DB NAME MACHINES REQUESTS SEED CLOCK-START [KILL-IN-COMMIT-PER-MILLE]
//        FSMStoreWorker migrate DB BATCH-SIZE [KILL-IN-COMMIT-NUMBER]: migrates the store to the
//        job machine's version 2, killed inside that commit (counted from 0) if given.
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
guard arguments.count >= 7, let machines = Int(arguments[3]), let requests = Int(arguments[4]), let seed = UInt64(arguments[5]),
      let clockStart = Double(arguments[6]) else {
    FileHandle.standardError.write(Data("usage: FSMStoreWorker DB NAME MACHINES REQUESTS SEED CLOCK-START [KILL-IN-COMMIT-PER-MILLE]\n".utf8))
    exit(64)
}
let killPerMille = arguments.count > 7 ? UInt64(arguments[7]) ?? 0 : 0
do {
    try await runWorker(
        path: arguments[1], name: arguments[2], machines: machines, requests: requests, seed: seed, clockStart: clockStart, killPerMille: killPerMille
    )
    FileHandle.standardOutput.write(Data("done\n".utf8))
} catch {
    FileHandle.standardError.write(Data("worker \(arguments[2]): \(error)\n".utf8))
    exit(1)
}
