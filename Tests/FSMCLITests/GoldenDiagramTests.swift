import FSM
import FSMCLI
import Foundation
import Testing

/// The committed diagrams are golden files: changing a machine without regenerating them
/// fails here (and in `fsm diagrams --check`).
@Suite("Committed diagrams match the code")
struct GoldenDiagramTests {
    static let generator = DiagramGenerator(catalog: .loginChallenge, directory: packageRoot.appendingPathComponent("Diagrams"), graphviz: nil)

    @Test("each committed file equals the export", arguments: generator.textFiles.map(\.name))
    func file(name: String) throws {
        let expected = try #require(Self.generator.textFiles.first { $0.name == name })
        let committed = try String(contentsOf: packageRoot.appendingPathComponent("Diagrams/\(name)"), encoding: .utf8)
        #expect(committed == expected.contents, "Diagrams/\(name) is stale: run `swift package --allow-writing-to-package-directory generate-diagrams`")
    }

    @Test("check finds nothing stale or missing")
    func check() {
        #expect(Self.generator.check() == [])
    }

    @Test("an SVG is committed for each machine")
    func svgs() {
        for name in Catalog.loginChallenge.names {
            #expect(FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent("Diagrams/\(name).svg").path))
        }
    }

    @Test("the project README shows a diagram")
    func projectReadme() throws {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("](Diagrams/home-loading.svg)"))
    }
}
