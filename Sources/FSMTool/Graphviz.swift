import Foundation

/// Renders DOT to SVG with Graphviz's `dot`, when it is installed.
public struct Graphviz: Sendable {
    /// The `dot` executable.
    public let executable: URL

    /// Uses `dot` at a known path.
    public init(executable: URL) {
        self.executable = executable
    }

    /// Finds `dot` on the `PATH`, or returns `nil` when Graphviz is not installed.
    public static func find(environment: [String: String] = ProcessInfo.processInfo.environment) -> Graphviz? {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("dot")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return Graphviz(executable: candidate) }
        }
        return nil
    }

    /// The SVG drawing of a DOT text.
    /// - Throws: ``GraphvizError`` when `dot` fails or cannot be started.
    public func svg(fromDOT dot: String) throws -> Data {
        try run(["-Tsvg"], input: dot)
    }

    /// Runs `dot` with arguments on an input, returning its standard output.
    public func run(_ arguments: [String], input: String) throws -> Data {
        let result: Subprocess.Result
        do {
            result = try Subprocess.run(executable.path, arguments, input: Data(input.utf8))
        } catch {
            throw GraphvizError(message: "cannot run \(executable.path): \(error)")
        }
        guard result.status == 0 else {
            throw GraphvizError(message: "dot \(arguments.joined(separator: " ")) failed: " + String(decoding: result.errors, as: UTF8.self))
        }
        return result.output
    }
}

/// Graphviz could not render a diagram.
public struct GraphvizError: Error, CustomStringConvertible {
    /// What went wrong.
    public let message: String
    /// The message.
    public var description: String { message }
}
