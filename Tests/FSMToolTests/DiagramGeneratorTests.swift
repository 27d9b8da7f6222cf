import FSM
import FSMREPL
import FSMTool
import Foundation
import Testing

@Suite("Writing and checking diagrams")
struct DiagramGeneratorTests {
    @Test("writes every file once, then only what changed; check names missing and stale files")
    func writeAndCheck() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let generator = DiagramGenerator(machines: toolMachines, directory: directory, graphviz: nil)

        #expect(generator.check().count == 5)
        let first = try generator.write()
        #expect(first.written == ["turnstile.dot", "turnstile.mmd", "lamp.dot", "lamp.mmd", "README.md"])
        #expect(!first.renderedSVG)
        #expect(generator.check().map(\.description) == [])

        let again = try generator.write()
        #expect(again.written == [] && again.unchanged == 5)

        try "edited".write(to: directory.appendingPathComponent("lamp.mmd"), atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(at: directory.appendingPathComponent("turnstile.dot"))
        #expect(generator.check().map(\.description) == [
            directory.appendingPathComponent("turnstile.dot").path + ": missing",
            directory.appendingPathComponent("lamp.mmd").path + ": stale (differs from the code)",
        ])
        #expect(try generator.write().written == ["turnstile.dot", "lamp.mmd"])
        #expect(generator.check().map(\.description) == [])
    }

    @Test("editing a machine makes its files stale, and regenerating fixes them")
    func editedMachine() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try DiagramGenerator(machines: toolMachines, directory: directory, graphviz: nil).write()

        let edited = MachineDefinition<Bulb, String, Never, Bool>(name: "lamp", initial: .off, events: ["switch", "unplug"]) {
            In(.off) {
                On("switch", to: .on)   // the guard dropped
                Ignore("unplug")
            }
            In(.on) {
                On("switch", to: .off)
                On("unplug", to: .off)
            }
        }
        let generator = DiagramGenerator(machines: [turnstile, edited], directory: directory, graphviz: nil)
        #expect(generator.check().map(\.description) == [
            directory.appendingPathComponent("lamp.dot").path + ": stale (differs from the code)",
            directory.appendingPathComponent("lamp.mmd").path + ": stale (differs from the code)",
            directory.appendingPathComponent("README.md").path + ": stale (differs from the code)",
        ])
        #expect(try generator.write().written == ["lamp.dot", "lamp.mmd", "README.md"])
        #expect(generator.check().map(\.description) == [])
    }

    @Test("the README shows each machine's summary, SVG and Mermaid block")
    func readme() throws {
        let readme = DiagramSet(toolMachines).readme
        #expect(readme.contains("## turnstile\n\nA coin unlocks it, a push locks it again.\n\n![turnstile](turnstile.svg)\n\n```mermaid\n" + turnstile.mermaid()))
        #expect(readme.contains("## lamp\n\n![lamp](lamp.svg)\n\n```mermaid\n" + lamp.mermaid() + "```\n"))
    }

    @Test("file names are safe and distinct whatever the machine names", arguments: [
        (["a/b", "../x", ".hidden", "", "ok-1.2_x"], ["a_b", "_._x", "_hidden", "machine", "ok-1.2_x"]),
        (["Door", "door", "d o", "d_o"], ["Door", "door-2", "d_o", "d_o-2"]),
        (["日本", "名前"], ["__", "__-2"]),
    ])
    func stems(names: [String], expected: [String]) {
        let machines = names.map { MachineDefinition<Bulb, String, Never, Void>(name: $0, initial: .off, events: []) { In(.off) {} } }
        #expect(DiagramSet(machines).stems == expected)
    }
}

@Suite("diagrams, as a command")
struct DiagramsCommandTests {
    /// A folder that looks like a package root.
    func packageFolder() throws -> URL {
        let folder = try temporaryDirectory()
        try "// swift-tools-version: 6.2\n".write(to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        return folder
    }

    @Test("in a package root: writes Diagrams/, then --check passes; an edit makes --check fail naming the file")
    func roundTrip() async throws {
        let folder = try packageFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let write = await tool(["diagrams"], in: folder)
        #expect(write.status == 0)
        #expect(write.stdout.contains("wrote Diagrams/turnstile.dot\n"))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Diagrams/lamp.mmd").path))
        let check = await tool(["diagrams", "--check"], in: folder)
        #expect(check.status == 0)
        #expect(check.stdout.hasPrefix("7 diagram files match the code"), "5 text files and 2 SVGs (by digest)")

        try "stale".write(to: folder.appendingPathComponent("Diagrams/lamp.dot"), atomically: true, encoding: .utf8)
        let stale = await tool(["diagrams", "--check"], in: folder)
        #expect(stale.status == 1)
        #expect(stale.stderr.contains("Diagrams/lamp.dot: stale (differs from the code)"))
        #expect(stale.stderr.contains("1 diagram file(s) out of date"))
        #expect(try String(contentsOf: folder.appendingPathComponent("Diagrams/lamp.dot"), encoding: .utf8) == "stale", "--check writes nothing")
    }

    @Test("outside a package root, without --output: a usage error that says where it looked")
    func notAPackageRoot() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        for arguments in [["diagrams", "--check"], ["diagrams"]] {
            let run = await tool(arguments, in: folder)
            #expect(run.status == 64)
            #expect(run.stderr.hasPrefix("Error: \(folder.path) is not a package root (no Package.swift there): run it from the folder with Package.swift, or pass --output DIR\nUsage: machines diagrams"))
            #expect(!run.stderr.contains("missing"))
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Diagrams").path))
    }

    @Test("--check of a folder that does not exist is a usage error, not one finding per file")
    func checkMissingFolder() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = await tool(["diagrams", "--check", "--output", "docs/diagrams"], in: folder)
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: there are no diagrams to check at \(folder.path)/docs/diagrams (the folder does not exist)"))
    }

    @Test("a folder that cannot be written is one plain error line")
    func unwritable() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "a file".write(to: folder.appendingPathComponent("blocker"), atomically: true, encoding: .utf8)
        let run = await tool(["diagrams", "--output", "blocker/sub"], in: folder)
        #expect(run.status == 1)
        #expect(run.stderr.contains("error: cannot write the diagrams to \(folder.path)/blocker/sub: the file cannot be written"))
        #expect(!run.stderr.contains("NSCocoaErrorDomain") && !run.stderr.contains("UserInfo"))
    }
}
