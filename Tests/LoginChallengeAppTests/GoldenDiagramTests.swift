import FSM
import FSMTesting
import Foundation
import LoginChallengeApp
import Testing

/// The package's root folder.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The committed diagrams are golden files: changing a machine without regenerating them
/// fails here (and in `fsm diagrams --check`).
@Suite("Committed diagrams match the code")
struct GoldenDiagramTests {
    @Test("every committed .dot, .mmd and README.md equals the export")
    func snapshot() {
        #expect(expectDiagramsMatch(LoginChallenge.machines) == [])
    }

    @Test("an SVG is committed for each machine")
    func svgs() {
        for stem in DiagramSet(LoginChallenge.machines).stems {
            #expect(FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent("Diagrams/\(stem).svg").path))
        }
    }

    @Test("the project README shows a diagram")
    func projectReadme() throws {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("](Diagrams/login.svg)"))
        #expect(readme.contains("](Diagrams/home.svg)"))
    }
}

@Suite("The Login Challenge's catalog")
struct LoginChallengeCatalogTests {
    @Test("the five machines, in order, each with a summary")
    func machines() {
        #expect(LoginChallenge.machines.map(\.name) == ["login", "home-loading", "logout", "home", "passcode"])
        #expect(LoginChallenge.machines.allSatisfy { !$0.summary.isEmpty })
        #expect(LoginChallenge.machines.allSatisfy { $0.validate(.strict).isEmpty })
    }
}
