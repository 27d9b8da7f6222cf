// swift-tools-version: 6.2
import PackageDescription

// A separate package, so that `swift test` of the main package neither builds nor runs it.
// Run: swift run -c release --package-path Benchmarks fsm-benchmarks
let package = Package(
    name: "FSMBenchmarks",
    dependencies: [
        .package(name: "FSM", path: ".."),
    ],
    targets: [
        .target(name: "MallocCounter"),
        // The machines, as a user declares them: plain enums, in a module of their own.
        .target(
            name: "BenchmarkMachines",
            dependencies: [.product(name: "FSM", package: "FSM")],
            swiftSettings: [.treatAllWarnings(as: .error)]
        ),
        .executableTarget(
            name: "fsm-benchmarks",
            dependencies: [
                "MallocCounter",
                "BenchmarkMachines",
                .product(name: "FSM", package: "FSM"),
                .product(name: "FSMCoverage", package: "FSM"),
                .product(name: "FSMRuntime", package: "FSM"),
            ],
            path: "Sources/FSMBenchmarks",
            swiftSettings: [.treatAllWarnings(as: .error)]
        ),
    ],
    swiftLanguageModes: [.v6]
)
