// swift-tools-version: 6.2
import PackageDescription

// A package that adopts FSM as any other would: it depends on the library by path (from
// another repository it would be `.package(url: "...", from: "...")`), declares its own
// machines, gets its own tool with a few lines, and tests its tables and diagrams.
let package = Package(
    name: "Storefront",
    platforms: [.macOS(.v15)],
    // example:manifest:start
    dependencies: [
        .package(name: "FSM", path: "../.."),
    ],
    targets: [
        // The machines: FSMMacros, which re-exports FSM (the macros need swift-syntax at build
        // time; a target that needs no macro depends on "FSM", the standard library only).
        .target(name: "StorefrontMachines", dependencies: [.product(name: "FSMMacros", package: "FSM")]),
        // The package's own tool: list, table, dot, mermaid, validate, diagrams, repl, coverage, explore, scxml.
        .executableTarget(
            name: "storefront",
            dependencies: ["StorefrontMachines", .product(name: "FSMTool", package: "FSM")]
        ),
        // Table and diagram tests.
        .testTarget(
            name: "StorefrontMachinesTests",
            dependencies: ["StorefrontMachines", .product(name: "FSM", package: "FSM"), .product(name: "FSMTesting", package: "FSM")]
        ),
    ],
    // example:manifest:end
    swiftLanguageModes: [.v6]
)
