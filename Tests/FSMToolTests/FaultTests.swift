import Foundation
import FSM
@testable import FSMTool
import FSMTerminal
import Testing

/// A tool run whose standard output (or error) fails the way a full disk or a closed pipe
/// makes it fail.
private func tool(_ arguments: [String], failing stream: String, code: Int32, in directory: URL = FileManager.default.temporaryDirectory) async -> ToolRun {
    let captured = Captured(input: ["coin", "push", ":events"])
    var io = captured.io(in: directory)
    let failure = WriteFailure(stream: stream, code: code)
    if stream == "standard output" {
        io.write = { _ throws(WriteFailure) in throw failure }
    } else {
        io.writeError = { _ throws(WriteFailure) in throw failure }
    }
    let status = await FSMTool.run(arguments, name: "machines", machines: toolMachines, io: io)
    return ToolRun(status: status, stdout: captured.stdout, stderr: captured.stderr)
}

/// Files on disk, except that creating the file at `failAt` (counted from 0) fails with
/// `failWith`, or renaming it does.
private struct FailingFiles: FileWriting {
    let failAt: Int
    let failWith: Int32
    let failRename: Bool
    let counter = Counter()

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func next() -> Int { lock.withLock { defer { value += 1 }; return value } }
    }

    func contents(of url: URL) -> Data? { PosixFiles().contents(of: url) }
    func create(_ url: URL, _ data: Data) throws(FileError) {
        if !failRename && counter.next() == failAt {
            // As a full disk does: part of the file is written before the error.
            try PosixFiles().create(url, data.prefix(data.count / 2))
            throw FileError(code: failWith)
        }
        try PosixFiles().create(url, data)
    }
    func rename(_ url: URL, to destination: URL) throws(FileError) {
        if failRename && counter.next() == failAt { throw FileError(code: failWith) }
        try PosixFiles().rename(url, to: destination)
    }
    func remove(_ url: URL) { PosixFiles().remove(url) }
}

/// Every file of a folder and its bytes.
private func snapshot(_ folder: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
        files[name] = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path)
    }
    return files
}

@Suite("Faults: nothing lost, nothing crashes")
struct FaultTests {
    @Test("diagrams --output empty or blank (an unset variable) is bad usage, and the current folder is untouched", arguments: ["", " ", "\t"])
    func emptyOutput(output: String) async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "# Mine\n".write(to: folder.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)
        try "// swift-tools-version: 6.2\n".write(to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let before = try snapshot(folder)
        let run = await tool(["diagrams", "--output", output], in: folder)
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: --output needs a folder, and it was empty (an unset variable?)"))
        #expect(run.stdout.isEmpty)
        #expect(try snapshot(folder) == before)
    }

    @Test("diagrams --output that resolves to the root folder is bad usage", arguments: ["/", "//", "/tmp/..", "/./"])
    func rootOutput(output: String) async throws {
        let run = await tool(["diagrams", "--output", output])
        #expect(run.status == 64)
        #expect(run.stderr.contains("is the root folder; give the diagrams a folder of their own"))
    }

