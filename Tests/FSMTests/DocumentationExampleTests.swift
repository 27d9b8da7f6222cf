import Foundation
import Testing

/// The lines of this package's file at `path` (relative to the package root).
func packageFile(_ path: String) throws -> String {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    return try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
}

/// What the `print` lines of an example region say they print: the text after `// ` on each
/// line that calls `print(`, in order.
func printedComments(_ name: String, in file: String = "Tests/FSMTests/GettingStartedExample.swift") throws -> [String] {
    try exampleRegion(name, in: file).split(separator: "\n").filter { $0.contains("print(") }.compactMap { line in
        line.range(of: "// ").map { String(line[$0.upperBound...]) }
    }
}

/// The lines between `// example:NAME:start` and `// example:NAME:end`, without their
/// common indentation.
func exampleRegion(_ name: String, in file: String = "Tests/FSMTests/GettingStartedExample.swift") throws -> String {
    let lines = try packageFile(file).split(separator: "\n", omittingEmptySubsequences: false)
    let start = try #require(lines.firstIndex { $0.hasSuffix("// example:\(name):start") })
    let end = try #require(lines.firstIndex { $0.hasSuffix("// example:\(name):end") })
    let region = lines[(start + 1)..<end]
    let indent = region.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
    return region.map { $0.isEmpty ? "" : String($0.dropFirst(indent)) }.joined(separator: "\n")
}

@Suite("Documentation examples compile and are shown verbatim")
struct DocumentationExampleTests {
    @Test("every printing example prints what its comments say", arguments: ["run", "draw"])
    func printsItsComments(region: String) throws {
        let printed = region == "run" ? try runTurnstileExample() : runDrawExample()
        #expect(printed == (try printedComments(region)))
    }

    @Test("the example prints what its comments say")
    func runs() throws {
        #expect(try runTurnstileExample() == [
            "locked --coin--> unlocked / unlock",
            "unlocked --coin--> unlocked (internal) / refund",
            "unlocked --push--> locked / lock",
            "illegal transition: 'push' is not permitted in state 'locked': declared illegal (permitted: coin)",
            "locked",
        ])
    }

    @Test("the argument form of the example says exactly what the closure form says")
    func argumentForm() {
        #expect(bigTurnstile.tableText(.json) == turnstile.tableText(.json))
        #expect(bigTurnstile.dot() == turnstile.dot())
    }

    @Test("the example is valid in strict mode")
    func strictlyValid() {
        #expect(turnstile.validate(.strict).isEmpty)
    }

    @Test("each document shows the compiled example verbatim", arguments: [
        "README.md",
        "Sources/FSM/Documentation.docc/GettingStarted.md",
    ])
    func shownVerbatim(document: String) throws {
        let text = try packageFile(document)
        for region in ["definition", "run", "arguments", "draw"] where document.hasSuffix("GettingStarted.md") || region != "draw" {
            let code = try exampleRegion(region)
            #expect(text.contains("```swift\n" + code + "\n```"), "\(document) does not show the '\(region)' example as compiled in GettingStartedExample.swift")
        }
    }
}

@Suite("The statecharts article shows its compiled examples and the player's diagram verbatim")
struct StatechartsArticleTests {
    @Test("every example region, and the DOT the player draws")
    func article() throws {
        let text = try packageFile("Sources/FSM/Documentation.docc/Statecharts.md")
        for region in ["nested", "parallel", "nested-parallel", "nested-parallel-run", "run", "history", "history-run", "eventless", "eventless-run"] {
            let code = try exampleRegion(region, in: "Tests/FSMTests/StatechartsExample.swift")
            #expect(text.contains("```swift\n" + code + "\n```"), "Statecharts.md does not show '\(region)' as compiled")
        }
        #expect(text.contains("```\n" + playerDefinition.dot() + "```"), "Statecharts.md does not show the player's DOT as it is drawn")
        #expect(text.contains("```xml\n" + locksDefinition.scxml + "```"), "Statecharts.md does not show the locks' SCXML as it is written")
        #expect(text.contains("](login.svg)") && text.contains("](home.svg)"), "the drawings the tool writes into the catalog")
    }
}

@Suite("Adoption docs show the example package's code verbatim")
struct AdoptionDocumentationTests {
    static let regions = [
        ("manifest", "Examples/Storefront/Package.swift"),
        ("machine", "Examples/Storefront/Sources/StorefrontMachines/Door.swift"),
        ("tool", "Examples/Storefront/Sources/storefront/Main.swift"),
        ("table-test", "Examples/Storefront/Tests/StorefrontMachinesTests/DoorTests.swift"),
        ("snapshot-test", "Examples/Storefront/Tests/StorefrontMachinesTests/DiagramTests.swift"),
    ]

    @Test("the DocC article on diagrams in a catalog shows Examples/Storefront's root article as it is, which CI renders")
    func catalogArticle() throws {
        let article = try packageFile("Sources/FSM/Documentation.docc/DiagramsInYourCatalog.md")
        let root = try packageFile("Examples/Storefront/Sources/StorefrontMachines/Documentation.docc/StorefrontMachines.md")
        #expect(article.contains("```markdown\n" + root + "```"), "the article's markdown block is not the Storefront catalog's root article")
        #expect(try packageFile("Scripts/check-example.sh").contains("\"$storefront\" diagrams --docc \"$catalog\" --check"))
    }

    @Test("each document shows every region of Examples/Storefront, which CI builds and tests", arguments: [
        "README.md",
        "Sources/FSM/Documentation.docc/UsingItInYourPackage.md",
    ])
    func shownVerbatim(document: String) throws {
        let text = try packageFile(document)
        for (region, file) in Self.regions {
            let code = try exampleRegion(region, in: file)
            #expect(!code.isEmpty)
            #expect(text.contains("```swift\n" + code + "\n```"), "\(document) does not show '\(region)' as written in \(file)")
        }
        #expect(text.contains("swift package --allow-writing-to-package-directory generate-diagrams"))
    }
}
