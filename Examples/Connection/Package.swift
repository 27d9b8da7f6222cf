// swift-tools-version: 6.2
import PackageDescription

// A protocol machine as an adopter writes one: a TCP connection (RFC 9293's state diagram),
// its segments' flags deciding its transitions with guards, an "otherwise" default for every
// other segment, and display names as the RFC writes them (SYN-SENT). It depends on FSM
// alone (no macros), and gets its own tool, diagrams and table tests.
let package = Package(
    name: "Connection",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "FSM", path: "../.."),
    ],
    targets: [
        .target(name: "ConnectionMachine", dependencies: [.product(name: "FSM", package: "FSM")]),
        .executableTarget(
            name: "connection",
            dependencies: ["ConnectionMachine", .product(name: "FSMTool", package: "FSM")]
        ),
        .testTarget(
            name: "ConnectionMachineTests",
            dependencies: [
                "ConnectionMachine", .product(name: "FSM", package: "FSM"), .product(name: "FSMTesting", package: "FSM"),
                .product(name: "FSMREPL", package: "FSM"), .product(name: "FSMRuntime", package: "FSM"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
