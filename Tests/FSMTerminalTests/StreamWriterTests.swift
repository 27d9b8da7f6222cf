import Foundation
import FSMTerminal
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("StreamWriter: a failure is final")
struct StreamWriterTests {
    @Test("after a failed write, later writes throw the same failure and never touch the descriptor",
          .enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "no /dev/full on this system"))
    func failureIsFinal() throws {
        let descriptor = open("/dev/full", O_WRONLY)
        try #require(descriptor >= 0, "/dev/full cannot be opened")
        defer { close(descriptor) }
        let writer = StreamWriter(descriptor: descriptor, stream: "the test stream")
        let full = WriteFailure(stream: "the test stream", code: ENOSPC)
        #expect(throws: full) { try writer.write("first line\n") }
        #expect(writer.failure == full)

        // The same descriptor number now reaches a file that would take every byte: a writer
        // that tried again would write the second line there, torn from the first.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("fsm-writer-\(UUID().uuidString)").path
        defer { unlink(path) }
        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(file >= 0)
        try #require(dup2(file, descriptor) == descriptor)
        close(file)
        #expect(throws: full) { try writer.write("second line\n") }
        // The file's size, not its contents: Foundation's contents(atPath:) leaks its 4 KiB read
        // buffer for an empty file (LeakSanitizer, in CI's AddressSanitizer run).
        var info = stat()
        #expect(stat(path, &info) == 0)
        #expect(info.st_size == 0, "the writer wrote \(info.st_size) bytes after its failure")
    }

    @Test("a writer that has not failed writes every byte and reports no failure")
    func writesWhole() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("fsm-writer-\(UUID().uuidString)").path
        defer { unlink(path) }
        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(file >= 0)
        defer { close(file) }
        let writer = StreamWriter(descriptor: file, stream: "a file")
        let text = String(repeating: "line ✓\n", count: 10_000)
        try writer.write(text)
        #expect(writer.failure == nil)
        #expect(FileManager.default.contents(atPath: path) == Data(text.utf8))
    }
}
