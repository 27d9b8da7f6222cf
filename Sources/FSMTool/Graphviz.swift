import Foundation

/// Renders DOT to SVG with Graphviz's `dot`, when it is installed.
package struct Graphviz: Sendable {
    /// The `dot` executable.
    package let executable: URL

    /// Uses `dot` at a known path.
    package init(executable: URL) {
        self.executable = executable
    }

    /// Finds `dot` on the `PATH`, or returns `nil` when Graphviz is not installed.
    package static func find(environment: [String: String] = ProcessInfo.processInfo.environment) -> Graphviz? {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("dot")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return Graphviz(executable: candidate) }
        }
        return nil
    }

    /// The SVG drawing of a DOT text.
    /// - Throws: ``GraphvizError`` when `dot` fails or cannot be started.
    package func svg(fromDOT dot: String) throws -> Data {
        try run(["-Tsvg"], input: dot)
    }

    /// Runs `dot` with arguments on an input, returning its standard output.
    package func run(_ arguments: [String], input: String) throws -> Data {
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
package struct GraphvizError: Error, CustomStringConvertible {
    /// What went wrong.
    package let message: String
    /// The message.
    package var description: String { message }
}
