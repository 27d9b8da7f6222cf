// swift-tools-version: 6.2
import PackageDescription
let package = Package(name: "LSanProof", targets: [.testTarget(name: "EmptyTests")])
