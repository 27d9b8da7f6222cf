import Foundation
@testable import FSMTool
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file type bits of `path` itself (links not followed), or `nil` when nothing is there.
private func type(_ path: String) -> mode_t? {
    var status = stat()
    return lstat(path, &status) == 0 ? status.st_mode & S_IFMT : nil
}

/// Files the tool writes (`:save`, `--coverage-out`, `explore --output`, `diagrams`) and
/// reads (coverage files): only regular files; a device, a FIFO or a folder refused with
/// what it is, a missing folder refused before anything runs. (The same with a character
/// device made by mknod, and the history file, end to end in Judges/fault-tests.sh.)
@Suite("Files the tool writes and reads: only regular files")
struct WrittenFileTests {
    @Test(":save onto a FIFO or into a missing folder: an error line that says why, the session goes on, nothing made")
    func saveRefused() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(mkfifo(folder.path + "/fifo", 0o644) == 0)
        let run = await tool(["repl", "turnstile"], input: ["coin", ":save fifo", ":save missing/s.fsm", "push"], in: folder)
        #expect(run.status == 0)
        #expect(run.stdout.contains("> :save fifo\nerror: cannot write fifo: '\(folder.path)/fifo' is a FIFO (a named pipe): machines writes only regular files\n"), "\(run.stdout)")
        #expect(run.stdout.contains("> :save missing/s.fsm\nerror: cannot write missing/s.fsm: the folder '\(folder.path)/missing' does not exist (create it first, or give a path in an existing folder)\n"), "\(run.stdout)")
        #expect(run.stdout.hasSuffix("> push\nunlocked --push--> locked / lock\nstate: locked\n"), "the session went on")
        #expect(type(folder.path + "/fifo") == S_IFIFO)
        #expect(type(folder.path + "/missing") == nil)
    }

    @Test(":save onto a symbolic link writes the file it names; the link stays")
    func saveThroughLink() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("real"), withIntermediateDirectories: true)
        symlink("real/session.fsm", folder.path + "/link.fsm")
        let run = await tool(["repl", "turnstile"], input: ["coin", ":save link.fsm"], in: folder)
        #expect(run.status == 0)
        #expect(type(folder.path + "/link.fsm") == S_IFLNK)
        #expect(FileManager.default.contents(atPath: folder.path + "/real/session.fsm") == Data("coin\n".utf8))
    }

    @Test("--coverage-out into a missing folder, or onto a FIFO: refused before the session starts (64), nothing written")
    func coverageOutRefused() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(mkfifo(folder.path + "/fifo", 0o644) == 0)
        let missing = await tool(["repl", "turnstile", "--coverage-out", "missing/cov.json"], input: ["coin"], in: folder)
        #expect(missing.status == 64)
        #expect(missing.stderr.hasPrefix("Error: --coverage-out missing/cov.json: the folder '\(folder.path)/missing' does not exist (create it first, or give a path in an existing folder); nothing written\n"), "\(missing.stderr)")
        #expect(missing.stdout.isEmpty, "no line ran")
        #expect(type(folder.path + "/missing") == nil)
        let fifo = await tool(["repl", "turnstile", "--coverage-out", "fifo"], input: ["coin"], in: folder)
        #expect(fifo.status == 64)
        #expect(fifo.stderr.hasPrefix("Error: --coverage-out fifo: '\(folder.path)/fifo' is a FIFO (a named pipe): machines writes only regular files; nothing written\n"), "\(fifo.stderr)")
        #expect(type(folder.path + "/fifo") == S_IFIFO)
    }

    @Test("explore --output onto a dangling symbolic link writes the page where it points; the link stays")
    func exploreThroughDanglingLink() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        symlink("page.html", folder.path + "/link.html")
        let run = await tool(["explore", "turnstile", "--output", "link.html"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(type(folder.path + "/link.html") == S_IFLNK)
        #expect(type(folder.path + "/page.html") == S_IFREG)
    }

    @Test("diagrams with a FIFO where a file goes: refused naming it, nothing replaced, no wait")
    func diagramsOntoFIFO() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(await tool(["diagrams", "--output", "D"], in: folder).status == 0)
        let dot = folder.path + "/D/turnstile.dot"
        unlink(dot)
        #expect(mkfifo(dot, 0o644) == 0)
        let run = await tool(["diagrams", "--output", "D"], in: folder)
        #expect(run.status == 1)
        #expect(run.stderr.contains("turnstile.dot: '\(dot)' is a FIFO (a named pipe): machines writes only regular files"), "\(run.stderr)")
        #expect(type(dot) == S_IFIFO)
        let check = await tool(["diagrams", "--check", "--output", "D"], in: folder)
        #expect(check.status == 1, "a FIFO is not the diagram: --check says so, without waiting")
    }

    @Test("a FIFO, a device or a folder as a coverage file to read: refused with what it is, at once", arguments: [["coverage", "turnstile"], ["dot", "turnstile", "--coverage"], ["mermaid", "turnstile", "--coverage"]])
    func coverageSpecials(command: [String]) async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(mkfifo(folder.path + "/fifo", 0o644) == 0)
        let cases = [
            ("fifo", "machines: 'fifo' cannot be read: it is a FIFO (a named pipe), not a regular file\n"),
            ("/dev/zero", "machines: '/dev/zero' cannot be read: it is a device, not a regular file\n"),
            (".", "machines: '.' cannot be read: it is a folder, not a file\n"),
        ]
        for (file, message) in cases {
            let run = await tool(command + [file], in: folder)
            #expect(run.status == 1)
            #expect(run.stderr == message)
        }
    }
}
