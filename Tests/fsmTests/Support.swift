import Foundation
import Testing

/// The built `fsm` executable, beside the test bundle in the build folder.
let fsmExecutable: URL = {
    let candidates = [
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("fsm"),
        Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("fsm"),
        Bundle.main.bundleURL.appendingPathComponent("fsm"),
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
}()

/// The golden files of these tests.
let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

/// What a run of `fsm` did.
struct Run {
    let status: Int32
    let stdout: String
    let stderr: String
}

/// Runs `fsm` with arguments and standard input (a pipe, so never a terminal).
func fsm(_ arguments: [String], input: String = "") throws -> Run {
    guard FileManager.default.isExecutableFile(atPath: fsmExecutable.path) else {
        Issue.record("the fsm executable is not built at \(fsmExecutable.path)")
        return Run(status: -1, stdout: "", stderr: "")
    }
    let process = Process()
    process.executableURL = fsmExecutable
    process.arguments = arguments
    let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    let writer = Thread {
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try? stdin.fileHandleForWriting.close()
    }
    writer.start()
    let errorData = LockedData()
    let errorRead = DispatchSemaphore(value: 0)
    let errorReader = Thread {
        errorData.set(stderr.fileHandleForReading.readDataToEndOfFile())
        errorRead.signal()
    }
    errorReader.start()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    errorRead.wait()
    return Run(status: process.terminationStatus, stdout: String(decoding: output, as: UTF8.self), stderr: String(decoding: errorData.value, as: UTF8.self))
}

/// Data written by one thread and read by another.
final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func set(_ value: Data) { lock.withLock { data = value } }
    var value: Data { lock.withLock { data } }
}

/// A fresh temporary folder.
func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("fsm-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
