import FSM
import FSMTool
import Foundation
import Testing
import TestSupport

/// The built `fsm` executable, beside the test bundle in the build folder (`swift test` builds
/// it for the fsmTests target).
private let fsmExecutable: URL? = {
    let candidates = [
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("fsm"),
        Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("fsm"),
        Bundle.main.bundleURL.appendingPathComponent("fsm"),
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
}()

/// What a run of `fsm` printed on standard output, after its exit status is checked.
private func fsm(_ arguments: [String], lines: [String]) throws -> String {
    let executable = try #require(fsmExecutable, "the fsm executable is not built beside the tests")
    let input = lines.map { $0 + "\n" }.joined()
    let result = try Subprocess.run(executable.path, arguments, input: Data(input.utf8), timeLimit: .seconds(60))
    #expect(!result.timedOut)
    #expect(result.status == 0, "fsm \(arguments): \(String(decoding: result.errors, as: UTF8.self))")
    return String(decoding: result.output, as: UTF8.self)
}

/// The transcript lines from the `skipped + 1`-th echoed line on (`> line` and what follows).
private func transcript(_ output: String, skipping skipped: Int) -> [String] {
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let echoes = lines.indices.filter { lines[$0].hasPrefix("> ") }
    return skipped < echoes.count ? Array(lines[echoes[skipped]...]) : []
}

/// `line` with each virtual time it prints (`time 700 s`, `[700 s]`) read `seconds` earlier.
private func shifted(_ line: String, by seconds: Int) -> String {
    guard seconds != 0 else { return line }
    var result = line
    for prefix in ["time ", "["] {
        var searchFrom = result.startIndex
        while let start = result.range(of: prefix, range: searchFrom..<result.endIndex) {
            let digits = result[start.upperBound...].prefix { $0.isNumber }
            let end = result.index(start.upperBound, offsetBy: digits.count)
            guard let value = Int(digits), result[end...].hasPrefix(" s") else {
                searchFrom = start.upperBound
                continue
            }
            let replacement = String(value - seconds)
            result.replaceSubrange(start.upperBound..<end, with: replacement)
            searchFrom = result.index(start.upperBound, offsetBy: replacement.count)
        }
    }
    return result
}

@Suite("A snapshot written by one process goes on in another, as if the machine never stopped")
struct SnapshotProcessTests {
    /// Runs `before`, saves a snapshot, and runs `after` in a second `fsm` process restored
    /// from it; and the whole in one process. The second process must print what the single
    /// one printed from `after` on, and end in the same state.
    ///
    /// A second process's virtual time starts at 0: with `elapsed` seconds let pass before the
    /// snapshot, the single process's times are read that much earlier.
    func continues(_ document: String, named name: String, before: [String], after: [String], elapsed: Int = 0) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fsm-snapshot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let scxml = folder.appendingPathComponent(name + ".scxml").path
        try document.write(toFile: scxml, atomically: true, encoding: .utf8)
        let snapshot = folder.appendingPathComponent("snapshot.json").path
        let first = try fsm(["repl", scxml], lines: before + [":snapshot " + snapshot])
        #expect(first.contains("saved a snapshot of "), "\(first)")
        let second = try fsm(["repl", scxml, "--restore", snapshot], lines: after)
        #expect(second.hasPrefix("restored: "), "\(second)")
        let single = try fsm(["repl", scxml], lines: before + after)
        let resumed = transcript(second, skipping: 0)
        let expected = transcript(single, skipping: before.count).map { shifted($0, by: elapsed) }
        #expect(resumed.count > after.count && resumed == expected, "\(second)\n---\n\(single)")
        // The snapshot is read back by a third process as the same bytes it wrote.
        let again = folder.appendingPathComponent("again.json").path
        _ = try fsm(["repl", scxml, "--restore", snapshot], lines: [":snapshot " + again])
        #expect(try String(contentsOfFile: again, encoding: .utf8) == String(contentsOfFile: snapshot, encoding: .utf8))
    }

    @Test("the USB device (two parents, a history, a timer): suspended while configured, resumed in another process")
    func usb() throws {
        try continues(usbDevice.scxml, named: "usb", before: ["powerOn", "address", "configure", "suspend"], after: ["busActivity", ":advance", "busActivity", "refresh", ":state"])
    }

    @Test("the jukebox (regions inside a parent, deep and shallow histories): playing, powered off, powered on in another process")
    func jukebox() throws {
        try continues(jukeboxMachine.scxml, named: "jukebox", before: ["play", "mute", "pause", "power"], after: ["power", ":state", "unmute", "stop", "wake", ":state"])
    }

    @Test("history, regions inside a parent and timers: playing muted and paused 100 s into the parent's 600 s timer, continued in another process (the timer runs out 500 s later there)")
    func timedJukeboxContinues() throws {
        try continues(timedJukebox.scxml, named: "timed-jukebox", before: ["power", "play", "mute", "pause", ":advance 100s"], after: [
            ":state", ":advance", ":state", "power", ":state", "stop", ":advance 3s", "play", "mute", ":advance", ":state", "wake", ":state", ":advance", ":state",
        ], elapsed: 100)
    }

    @Test("a snapshot that does not fit: the second process says why and does not start")
    func refused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fsm-snapshot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let snapshot = folder.appendingPathComponent("home.json").path
        _ = try fsm(["repl", "home"], lines: ["startLoading", ":snapshot " + snapshot])
        let executable = try #require(fsmExecutable)
        let other = try Subprocess.run(executable.path, ["repl", "login", "--restore", snapshot], input: Data(), timeLimit: .seconds(60))
        #expect(other.status == 1)
        #expect(String(decoding: other.errors, as: UTF8.self) == "error: cannot restore 'login': the snapshot is of the machine 'home'; nothing was restored\n")
        try "{\"machine\": \"home\"}".write(toFile: snapshot, atomically: true, encoding: .utf8)
        let damaged = try Subprocess.run(executable.path, ["repl", "home", "--restore", snapshot], input: Data(), timeLimit: .seconds(60))
        #expect(damaged.status == 1)
        #expect(String(decoding: damaged.errors, as: UTF8.self) == "error: the file is not a snapshot (no 'format'); nothing changed\n")
    }
}
