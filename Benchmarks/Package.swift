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
        .executableTarget(
            name: "fsm-benchmarks",
            dependencies: [
                "MallocCounter",
                .product(name: "FSM", package: "FSM"),
                .product(name: "UseCases", package: "FSM"),
            ],
            path: "Sources/FSMBenchmarks",
            swiftSettings: [.treatAllWarnings(as: .error)]
        ),
    ],
    swiftLanguageModes: [.v6]
)
