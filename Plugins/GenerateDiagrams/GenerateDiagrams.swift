import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-diagrams [--check]`:
/// runs `fsm diagrams --output <package>/Diagrams` and nothing else. Arguments are passed
/// through.
@main
struct GenerateDiagrams: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "fsm")
        let output = context.package.directoryURL.appendingPathComponent("Diagrams").path
        let process = Process()
        process.executableURL = tool.url
        process.arguments = ["diagrams", "--output", output] + arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            Diagnostics.error("fsm diagrams exited with status \(process.terminationStatus)")
            throw PluginError.failed(status: process.terminationStatus)
        }
    }

    enum PluginError: Error, CustomStringConvertible {
        case failed(status: Int32)
        var description: String {
            switch self {
            case let .failed(status): "fsm diagrams failed (exit status \(status))"
            }
        }
    }
}
