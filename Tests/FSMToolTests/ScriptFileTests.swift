import Foundation
import FSMREPL
import Testing

/// A script file holding `bytes`, in a fresh folder.
private func script(_ bytes: [UInt8]) throws -> (folder: URL, path: String) {
    let folder = try temporaryDirectory()
    let url = folder.appendingPathComponent("run.fsm")
    try Data(bytes).write(to: url)
    return (folder, url.path)
}

@Suite("Scripts: only regular text files are replayed, and every line end counts")
struct ScriptFileTests {
    @Test("LF, CR and CRLF each end a line; a last line without one counts", arguments: [
        ("coin\npush\n", ["coin", "push"]),
        ("coin\rpush\r", ["coin", "push"]),
        ("coin\r\npush\r\n", ["coin", "push"]),
        ("coin\r\rpush", ["coin", "", "push"]),
        ("coin\n\r\npush", ["coin", "", "push"]),
        ("coin", ["coin"]),
        ("", []),
    ])
    func lineEnds(text: String, lines: [String]) throws {
        #expect(try ScriptFile.lines(in: Array(text.utf8)) == lines)
    }

    @Test("a UTF-8 byte order mark at the start (as some editors write) is not part of the first line")
    func byteOrderMark() async throws {
        #expect(try ScriptFile.lines(in: [0xEF, 0xBB, 0xBF] + Array("coin\npush".utf8)) == ["coin", "push"])
        #expect(try ScriptFile.lines(in: Array("coin\n\u{FEFF}push".utf8)) == ["coin", "\u{FEFF}push"])
        let (folder, path) = try script([0xEF, 0xBB, 0xBF] + Array("coin\n".utf8))
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = await tool(["repl", "turnstile", "--script", path])
        #expect(run.status == 0)
        #expect(run.stdout.contains("> coin\nlocked --coin--> unlocked / unlock\n"))
    }

    @Test("a lone CR ends a line in a replayed script: both events run")
    func loneCR() async throws {
        let (folder, path) = try script(Array("coin\rpush\r".utf8))
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = await tool(["repl", "turnstile", "--script", path])
        #expect(run.status == 0)
        #expect(run.stdout.contains("> coin\nlocked --coin--> unlocked / unlock\n> push\nunlocked --push--> locked / lock\n"))
    }

    @Test("binary content (a NUL byte) is refused before any line runs")
    func binary() async throws {
        let (folder, path) = try script(Array("coin\npush\n".utf8) + [0x7F, 0x45, 0x4C, 0x46, 0x02, 0x00, 0x01])
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = await tool(["repl", "turnstile", "--script", path])
        #expect(run.status == 64)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("Error: cannot read the script '\(path)': it is not a text file (a NUL byte at line 3, byte 6)"))
    }

    @Test("invalid UTF-8 is refused, naming the line and byte")
    func invalidUTF8() async throws {
        let (folder, path) = try script(Array("coin\npu".utf8) + [0xFF] + Array("sh\n".utf8))
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = await tool(["repl", "turnstile", "--script", path])
        #expect(run.status == 64)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("Error: cannot read the script '\(path)': it is not UTF-8 text (an invalid byte 0xFF at line 2, byte 3)"))
    }

    @Test("a folder, a device or a FIFO is refused with what it is", arguments: [
        ("folder", "it is a folder, not a file"),
        ("/dev/zero", "it is a device, not a regular file"),
        ("/dev/null", "it is a device, not a regular file"),
        ("fifo", "it is a FIFO (a named pipe), not a regular file; to replay lines from a program, pipe them to standard input instead"),
        ("/nonexistent/run.fsm", "no such file or directory"),
    ])
    func notARegularFile(name: String, reason: String) async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        var path = name
        if name == "folder" { path = folder.path }
        if name == "fifo" {
            path = folder.appendingPathComponent("fifo").path
            #expect(mkfifo(path, 0o600) == 0)
        }
        let run = await tool(["repl", "turnstile", "--script", path])
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: cannot read the script '\(path)': \(reason)\n"))
    }

    @Test("an over-long line is refused without being echoed whole")
    func overLongLine() async throws {
        let long = String(repeating: "coin ", count: 400_000)
        let (folder, path) = try script(Array(("coin\n" + long + "\npush\n").utf8))
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = await tool(["repl", "turnstile", "--script", path])
        #expect(run.status == 0)
        #expect(run.stdout.utf8.count < 1_000)
        #expect(run.stdout.contains("> \(long.prefix(60))…\nerror: line too long (2000000 bytes; at most 1000); nothing changed\n> push\n"))
    }

    @Test("through a pipe, an over-long line is reported without being echoed whole")
    func overLongPipedLine() async throws {
        let long = String(repeating: "x", count: 3_000)
        let run = await tool(["repl", "turnstile"], input: ["coin", long, "push"])
        #expect(run.stdout == """
        > coin
        locked --coin--> unlocked / unlock
        > \(long.prefix(60))…
        error: line too long (3000 bytes; at most 1000); nothing changed
        > push
        unlocked --push--> locked / lock
        state: locked

        """)
    }

    @Test("an over-long line of one character (a letter and 2,000 combining marks) is cut by scalars")
    func overLongCharacter() async throws {
        let long = "a" + String(repeating: "\u{301}", count: 2_000)
        #expect(long.count == 1)
        let run = await tool(["repl", "turnstile"], input: [long])
        #expect(run.stdout.hasPrefix("> a" + String(repeating: "\u{301}", count: 59) + "…\nerror: line too long (4001 bytes; at most 1000)"))
    }
}
