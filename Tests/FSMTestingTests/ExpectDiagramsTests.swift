import FSM
import FSMTesting
import Foundation
import Testing

@Suite("expectDiagramsMatch: committed diagrams as snapshots")
struct ExpectDiagramsTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fsm-snapshots-\(UUID().uuidString)")

    @Test("recording writes the files and fails once naming them; then they match")
    func recordThenMatch() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        withKnownIssue("a recording run fails on purpose") {
            let written = expectDiagramsMatch([trafficLight], directory: folder.path, record: true)
            #expect(written == ["traffic light.dot", "traffic light.mmd", "README.md"].map { $0.replacingOccurrences(of: " ", with: "_") })
        }
        #expect(try String(contentsOf: folder.appendingPathComponent("traffic_light.dot"), encoding: .utf8) == trafficLight.dot())
        #expect(expectDiagramsMatch([trafficLight], directory: folder.path, record: false) == [])
    }

    @Test("a changed transition makes the test fail, naming the stale file with a diff")
    func stale() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        withKnownIssue { expectDiagramsMatch([trafficLight], directory: folder.path, record: true) }
        let changed = MachineDefinition<Light, Signal, String, Bool>(name: "traffic light", initial: .red) {
            In(.red) { On(.next, to: .yellow, emit: "go"); On(.fail, to: .off); Illegal(.repair) }
            In(.green) { On(.next, to: .yellow, guard: night); On(.next, to: .red); On(.fail, to: .off); Illegal(.repair) }
            In(.yellow) { On(.next, to: .red); On(.fail, to: .off); Illegal(.repair) }
            In(.off) { On(.repair, to: .red); Ignore(.next); Ignore(.fail) }
        }
        var stale: [String] = []
        withKnownIssue("the files are stale") {
            stale = expectDiagramsMatch([changed], directory: folder.path, record: false)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("is stale (differs from the code)") }
        }
        #expect(stale == ["traffic_light.dot", "traffic_light.mmd", "README.md"])
    }

    @Test("the layout options: files recorded top to bottom match only when checked with the same options")
    func options() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let topToBottom = DiagramOptions(direction: .topToBottom, showsEffects: false)
        withKnownIssue { expectDiagramsMatch([trafficLight], directory: folder.path, options: topToBottom, record: true) }
        #expect(try String(contentsOf: folder.appendingPathComponent("traffic_light.dot"), encoding: .utf8).contains("rankdir=TB;"))
        #expect(expectDiagramsMatch([trafficLight], directory: folder.path, options: topToBottom, record: false) == [])
        withKnownIssue("left to right differs") {
            #expect(expectDiagramsMatch([trafficLight], directory: folder.path, record: false) == ["traffic_light.dot", "traffic_light.mmd", "README.md"])
        }
    }

    @Test("an SVG drawn from another DOT is reported stale; one drawn from this DOT passes")
    func staleSVG() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        withKnownIssue { expectDiagramsMatch([trafficLight], directory: folder.path, record: true) }
        let svg = folder.appendingPathComponent("traffic_light.svg")
        let drawn = "<?xml version=\"1.0\"?>\n<svg></svg>\n"
        try DiagramSet.stamped(drawn, dot: trafficLight.dot(), stem: "traffic_light").write(to: svg, atomically: true, encoding: .utf8)
        #expect(expectDiagramsMatch([trafficLight], directory: folder.path, record: false) == [])
        try DiagramSet.stamped(drawn, dot: trafficLight.dot() + "// older\n", stem: "traffic_light").write(to: svg, atomically: true, encoding: .utf8)
        withKnownIssue("the SVG is stale") {
            #expect(expectDiagramsMatch([trafficLight], directory: folder.path, record: false) == ["traffic_light.svg"])
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("traffic_light.svg is stale (drawn from another traffic_light.dot)") }
        }
    }

    @Test("a missing folder: every file is reported missing, nothing is written")
    func missing() {
        var missing: [String] = []
        withKnownIssue("the files are missing") {
            missing = expectDiagramsMatch([trafficLight], directory: folder.path, record: false)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("is missing") }
        }
        #expect(missing.count == 3)
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    @Test("FSM_RECORD_DIAGRAMS asks for recording", arguments: [
        (["FSM_RECORD_DIAGRAMS": "1"], true), (["FSM_RECORD_DIAGRAMS": "true"], true), (["FSM_RECORD_DIAGRAMS": "YES"], true),
        (["FSM_RECORD_DIAGRAMS": "0"], false), ([:], false), (["OTHER": "1"], false),
    ])
    func environment(environment: [String: String], records: Bool) {
        #expect(DiagramSnapshot.recordingRequested(environment) == records)
    }

    @Test("the report names the file, says how to fix it, and shows the changed lines")
    func report() {
        let committed = "digraph {\n  a -> b;\n  b -> c;\n  c -> d;\n}\n"
        let generated = "digraph {\n  a -> b;\n  b -> x;\n  c -> d;\n}\n"
        #expect(DiagramSnapshot.report(path: "Diagrams/x.dot", committed: committed, generated: generated) == """
        Diagrams/x.dot is stale (differs from the code): regenerate with `swift package --allow-writing-to-package-directory generate-diagrams`, or run the tests with FSM_RECORD_DIAGRAMS=1
        --- committed
        +++ generated
        @@ committed line 1, generated line 1 @@
          digraph {
            a -> b;
        -   b -> c;
        +   b -> x;
            c -> d;
          }
        """)
        #expect(DiagramSnapshot.report(path: "Diagrams/y.mmd", committed: nil, generated: "x").hasPrefix("Diagrams/y.mmd is missing: regenerate with"))
    }

    @Test("the package root is the nearest folder above a file that holds Package.swift")
    func packageRoot() throws {
        let root = try #require(DiagramSnapshot.packageRoot(from: #filePath))
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path))
        #expect(root.appendingPathComponent("Tests/FSMTestingTests/ExpectDiagramsTests.swift").path == "\(#filePath)")
        #expect(DiagramSnapshot.packageRoot(from: "/nonexistent/a/b.swift") == nil)
    }
}

@Suite("The helpers refuse a definition that cannot run")
struct CannotRunHelpersTests {
    /// A traffic light with an unguarded transition and an Ignore for one event: it cannot run.
    static let conflicted = MachineDefinition<Light, Signal, String, Bool>(name: "conflicted light", initial: .red) {
        In(.red) { On(.next, to: .green); Ignore(.next); On(.fail, to: .off); Illegal(.repair) }
        In(.green) { On(.next, to: .red); On(.fail, to: .off); Illegal(.repair) }
        In(.yellow) { On(.next, to: .red); On(.fail, to: .off); Illegal(.repair) }
        In(.off) { On(.repair, to: .red); Ignore(.next); Ignore(.fail) }
    }

    static func cannotRun(_ issue: Issue) -> Bool {
        issue.comments.contains { $0.rawValue.contains("'conflicted light' cannot run, so nothing else was checked") && $0.rawValue.contains("also declares it ignored") }
    }

    @Test("expectTable, expectCell and expectDiagramsMatch each fail naming the error")
    func refused() {
        withKnownIssue("expectTable refuses") {
            expectTable(Self.conflicted, [])
        } matching: { Self.cannotRun($0) }
        withKnownIssue("expectCell refuses") {
            expectCell(Self.conflicted, ExpectedRow(.red, .next, .to(.green)))
        } matching: { Self.cannotRun($0) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fsm-cannot-run-\(UUID().uuidString)")
        withKnownIssue("expectDiagramsMatch refuses, even when recording") {
            #expect(expectDiagramsMatch([Self.conflicted], directory: folder.path, record: true) == ["conflicted light"])
        } matching: { Self.cannotRun($0) }
        #expect(!FileManager.default.fileExists(atPath: folder.path), "nothing recorded")
    }

    @Test("expectValid: one line, strict or not")
    func valid() {
        #expect(expectValid(trafficLight).isEmpty)
        withKnownIssue("not valid") {
            #expect(expectValid(Self.conflicted).map(\.kind) == [.conflictingDeclarations])
        }
        let loose = MachineDefinition<Light, Signal, String, Bool>(name: "loose", initial: .red, events: [.next, .fail]) {
            In(.red) { On(.next, to: .green) }
            In(.green) { On(.next, to: .red) }
        }
        #expect(expectValid(loose).isEmpty, "no error: it runs")
        withKnownIssue("strict mode wants every pair handled, ignored or declared illegal") {
            #expect(expectValid(loose, strict: true).map(\.kind).contains(.unhandledPair))
        }
    }
}