    @Test("a README.md the tool did not write is never replaced, and nothing else is written beside it")
    func foreignReadme() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "# My project\n".write(to: folder.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)
        let before = try snapshot(folder)
        let run = await tool(["diagrams", "--output", "."], in: folder)
        #expect(run.status == 1)
        #expect(run.stderr.contains("README.md: it was not written by this tool"))
        #expect(try snapshot(folder) == before)
    }

    @Test("a README.md the tool wrote is replaced as before")
    func ownReadme() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(await tool(["diagrams", "--output", "."], in: folder).status == 0)
        try (DiagramSet(toolMachines).readme + "edited\n").write(to: folder.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)
        let again = await tool(["diagrams", "--output", "."], in: folder)
        #expect(again.status == 0)
        #expect(again.stdout.contains("wrote ./README.md"))
    }

    @Test("a full disk while writing: no file is replaced, no temporary is left, the error names the file and what was not written", arguments: [0, 2, 4])
    func fullDisk(failAt: Int) throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Old diagrams of other machines are there: every file differs.
        for file in DiagramSet(toolMachines).files { try "old \(file.name)\n".write(to: folder.appendingPathComponent(file.name), atomically: true, encoding: .utf8) }
        try (DiagramSet.generatedMarker + "\n").write(to: folder.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)
        let before = try snapshot(folder)
        let generator = DiagramGenerator(machines: toolMachines, directory: folder, graphviz: nil, files: FailingFiles(failAt: failAt, failWith: ENOSPC, failRename: false))
        let names = generator.textFiles.map(\.name)
        #expect(throws: DiagramWriteError(file: names[failAt], reason: "No space left on device", replaced: [], notReplaced: names)) {
            try generator.write()
        }
        #expect(try snapshot(folder) == before, "nothing replaced, nothing left over")
    }

    @Test("a rename that fails after others: the error lists the files replaced and those not")
    func failedRename() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let generator = DiagramGenerator(machines: toolMachines, directory: folder, graphviz: nil, files: FailingFiles(failAt: 2, failWith: EIO, failRename: true))
        let names = generator.textFiles.map(\.name)
        #expect(throws: DiagramWriteError(file: names[2], reason: "Input/output error", replaced: Array(names[..<2]), notReplaced: Array(names[2...]))) {
            try generator.write()
        }
        #expect(Set(try snapshot(folder).keys) == Set(names[..<2]), "the replaced files are whole; no temporary is left")
    }

    static let commands: [[String]] = [
        ["list"], ["table", "turnstile"], ["table", "lamp", "--format", "json"], ["dot", "turnstile"], ["mermaid", "lamp"],
        ["validate"], ["repl", "turnstile"], ["--help"], ["table", "--help"],
    ]

    @Test("a full standard output: every command stops with 74 and one line on standard error", arguments: commands)
    func fullOutput(arguments: [String]) async {
        let run = await tool(arguments, failing: "standard output", code: ENOSPC)
        #expect(run.status == 74)
        #expect(run.stderr == "machines: cannot write to standard output: No space left on device\n")
    }

    @Test("a closed pipe (SIGPIPE ignored): every command stops quietly with 74", arguments: commands)
    func closedPipe(arguments: [String]) async {
        let run = await tool(arguments, failing: "standard output", code: EPIPE)
        #expect(run.status == 74)
        #expect(run.stderr.isEmpty)
    }

    @Test("a full standard error: a failing command stops with 74", arguments: [["table", "nosuch"], ["validate", "--bogus"], ["repl", "turnstile", "--script", "/nonexistent"]])
    func fullErrors(arguments: [String]) async {
        let run = await tool(arguments, failing: "standard error", code: ENOSPC)
        #expect(run.status == 74)
        #expect(run.stdout.isEmpty)
    }

    @Test("diagrams --check to a full standard output, with stale files reported to a full standard error")
    func checkFull() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(await tool(["diagrams", "--output", "."], in: folder).status == 0)
        #expect(await tool(["diagrams", "--check", "--output", "."], failing: "standard output", code: ENOSPC, in: folder).status == 74)
        try "stale".write(to: folder.appendingPathComponent("lamp.dot"), atomically: true, encoding: .utf8)
        #expect(await tool(["diagrams", "--check", "--output", "."], failing: "standard error", code: ENOSPC, in: folder).status == 74)
    }
}

/// A protocol machine whose "otherwise" is written as a conflict: an unguarded Ignore beside
/// an unguarded transition. It cannot run.
let conflicted = MachineDefinition<Turnstile, TurnstileEvent, TurnstileEffect, Void>(name: "conflicted", initial: .locked) {
    In(.locked) {
        On(.coin, to: .unlocked)
        Ignore(.coin)
        Illegal(.push)
        Illegal(.kick)
    }
    In(.unlocked) { On(.push, to: .locked); Ignore(.coin); Ignore(.kick) }
    Final(.broken) { IgnoreOtherEvents() }
}

@Suite("Nothing accepts a machine that cannot run")
struct CannotRunTests {
    static let message = "state 'locked' has an unguarded transition on 'coin' and also declares it ignored"

    @Test("table, dot, mermaid and repl of a machine that cannot run: exit 1, naming the error, nothing on standard output", arguments: [
        ["table", "conflicted"], ["table", "conflicted", "--format", "json"], ["dot", "conflicted"], ["mermaid", "conflicted"], ["repl", "conflicted"],
    ])
    func refused(arguments: [String]) async {
        let run = await tool(arguments, machines: [turnstile, conflicted], input: ["coin"])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("machine 'conflicted' cannot run (1 error(s)):\n  error: \(Self.message)"))
    }

    @Test("diagrams and diagrams --check refuse every machine's diagrams while one cannot run, writing nothing")
    func diagrams() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        for arguments in [["diagrams", "--output", "."], ["diagrams", "--check", "--output", "."]] {
            let run = await tool(arguments, machines: [turnstile, conflicted], in: folder)
            #expect(run.status == 1)
            #expect(run.stderr.contains(Self.message))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("list lists every machine, marks the one that cannot run, and exits 1")
    func list() async {
        let run = await tool(["list"], machines: [turnstile, conflicted])
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("conflicted ") && $0.hasSuffix("  cannot run: 1 error(s)") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("turnstile ") && !$0.contains("cannot run") }, "\(lines)")
        #expect(run.stderr.contains(Self.message))
    }

    @Test("validate names it too, as before")
    func validate() async {
        let run = await tool(["validate", "conflicted"], machines: [turnstile, conflicted])
        #expect(run.status == 1 && run.stdout.contains(Self.message))
    }
}
