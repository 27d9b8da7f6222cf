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
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        do {
            try process.run()
        } catch {
            throw GraphvizError(message: "cannot run \(executable.path): \(error)")
        }
        // Write stdin and read stderr on threads of their own while this thread reads
        // stdout, so that no pipe can fill up and block `dot` (or us).
        let writer = Thread {
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let errorText = PipeText()
        let errorsRead = DispatchSemaphore(value: 0)
        let errorReader = Thread {
            errorText.set(stderr.fileHandleForReading.readDataToEndOfFile())
            errorsRead.signal()
        }
        errorReader.start()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        errorsRead.wait()
        process.waitUntilExit()
        let errors = errorText.value
        guard process.terminationStatus == 0 else {
            throw GraphvizError(message: "dot \(arguments.joined(separator: " ")) failed: " + String(decoding: errors, as: UTF8.self))
        }
        return output
    }
}

/// Graphviz could not render a diagram.
public struct GraphvizError: Error, CustomStringConvertible {
    /// What went wrong.
    public let message: String
    /// The message.
    public var description: String { message }
}

/// Bytes read on one thread and handed to another.
private final class PipeText: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func set(_ value: Data) { lock.withLock { data = value } }
    var value: Data { lock.withLock { data } }
}
