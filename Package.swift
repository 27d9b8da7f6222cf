// swift-tools-version: 6.2
import PackageDescription

/// Every target is built in the Swift 6 language mode with warnings treated as errors.
let strict: [SwiftSetting] = [
    .treatAllWarnings(as: .error),
]

let package = Package(
    name: "FSM",
    products: [
        .library(name: "FSM", targets: ["FSM"]),
        .library(name: "FSMTesting", targets: ["FSMTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    ],
    targets: [
        .target(name: "FSM", swiftSettings: strict),
        .target(name: "FSMTesting", dependencies: ["FSM"], swiftSettings: strict),
        .testTarget(
            name: "FSMTests",
            dependencies: ["FSM", "FSMTesting", .product(name: "PropertyBased", package: "swift-property-based")],
            swiftSettings: strict
        ),
        .testTarget(name: "FSMTestingTests", dependencies: ["FSM", "FSMTesting"], swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)
