import Foundation
@testable import FSMTool
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
    // posix_spawn (the tool's own Subprocess), not Foundation.Process, which leaks a little
    // per run and so fails every LeakSanitizer run of these tests.
    let result = try Subprocess.run(fsmExecutable.path, arguments, input: Data(input.utf8), timeLimit: .seconds(60))
    if result.timedOut { Issue.record("fsm \(arguments.joined(separator: " ")) ran for 60 s and was killed: it hangs") }
    return Run(status: result.status, stdout: String(decoding: result.output, as: UTF8.self), stderr: String(decoding: result.errors, as: UTF8.self))
}

/// A fresh temporary folder.
func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("fsm-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
