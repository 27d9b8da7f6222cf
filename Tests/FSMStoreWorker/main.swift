// A worker of the store's crash test (Tests/FSMStoreTests/CrashTests.swift): it creates the
// machines, sends each its requests (ids of its own, so that a request sent again after a
// restart is not taken twice), fires due timers and performs effects, on a virtual clock that
// advances a second per request. Killed with SIGKILL at any point and started again, it goes
// through all its requests from the first. Prints a line per request, then `done`.
//
// Usage: FSMStoreWorker DB NAME MACHINES REQUESTS SEED CLOCK-START [KILL-IN-COMMIT-PER-MILLE]
import FSMStore
import FSMStoreJobs
import Foundation
#if canImport(Glibc)
import Glibc
#endif

let arguments = CommandLine.arguments
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
