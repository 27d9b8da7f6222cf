import FSM
import FSMCoverage
import FSMREPL
@testable import FSMTool
import Foundation
import Testing
import TestSupport

/// A folder with `cov.json` written by `repl turnstile --coverage-out` over `lines`.
private func recordedSession(_ lines: [String]) async throws -> URL {
    let folder = try temporaryDirectory()
    let run = await tool(["repl", "turnstile", "--coverage-out", "cov.json"], input: lines, in: folder)
    #expect(run.status == 0, "\(run.stderr)")
    return folder
}

@Suite("Coverage from the tool: repl --coverage-out, coverage, dot and mermaid --coverage")
struct CoverageCommandTests {
    @Test("repl --coverage-out writes what the session did; coverage prints its report")
    func roundTrip() async throws {
        let folder = try await recordedSession(["coin", "push", "push", "kick"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try String(contentsOf: folder.appendingPathComponent("cov.json"), encoding: .utf8)
        let coverage = try JSONDecoder().decode(Coverage.self, from: Data(file.utf8))
        let expected = try #require(coverage[machine: "turnstile"])
        #expect(expected.cells.first { $0.state == "locked" && $0.event == "push" }?.refused == 1, "the refused push is recorded")
        let run = await tool(["coverage", "turnstile", "cov.json"], in: folder)
        #expect(run.status == 0)
        #expect(run.stdout == expected.report.markdown)
        #expect(run.stdout.contains("| legal cells (a transition taken) | 3 | 4 | 75 |"))
        #expect(run.stdout.contains("- transition never taken: (`unlocked`, `coin`) -> `unlocked`"))
    }

    @Test("--minimum: exit 1 below it, naming the figure; files add up")
    func minimum() async throws {
        let folder = try await recordedSession(["coin", "push", "kick"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let below = await tool(["coverage", "turnstile", "cov.json", "--minimum", "100"], in: folder)
        #expect(below.status == 1)
        #expect(below.stderr == "machines: legal cells covered: 3 of 4 (75%), below the minimum of 100%\n")
        #expect(await tool(["coverage", "turnstile", "cov.json", "--minimum", "75"], in: folder).status == 0)
        // A second session covers the internal coin: together they cover everything.
        let second = await tool(["repl", "turnstile", "--coverage-out", "more.json"], input: ["coin", "coin"], in: folder)
        #expect(second.status == 0)
        let both = await tool(["coverage", "turnstile", "cov.json", "more.json", "--minimum", "100"], in: folder)
        #expect(both.status == 0, "\(both.stderr)")
        #expect(both.stdout.contains("| legal cells (a transition taken) | 4 | 4 | 100 |"))
        #expect(await tool(["coverage", "turnstile", "cov.json", "--minimum", "101"], in: folder).status == 64)
        #expect(await tool(["coverage", "turnstile"], in: folder).status == 64)
    }

    @Test("--format json: the report as JSON")
    func json() async throws {
        let folder = try await recordedSession(["coin"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = await tool(["coverage", "turnstile", "cov.json", "--format", "json"], in: folder)
        #expect(run.status == 0)
        let report = try JSONDecoder().decode(CoverageReport.self, from: Data(run.stdout.utf8))
        #expect(report.legalCells.description == "1 of 4 (25%)")
        #expect(report.machine == "turnstile")
    }

    @Test("a file that cannot be used is one line naming it, exit 1: unreadable, not coverage, another machine, another version")
    func badFiles() async throws {
        let folder = try await recordedSession(["coin"])
        defer { try? FileManager.default.removeItem(at: folder) }
        try "{".write(to: folder.appendingPathComponent("broken.json"), atomically: true, encoding: .utf8)
        try #"{"machines": [{"machine": 3}]}"#.write(to: folder.appendingPathComponent("odd.json"), atomically: true, encoding: .utf8)
        let lampRun = await tool(["repl", "lamp", "--coverage-out", "lamp.json"], input: [], in: folder)
        #expect(lampRun.status == 0)
        // The turnstile's file with one state renamed: recorded from another version of it.
        let text = try String(contentsOf: folder.appendingPathComponent("cov.json"), encoding: .utf8)
        try text.replacingOccurrences(of: "\"broken\"", with: "\"smashed\"").write(to: folder.appendingPathComponent("old.json"), atomically: true, encoding: .utf8)
        try text.replacingOccurrences(of: "\"refused\" : 0", with: "\"refused\" : 9223372036854775807").write(to: folder.appendingPathComponent("huge.json"), atomically: true, encoding: .utf8)
        try text.replacingOccurrences(of: "\"entered\" : 1", with: "\"entered\" : -1").write(to: folder.appendingPathComponent("negative.json"), atomically: true, encoding: .utf8)
        let cases: [(String, String)] = [
            ("huge.json", "machines: 'huge.json' is not a coverage file (a count out of range in cell (locked, coin))\n"),
            ("negative.json", "machines: 'negative.json' is not a coverage file (a count out of range for state 'locked')\n"),
            ("missing.json", "machines: 'missing.json' cannot be read: no such file or directory\n"),
            ("broken.json", "machines: 'broken.json' is not a coverage file (not JSON)\n"),
            ("odd.json", "machines: 'odd.json' is not a coverage file (a wrong value at .machines[0].machine)\n"),
            ("lamp.json", "machines: 'lamp.json' holds no coverage of 'turnstile' (it has: 'lamp')\n"),
            ("old.json", "machines: 'old.json' was recorded from another version of 'turnstile' (the file's, then the machine's): the states differ (3 against 3; first difference: 'smashed' against 'broken')\n"),
        ]
        for (file, message) in cases {
            for command in [["coverage", "turnstile", "cov.json", file], ["dot", "turnstile", "--coverage", file], ["mermaid", "turnstile", "--coverage", "cov.json", file]] {
                let run = await tool(command, in: folder)
                #expect(run.status == 1, "\(command)")
                #expect(run.stderr == message, "\(command)")
                #expect(run.stdout.isEmpty)
            }
        }
    }

    @Test("dot and mermaid --coverage paint the library's coverage view, byte for byte")
    func diagrams() async throws {
        let folder = try await recordedSession(["coin", "push", "push"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let coverage = try JSONDecoder().decode(Coverage.self, from: Data(contentsOf: folder.appendingPathComponent("cov.json")))[machine: "turnstile"]
        let dot = await tool(["dot", "turnstile", "--coverage", "cov.json", "--highlight", "locked"], in: folder)
        #expect(dot.status == 0)
        #expect(dot.stdout == turnstile.dot(DiagramOptions(highlightedState: "locked", coverage: coverage)))
        #expect(dot.stdout.contains("coin ×1"))
        let mermaid = await tool(["mermaid", "turnstile", "--coverage", "cov.json"], in: folder)
        #expect(mermaid.stdout == turnstile.mermaid(DiagramOptions(coverage: coverage)))
        #expect(mermaid.stdout.contains("class s2 neverEntered"))
    }

    @Test("the file is rewritten after every line: a session that never ends cleanly (killed, hung up) loses nothing")
    func everyLine() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("cov.json")
        let lines = ["coin", "push", "kick"]
        let seen = SeenCoverage()
        var io = Captured().io(in: folder)
        io.readLine = {
            // Before each line is read, the file holds every line handled so far.
            let data = try? Data(contentsOf: file)
            let coverage = data.flatMap { try? JSONDecoder().decode(Coverage.self, from: $0) }?[machine: "turnstile"]
            return seen.next(coverage, lines)
        }
        let status = await FSMTool.run(["repl", "turnstile", "--coverage-out", "cov.json"], name: "machines", machines: toolMachines, io: io)
        #expect(status == 0)
        #expect(seen.hits == [0, 1, 2, 3], "events recorded in the file before each read")
    }

    @Test("a coverage file that cannot be written once the session runs is said once on standard error; the session goes on and loses nothing")
    func unwritable() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A folder where the write's temporary goes: every write fails (EEXIST), though the
        // file's folder exists (a missing folder is refused before the session: WrittenFileTests).
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("dir/.cov.json.\(getpid()).tmp"), withIntermediateDirectories: true)
        let run = await tool(["repl", "turnstile", "--coverage-out", "dir/cov.json"], input: ["coin", "push"], in: folder)
        #expect(run.status == 0)
        #expect(run.stdout.hasSuffix("state: locked\n"))
        #expect(run.stderr.components(separatedBy: "cannot write the coverage to").count == 2, "once: \(run.stderr)")
        #expect(run.stderr.contains("\(folder.path)/dir/cov.json: "))
        #expect(await tool(["repl", "turnstile", "--coverage-out", ""], in: folder).status == 64)
    }
}

@Suite("Coverage diagrams judged by real renderers")
struct CoverageDiagramJudgeTests {
    /// The tool's machines, each covered in part by a seeded walk (some transitions taken,
    /// some not, some states never entered).
    static func partlyCovered() throws -> [(machine: any MachineDescribing, coverage: MachineCoverage)] {
        try toolMachines.map { machine in
            let session = try machine.makeSession { _, _ in }
            for event in machine.eventNames.prefix(2) { _ = session.handle(event) }
            return (machine, try #require(session.coverage[machine: machine.name]))
        }
    }

    @Test("Graphviz draws every coverage view, counts and names intact", .enabled(if: Graphviz.find() != nil, "Graphviz (dot) is not installed; CI installs it"))
    func graphviz() throws {
        let graphviz = try #require(Graphviz.find())
        for (machine, coverage) in try Self.partlyCovered() {
            let svg = String(decoding: try graphviz.svg(fromDOT: machine.dot(DiagramOptions(coverage: coverage))), as: UTF8.self)
            for (key, count) in coverage.takenCounts where count > 0 { #expect(svg.contains("×\(count)"), "\(machine.name): \(key)") }
            #expect(svg.contains("stroke=\"red\"") == coverage.takenCounts.values.contains(0) || !coverage.statesNeverEntered.isEmpty)
        }
    }

    @Test("real Mermaid accepts every coverage view and draws every state and the marks", .enabled(if: MermaidJudge.runs, "python3 with mermaidx is not installed (CI installs it), or a sanitizer run"))
    func mermaid() throws {
        let views = try Self.partlyCovered()
        let verdicts = try MermaidJudge.judge(views.map { $0.machine.mermaid(DiagramOptions(coverage: $0.coverage)) })
        try #require(verdicts.count == views.count)
        for ((machine, coverage), verdict) in zip(views, verdicts) {
            #expect(verdict.ok, "\(machine.name): \(verdict.error ?? "")")
            for state in machine.stateNames { #expect(verdict.texts.contains(state), "\(machine.name): \(state) not drawn; drawn: \(verdict.texts)") }
            if coverage.takenCounts.values.contains(0) { #expect(verdict.texts.contains { $0.hasSuffix("never taken") }, "\(machine.name): \(verdict.texts)") }
        }
    }
}

/// What a test's `readLine` saw of the coverage file each time it was called.
private final class SeenCoverage: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [Int] = []

    var hits: [Int] { lock.withLock { seen } }

    /// Notes the events in the file, and returns the next line (`nil`: the end).
    func next(_ coverage: MachineCoverage?, _ lines: [String]) -> String? {
        lock.withLock {
            seen.append(coverage?.cells.reduce(0) { $0 + $1.hits } ?? -1)
            return seen.count <= lines.count ? lines[seen.count - 1] : nil
        }
    }
}

@Suite("Coverage counts at the allowed maximum, from the tool")
struct CoverageSaturationToolTests {
    @Test("coverage and dot --coverage over 33,000 counts at 2^48 (one file's pairs): exit 0, counts saturate at Int.max with a note, no overflow")
    func saturates() async throws {
        let folder = try await recordedSession(["coin", "push"])
        defer { try? FileManager.default.removeItem(at: folder) }
        var coverage = try JSONDecoder().decode(Coverage.self, from: Data(contentsOf: folder.appendingPathComponent("cov.json")))
        var machine = try #require(coverage.machines.first)
        let most = 1 << 48
        for c in machine.cells.indices {
            for l in machine.cells[c].lines.indices where machine.cells[c].lines[l].taken > 0 { machine.cells[c].lines[l].taken = most }
        }
        var pair = try #require(machine.pairs.first)
        pair.count = most
        machine.pairs = Array(repeating: pair, count: 33_000)
        coverage.machines = [machine]
        try JSONEncoder().encode(coverage).write(to: folder.appendingPathComponent("big.json"))
        let report = await tool(["coverage", "turnstile", "big.json", "--format", "json"], in: folder)
        #expect(report.status == 0, "\(report.stderr)")
        #expect(report.stderr == "machines: note: some counts added up to \(Int.max), the most a count holds, and stopped there (counts saturate; read them as 'at least')\n")
        let dot = await tool(["dot", "turnstile", "--coverage", "big.json", "big.json"], in: folder)
        #expect(dot.status == 0, "\(dot.stderr)")
        #expect(dot.stdout.contains("coin ×\(2 * most)"))
        #expect(dot.stderr.contains("counts saturate"))
    }
}
