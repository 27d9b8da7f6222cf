import FSM
import FSMCLI
import Foundation
import Testing
import UseCases

@Suite("Writing and checking diagrams")
struct DiagramGeneratorTests {
    @Test("writes every file once, then only what changed; check names missing and stale files")
    func writeAndCheck() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let generator = DiagramGenerator(catalog: .loginChallenge, directory: directory, graphviz: nil)

        #expect(generator.check().count == 9)
        let first = try generator.write()
        #expect(first.written == ["login.dot", "login.mmd", "home-loading.dot", "home-loading.mmd", "logout.dot", "logout.mmd", "passcode.dot", "passcode.mmd", "README.md"])
        #expect(!first.renderedSVG)
        #expect(generator.check() == [])

        let again = try generator.write()
        #expect(again.written == [] && again.unchanged == 9)

        try "edited".write(to: directory.appendingPathComponent("logout.mmd"), atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(at: directory.appendingPathComponent("passcode.dot"))
        #expect(generator.check() == [
            directory.appendingPathComponent("logout.mmd").path + ": stale (differs from the code)",
            directory.appendingPathComponent("passcode.dot").path + ": missing",
        ])
        #expect(try generator.write().written == ["logout.mmd", "passcode.dot"])
        #expect(generator.check() == [])
    }

    @Test("editing a machine makes its committed files stale, and regenerating fixes them")
    func editedMachine() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try DiagramGenerator(catalog: .loginChallenge, directory: directory, graphviz: nil).write()

        let edited = LogoutMachine.Definition(name: "logout", initial: .idle) {
            In(.idle) { On(.logOut, to: .loggingOut, emit: .callLogOut) }   // the indicator effect dropped
            In(.loggingOut) { On(.finishLogOut, to: .loggedOut, emit: .dismiss) }
            Final(.loggedOut)
        }
        var entries = Catalog.loginChallenge.entries
        entries[2] = CatalogEntry(edited, summary: entries[2].summary)
        let generator = DiagramGenerator(catalog: Catalog(entries), directory: directory, graphviz: nil)
        #expect(generator.check() == [
            directory.appendingPathComponent("logout.dot").path + ": stale (differs from the code)",
            directory.appendingPathComponent("logout.mmd").path + ": stale (differs from the code)",
            directory.appendingPathComponent("README.md").path + ": stale (differs from the code)",
        ])
        #expect(try generator.write().written == ["logout.dot", "logout.mmd", "README.md"])
        #expect(generator.check() == [])
    }

    @Test("the README shows each machine's caption, SVG and Mermaid block")
    func readme() throws {
        let generator = DiagramGenerator(catalog: .loginChallenge, directory: URL(fileURLWithPath: "/nonexistent"), graphviz: nil)
        let readme = try #require(generator.textFiles.last)
        #expect(readme.name == "README.md")
        for entry in Catalog.loginChallenge.entries {
            #expect(readme.contents.contains("## \(entry.name)\n\n\(entry.summary)\n\n![\(entry.name)](\(entry.name).svg)\n\n```mermaid\n---\ntitle: \(entry.name)\n"))
        }
    }
}

@Suite("Catalog and suggestions")
struct CatalogTests {
    @Test("the catalog lists the four machines in order")
    func names() {
        #expect(Catalog.loginChallenge.names == ["login", "home-loading", "logout", "passcode"])
    }

    @Test("an unknown name lists the machines and suggests the closest", arguments: [
        ("logn", "login"), ("Login", "login"), ("home", "home-loading"), ("homeloading", "home-loading"), ("logot", "logout"), ("pascode", "passcode"),
    ])
    func suggestion(typo: String, suggested: String) {
        #expect(throws: UnknownMachineError(name: typo, known: Catalog.loginChallenge.names)) { try Catalog.loginChallenge.entry(named: typo) }
        #expect(UnknownMachineError(name: typo, known: Catalog.loginChallenge.names).suggestion == suggested)
    }

    @Test("a name far from every machine gets no suggestion")
    func noSuggestion() {
        let error = UnknownMachineError(name: "turnstile", known: Catalog.loginChallenge.names)
        #expect(error.suggestion == nil)
        #expect(error.description == "unknown machine 'turnstile' (machines: login, home-loading, logout, passcode)")
        #expect(UnknownMachineError(name: "logn", known: Catalog.loginChallenge.names).description
            == "unknown machine 'logn'; did you mean 'login'? (machines: login, home-loading, logout, passcode)")
    }
}

@Suite("Validation report")
struct ValidationReportTests {
    @Test("clean machines are reported clean")
    func clean() {
        let report = ValidationReport(Catalog.loginChallenge.entries, mode: .strict)
        #expect(report.isClean)
        #expect(report.lines == ["login: clean", "home-loading: clean", "logout: clean", "passcode: clean"])
    }

    @Test("a machine with diagnostics makes the report unclean, one line per diagnostic")
    func unclean() {
        let broken = LogoutMachine.Definition(name: "broken-logout", initial: .idle) {
            In(.idle) { On(.logOut, to: .loggingOut) }
            In(.loggingOut) {}
        }
        let report = ValidationReport([CatalogEntry(broken, summary: "broken"), Catalog.loginChallenge.entries[2]], mode: .standard)
        #expect(!report.isClean)
        #expect(report.lines == [
            "broken-logout: warning: state 'loggingOut' is not final and has no transition to another state [deadEnd]",
            "broken-logout: warning: event 'finishLogOut' is handled or ignored by no state [unusedEvent]",
            "logout: clean",
        ])
    }
}
