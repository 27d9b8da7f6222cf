import Foundation
@testable import FSMTerminal
import TestSupport
import Testing

/// A history file in a fresh folder.
private func historyFile(limit: Int = 1_000) -> (HistoryFile, URL) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fsm-history-\(UUID().uuidString)")
    return (HistoryFile(url: folder.appendingPathComponent("machine"), limit: limit), folder)
}

@Suite("HistoryFile: sessions sharing a file keep every line")
struct HistoryFileTests {
    @Test("two editors on one file, their lines interleaved: every line of both is kept, in order")
    func twoWindows() {
        let (file, folder) = historyFile()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = LineEditor(device: ScriptedTerminal.typing("a1\r", "a2\r", "a3\r"), history: file)
        let second = LineEditor(device: ScriptedTerminal.typing("b1\r", "b2\r", "b3\r"), history: file)
        for _ in 0..<3 {
            _ = first.readLine(prompt: "> ")
            _ = second.readLine(prompt: "> ")
        }
        first.close()
        second.close()
        #expect(file.load() == ["a1", "b1", "a2", "b2", "a3", "b3"])
    }

    @Test("a file longer than the limit (a session with a larger one wrote it) loads only its newest entries")
    func loadKeepsTheLimit() {
        let (file, folder) = historyFile(limit: 10)
        defer { try? FileManager.default.removeItem(at: folder) }
        file.append(["1", "2", "3", "4", "5"])
        #expect(HistoryFile(url: file.url, limit: 3).load() == ["3", "4", "5"])
        #expect(file.load() == ["1", "2", "3", "4", "5"])
    }

    @Test("appends from many threads at once lose nothing, and the limit holds")
    func concurrentAppends() async {
        let (file, folder) = historyFile(limit: 150)
        defer { try? FileManager.default.removeItem(at: folder) }
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<4 {
                group.addTask {
                    for line in 0..<25 { HistoryFile(url: file.url, limit: 150).append(["w\(writer)-\(line)"]) }
                }
            }
        }
        let kept = file.load()
        #expect(kept.count == 100)
        for writer in 0..<4 {
            #expect(kept.filter { $0.hasPrefix("w\(writer)-") } == (0..<25).map { "w\(writer)-\($0)" }, "each writer's lines all there, in its order")
        }
        HistoryFile(url: file.url, limit: 150).append((0..<100).map { "late\($0)" })
        let trimmed = file.load()
        #expect(trimmed.count == 150)
        #expect(trimmed.last == "late99")
    }

    @Test("a lock held too long (a session stopped while appending) gives up: the file unchanged, nothing hangs")
    func lockHeld() async throws {
        var (file, folder) = historyFile()
        defer { try? FileManager.default.removeItem(at: folder) }
        file.append(["before"])
        // Another session holds the lock (flock: per open file, so also within a process).
        let holder = open(file.url.path + ".lock", O_RDWR)
        try #require(holder >= 0)
        defer { close(holder) }
        try #require(flock(holder, LOCK_EX) == 0)
        file.lockAttempts = 3
        let waiting = file
        let returned = await bounded("append to return while the lock is held") {
            await withCheckedContinuation { (done: CheckedContinuation<Bool, Never>) in
                Thread { waiting.append(["while held"]); done.resume(returning: true) }.start()
            }
        }
        #expect(returned == true)
        #expect(file.load() == ["before"])
        flock(holder, LOCK_UN)
        file.append(["after"])
        #expect(file.load() == ["before", "after"])
    }

    @Test("a history that cannot be written changes nothing and stops nothing")
    func unwritable() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fsm-history-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "a file".write(to: folder.appendingPathComponent("blocker"), atomically: true, encoding: .utf8)
        let file = HistoryFile(url: folder.appendingPathComponent("blocker/machine"))
        file.append(["edit"])
        #expect(file.load() == [])
    }
}
