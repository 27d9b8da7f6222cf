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

@Suite("Layout options, SVG digests and DocC catalogs")
struct DiagramLayoutTests {
    @Test("dot and mermaid take --direction (either case) and --no-effects")
    func layoutFlags() async {
        let dot = await tool(["dot", "turnstile", "--direction", "tb"])
        #expect(dot.status == 0 && dot.stdout.contains("  rankdir=TB;\n"))
        #expect(await tool(["dot", "turnstile"]).stdout.contains("  rankdir=LR;\n"))
        let mermaid = await tool(["mermaid", "turnstile", "--direction", "TB", "--no-effects"])
        #expect(mermaid.stdout.contains("  direction TB\n"))
        #expect(mermaid.stdout.contains("s0 --> s1 : coin\n") && !mermaid.stdout.contains("/ unlock"))
        #expect(await tool(["dot", "turnstile", "--direction", "up"]).status == 64)
    }

    @Test("a machine's own direction is its diagrams' default; an option overrides it")
    func machineDirection() {
        let tall = turnstile.drawn(.topToBottom)
        #expect(tall.dot().contains("rankdir=TB;"))
        #expect(tall.mermaid().contains("  direction TB\n"))
        #expect(tall.dot(DiagramOptions(direction: .leftToRight)).contains("rankdir=LR;"))
        #expect(DiagramSet([tall]).files[0].contents.contains("rankdir=TB;"))
    }

    @Test("an SVG drawn from another DOT is stale, found without Graphviz; a missing one counts only with Graphviz")
    func svgDigest() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let generator = DiagramGenerator(machines: [turnstile], directory: folder, graphviz: nil)
        _ = try generator.write()
        #expect(generator.check().isEmpty, "no SVG, no Graphviz: nothing to say")
        let svg = folder.appendingPathComponent("turnstile.svg")
        try "<?xml version=\"1.0\"?>\n<svg/>\n".write(to: svg, atomically: true, encoding: .utf8)
        #expect(generator.check().map(\.description) == [svg.path + ": stale (drawn from another turnstile.dot)"])
        try DiagramSet.stamped("<?xml version=\"1.0\"?>\n<svg/>\n", dot: turnstile.dot(), stem: "turnstile").write(to: svg, atomically: true, encoding: .utf8)
        #expect(generator.check().isEmpty)
        try FileManager.default.removeItem(at: svg)
        let withGraphviz = DiagramGenerator(machines: [turnstile], directory: folder, graphviz: Graphviz(executable: URL(fileURLWithPath: "/bin/false")))
        #expect(withGraphviz.check().map(\.description) == [svg.path + ": missing"])
    }

    @Test("a stale file's finding carries a diff of what changed")
    func diff() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let generator = DiagramGenerator(machines: [turnstile], directory: folder, graphviz: nil)
        _ = try generator.write()
        let dot = folder.appendingPathComponent("turnstile.dot")
        try (try String(contentsOf: dot, encoding: .utf8)).replacingOccurrences(of: "coin / unlock", with: "coin").write(to: dot, atomically: true, encoding: .utf8)
        let finding = try #require(generator.check().first)
        #expect(finding.reason == "stale (differs from the code)")
        #expect(finding.diff.contains("- ") && finding.diff.contains("+ ") && finding.diff.contains("coin / unlock"))
    }

    @Test("diagrams --docc writes each machine's SVG and article into the catalog; --check covers them", .enabled(if: Graphviz.find() != nil, "needs Graphviz to draw the SVGs"))
    func docc() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = folder.appendingPathComponent("Docs.docc")
        try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: true)
        let write = await tool(["diagrams", "--docc", "Docs.docc"], in: folder)
        #expect(write.status == 0)
        let article = try String(contentsOf: catalog.appendingPathComponent("Diagrams/turnstile-machine.md"), encoding: .utf8)
        #expect(article.hasPrefix("# turnstile\n\nA coin unlocks it, a push locks it again.\n"))
        #expect(article.contains("![The turnstile machine.](turnstile.svg)") && article.contains("| from | event | guard | to | effects |"))
        let svg = try String(contentsOf: catalog.appendingPathComponent("Diagrams/turnstile.svg"), encoding: .utf8)
        #expect(DiagramSet.isDrawn(from: turnstile.dot(), svg, stem: "turnstile"))
        #expect(await tool(["diagrams", "--check", "--docc", "Docs.docc"], in: folder).status == 0)
        try (article + "edited\n").write(to: catalog.appendingPathComponent("Diagrams/turnstile-machine.md"), atomically: true, encoding: .utf8)
        let stale = await tool(["diagrams", "--check", "--docc", "Docs.docc"], in: folder)
        #expect(stale.status == 1 && stale.stderr.contains("Diagrams/turnstile-machine.md: stale (differs from the code)") && stale.stderr.contains("- edited"))
    }

    @Test("an article an earlier version wrote as Diagrams/NAME.md is reported by --check and removed by a write; one written by hand is left alone", .enabled(if: Graphviz.find() != nil, "needs Graphviz to draw the SVGs"))
    func doccLeftovers() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let diagrams = folder.appendingPathComponent("Docs.docc/Diagrams")
        try FileManager.default.createDirectory(at: diagrams, withIntermediateDirectories: true)
        #expect(await tool(["diagrams", "--docc", "Docs.docc"], in: folder).status == 0)
        let old = diagrams.appendingPathComponent("turnstile.md"), own = diagrams.appendingPathComponent("lamp.md")
        try "# turnstile\n\n<!-- \(DiagramSet.generatedMarker) the tool's `diagrams --docc`; do not edit by hand. -->\n".write(to: old, atomically: true, encoding: .utf8)
        try "# lamp\n\nMy own notes.\n".write(to: own, atomically: true, encoding: .utf8)
        let check = await tool(["diagrams", "--check", "--docc", "Docs.docc"], in: folder)
        #expect(check.status == 1 && check.stderr.contains("Diagrams/turnstile.md: left by an earlier version (the article is now Diagrams/turnstile-machine.md): delete it"), "\(check.stderr)")
        #expect(!check.stderr.contains("lamp.md"))
        let write = await tool(["diagrams", "--docc", "Docs.docc"], in: folder)
        #expect(write.stdout.contains("removed Docs.docc/Diagrams/turnstile.md"), "\(write.stdout)")
        #expect(!FileManager.default.fileExists(atPath: old.path) && FileManager.default.fileExists(atPath: own.path))
        #expect(await tool(["diagrams", "--check", "--docc", "Docs.docc"], in: folder).status == 0)
    }

    @Test("--docc needs a .docc folder, and not with --output", arguments: [["--docc", "NotACatalog"], ["--docc", "x.docc", "--output", "y"], ["--docc", ""]])
    func doccUsage(arguments: [String]) async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("NotACatalog"), withIntermediateDirectories: true)
        #expect(await tool(["diagrams"] + arguments, in: folder).status == 64)
    }
}
