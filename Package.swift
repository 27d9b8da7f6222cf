// swift-tools-version: 6.2
import CompilerPluginSupport
import PackageDescription

/// A macro plugin already built (`FSM_MACRO_PLUGIN=/path/to/FSMMacrosPlugin-tool`), for the
/// sanitizer builds of CI (.ci/deep): with it, the package neither declares the plugin nor the
/// macro expansion tests, so swift-syntax is not compiled again, with the sanitizer, in each
/// sanitizer's build folder (and no test target depends on a macro, so SwiftPM builds the
/// libraries once, not once for the tests and once for the executable). Every target is given
/// the plugin, as SwiftPM gives a macro to the targets that use it. Unset, as for everyone else,
/// the package is the usual one.
let prebuiltMacroPlugin = Context.environment["FSM_MACRO_PLUGIN"].flatMap { $0.isEmpty ? nil : $0 }

/// Every target is built in the Swift 6 language mode with warnings treated as errors.
let strict: [SwiftSetting] = [
    .treatAllWarnings(as: .error),
] + (prebuiltMacroPlugin.map { [.unsafeFlags(["-load-plugin-executable", "\($0)#FSMMacrosPlugin"])] } ?? [])

let package = Package(
    name: "FSM",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "FSM", targets: ["FSM"]),
        .library(name: "FSMCoverage", targets: ["FSMCoverage"]),
        .library(name: "FSMMacros", targets: ["FSMMacros"]),
        .library(name: "FSMTesting", targets: ["FSMTesting"]),
        .library(name: "FSMRuntime", targets: ["FSMRuntime"]),
        .library(name: "FSMPersistence", targets: ["FSMPersistence"]),
        .library(name: "FSMREPL", targets: ["FSMREPL"]),
        .library(name: "FSMTerminal", targets: ["FSMTerminal"]),
        .library(name: "FSMTool", targets: ["FSMTool"]),
        .library(name: "FSMStore", targets: ["FSMStore"]),
        .library(name: "FSMStorePostgres", targets: ["FSMStorePostgres"]),
        // The Login Challenge (Entities, UseCases, APIServices, LoginChallengeApp) is the demo:
        // targets of this package, run by `fsm`, not products another package adopts.
        .executable(name: "fsm", targets: ["fsm"]),
        .plugin(name: "GenerateDiagrams", targets: ["GenerateDiagrams"]),
        .plugin(name: "CheckDiagrams", targets: ["CheckDiagrams"]),
        .plugin(name: "Explore", targets: ["Explore"]),
    ],
    // An adopter that needs only FSM (and FSMTesting, FSMRuntime, FSMREPL, FSMTerminal) depends on the
    // package with `traits: []` and fetches neither swift-syntax, swift-argument-parser nor GRDB
    // (Scripts/check-adopter.sh proves it); those traits are on by default. Postgres is not: an
    // adopter of the SQLite store fetches no postgres-nio nor swift-nio (the script proves that
    // too); one of FSMStorePostgres asks for it, `traits: [.defaults, "Postgres"]`.
    traits: [
        .default(enabledTraits: ["Macros", "Tool", "Store"]),
        .trait(name: "Macros", description: "FSMMacros (@Finite, @MachineEvent): needs swift-syntax"),
        .trait(name: "Tool", description: "FSMTool: needs swift-argument-parser (the fsm demo needs Macros too)"),
        .trait(name: "Store", description: "FSMStore (durable machines in SQLite): needs GRDB and the system's SQLite (libsqlite3-dev)"),
        .trait(name: "Postgres", description: "FSMStorePostgres (the store's PostgreSQL engine): needs postgres-nio (and so swift-nio); with Store", enabledTraits: ["Store"]),
    ],
    dependencies: [
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
    ] + (prebuiltMacroPlugin != nil ? [] : [
        .package(url: "https://github.com/swiftlang/swift-syntax.git", from: "603.0.0"),
        .package(url: "https://github.com/pointfreeco/swift-macro-testing.git", from: "0.7.0"),
    ]),
    targets: [
        .target(name: "FSM", swiftSettings: strict),
    ] + (prebuiltMacroPlugin != nil ? [] : [
        .macro(
            name: "FSMMacrosPlugin",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax", condition: .when(traits: ["Macros"])),
                .product(name: "SwiftSyntaxBuilder", package: "swift-syntax", condition: .when(traits: ["Macros"])),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax", condition: .when(traits: ["Macros"])),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax", condition: .when(traits: ["Macros"])),
                .product(name: "SwiftDiagnostics", package: "swift-syntax", condition: .when(traits: ["Macros"])),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "FSMMacrosTests",
            dependencies: [
                "FSMMacros", "FSMMacrosPlugin", "FSMTesting", "FSMREPL",
                .product(name: "MacroTesting", package: "swift-macro-testing"),
                .product(name: "SwiftSyntax", package: "swift-syntax", condition: .when(traits: ["Macros"])),
                .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax", condition: .when(traits: ["Macros"])),
            ],
            swiftSettings: strict
        ),
    ]) + [
        .target(
            name: "FSMMacros",
            dependencies: ["FSM"] + (prebuiltMacroPlugin != nil ? [] : [.target(name: "FSMMacrosPlugin", condition: .when(traits: ["Macros"]))]),
            swiftSettings: strict
        ),
        .target(name: "FSMCoverage", dependencies: ["FSM"], swiftSettings: strict),
        .target(name: "FSMTesting", dependencies: ["FSM", "FSMCoverage", "FSMPersistence"], swiftSettings: strict),
        .target(name: "FSMRuntime", dependencies: ["FSM"], swiftSettings: strict),
        .target(name: "FSMPersistence", dependencies: ["FSM", "FSMRuntime"], swiftSettings: strict),
        .target(
            name: "FSMStore",
            dependencies: ["FSM", "FSMPersistence", .product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: ["Store"]))],
            swiftSettings: strict
        ),
        // Without the trait Postgres the module is empty (the package's own `swift build` builds
        // every target): its sources are all `#if Postgres`.
        .target(
            name: "FSMStorePostgres",
            dependencies: ["FSMStore", .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["Postgres"]))],
            swiftSettings: strict
        ),
        .target(name: "Entities", swiftSettings: strict),
        .target(name: "UseCases", dependencies: ["FSM", "FSMCoverage", "FSMMacros", "FSMRuntime", "FSMPersistence", "Entities"], swiftSettings: strict),
        .target(name: "APIServices", dependencies: ["UseCases", "Entities", "FSMRuntime"], swiftSettings: strict),
        // The explorer's page is edited as files (Explorer/Page), embedded when the module builds.
        .target(
            name: "FSMREPL", dependencies: ["FSM", "FSMCoverage", "FSMPersistence", "FSMTerminal"],
            resources: [
                .embedInCode("Explorer/Page/explorer.html"), .embedInCode("Explorer/Page/explorer.css"),
                .embedInCode("Explorer/Page/explorer.js"),
            ],
            swiftSettings: strict
        ),
        .target(name: "FSMTerminal", swiftSettings: strict),
        .target(
            name: "FSMTool",
            dependencies: [
                "FSM", "FSMCoverage", "FSMREPL", "FSMTerminal", .target(name: "FSMStore", condition: .when(traits: ["Store"])),
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["Tool"])),
            ],
            swiftSettings: strict
        ),
        .target(name: "LoginChallengeApp", dependencies: ["FSM", "FSMPersistence", "FSMREPL", "FSMTerminal", "UseCases", "APIServices", "Entities"], swiftSettings: strict),
        .executableTarget(
            name: "fsm",
            dependencies: ["FSMTool", "FSMTerminal", "LoginChallengeApp", "APIServices", .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["Tool"]))],
            swiftSettings: strict
        ),
        .plugin(
            name: "GenerateDiagrams",
            capability: .command(
                intent: .custom(verb: "generate-diagrams", description: "Regenerates Diagrams/ (.dot, .mmd, .svg, README.md) by running the package's FSMTool executable"),
                permissions: [.writeToPackageDirectory(reason: "Writes the generated diagrams to Diagrams/ (or a DocC catalog given with --docc)")]
            )
        ),
        .plugin(
            name: "CheckDiagrams",
            capability: .command(
                intent: .custom(verb: "check-diagrams", description: "Fails, with a diff, when a committed diagram (Diagrams/ or a DocC catalog's) differs from the code; writes nothing")
            )
        ),
        .plugin(
            name: "Explore",
            capability: .command(
                intent: .custom(verb: "explore", description: "Writes the explorer page of one of the package's machines (one offline HTML file that runs it in a browser) under .build/plugins, and prints its path")
            )
        ),
        .testTarget(
            name: "FSMTests",
            dependencies: ["FSM", "FSMCoverage", "FSMTesting", "FSMRuntime", .product(name: "PropertyBased", package: "swift-property-based")],
            swiftSettings: strict
        ),
        .testTarget(name: "FSMTestingTests", dependencies: ["FSM", "FSMCoverage", "FSMTesting", "FSMREPL", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "FSMRuntimeTests", dependencies: ["FSM", "FSMRuntime", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "FSMPersistenceTests", dependencies: ["FSM", "FSMCoverage", "FSMPersistence", "FSMRuntime", "FSMTesting", "UseCases", "Entities", "TestSupport"], swiftSettings: strict),
        // The store's crash test: its machine and worker loop, a library (a test target cannot
        // import an executable's main module reliably: CI's clean build refused it), and the
        // worker process that runs them (killed with SIGKILL and started again).
        // The load test (Scripts/store-load.sh, CI's deep tier) drives the same workers on either
        // engine, at any size: FSMStoreLoad starts them, kills them and checks the store after.
        .target(
            name: "FSMStoreJobs",
            dependencies: ["FSMStore", "FSM", .target(name: "FSMStorePostgres", condition: .when(traits: ["Postgres"]))],
            path: "Tests/FSMStoreJobs", swiftSettings: strict
        ),
        .executableTarget(name: "FSMStoreWorker", dependencies: ["FSMStoreJobs", "FSMStore"], path: "Tests/FSMStoreWorker", swiftSettings: strict),
        .executableTarget(name: "FSMStoreLoad", dependencies: ["FSMStoreJobs", "FSMStore"], path: "Tests/FSMStoreLoad", swiftSettings: strict),
        // The store's throughput against plain SQL by hand (Scripts/store-bench.sh): a benchmark,
        // not a timed test.
        .executableTarget(
            name: "FSMStoreBench",
            dependencies: [
                "FSMStoreJobs", "FSMStore", "FSM", .product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: ["Store"])),
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["Postgres"])),
            ],
            path: "Tests/FSMStoreBench", swiftSettings: strict
        ),
        .testTarget(
            name: "FSMStoreTests",
            dependencies: [
                "FSMStore", "FSMStoreJobs", "FSMStoreWorker", "FSM", "FSMPersistence", "FSMRuntime",
                .target(name: "FSMStorePostgres", condition: .when(traits: ["Postgres"])),
            ],
            swiftSettings: strict
        ),
        .testTarget(name: "EntitiesTests", dependencies: ["Entities"], swiftSettings: strict),
        // Bounded waits for the async tests (a wrong machine fails in seconds, never hangs),
        // and real Mermaid as a judge, for the tests.
        .target(name: "TestSupport", dependencies: ["FSMTool", "FSMREPL", "FSM", "FSMCoverage"], path: "Tests/TestSupport", swiftSettings: strict),
        .testTarget(name: "UseCasesTests", dependencies: ["UseCases", "Entities", "FSM", "FSMCoverage", "FSMPersistence", "FSMTesting", "TestSupport"], exclude: ["Tables"], swiftSettings: strict),
        .testTarget(name: "FSMTerminalTests", dependencies: ["FSMTerminal", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "FSMREPLTests", dependencies: ["FSMREPL", "FSM", "FSMCoverage", "FSMPersistence"], swiftSettings: strict),
        .testTarget(name: "FSMToolTests", dependencies: ["FSMTool", "FSM", "FSMCoverage", "FSMREPL", "FSMPersistence", "FSMStore", "FSMStoreJobs", "FSMStoreWorker", "FSMTerminal", "FSMTesting", "TestSupport", .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["Tool"]))], swiftSettings: strict),
        .testTarget(name: "LoginChallengeAppTests", dependencies: ["LoginChallengeApp", "FSMTool", "FSM", "FSMCoverage", "FSMPersistence", "FSMREPL", "FSMTesting", "UseCases", "APIServices", "TestSupport"], exclude: ["SavedSessions/login-session.fsm"], swiftSettings: strict),
        .testTarget(name: "fsmTests", dependencies: ["fsm", "FSMTool"], exclude: ["Golden"], swiftSettings: strict),
        .testTarget(name: "APIServicesTests", dependencies: ["APIServices", "UseCases", "Entities", "FSMCoverage", "TestSupport"], swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)
