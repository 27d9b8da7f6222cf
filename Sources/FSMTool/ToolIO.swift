import Foundation
import FSMTerminal

/// Where a tool's commands read and write: the process's standard streams, or, in tests,
/// closures that collect the output and feed the input.
public struct ToolIO: Sendable {
    /// Writes text to standard output, as is (add the line break yourself).
    public var write: @Sendable (String) -> Void
    /// Writes text to standard error, as is.
    public var writeError: @Sendable (String) -> Void
    /// Reads one line of standard input without its line break, or `nil` at its end.
    public var readLine: @Sendable () -> String?
    /// Whether standard input is a terminal (a person typing) rather than a pipe or a file.
    public var isInteractive: Bool
    /// The folder relative paths start from.
    public var currentDirectory: URL
    /// The terminal to edit lines on, when both standard input and output are one
    /// (`nil`: plain lines through ``readLine``).
    public var terminal: (any TerminalDevice)?
    /// The environment (where the REPL's history is kept: `XDG_STATE_HOME`, `HOME`).
    public var environment: [String: String]

    /// Creates an IO from its parts.
    public init(
        write: @escaping @Sendable (String) -> Void,
        writeError: @escaping @Sendable (String) -> Void,
        readLine: @escaping @Sendable () -> String? = { nil },
        isInteractive: Bool = false,
        currentDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
        terminal: (any TerminalDevice)? = nil,
        environment: [String: String] = [:]
    ) {
        self.write = write
        self.writeError = writeError
        self.readLine = readLine
        self.isInteractive = isInteractive
        self.currentDirectory = currentDirectory
        self.terminal = terminal
        self.environment = environment
    }

    /// The process's standard streams. Output is written unbuffered, at once: a thread
    /// reading standard input may hold its lock, which a stdio flush would wait for.
    public static var standard: ToolIO {
        ToolIO(
            write: { FileHandle.standardOutput.write(Data($0.utf8)) },
            writeError: { FileHandle.standardError.write(Data($0.utf8)) },
            readLine: { Swift.readLine(strippingNewline: true) },
            isInteractive: isatty(STDIN_FILENO) != 0,
            terminal: PosixTerminal.standard,
            environment: ProcessInfo.processInfo.environment
        )
    }

    /// A path given by the user, relative to ``currentDirectory`` unless it is absolute.
    public func path(_ path: String) -> String {
        path.hasPrefix("/") ? path : currentDirectory.appendingPathComponent(path).path
    }

    /// Writes a line (text and a line break) to standard output.
    public func print(_ line: String) { write(line + "\n") }

    /// Writes a line (text and a line break) to standard error.
    public func printError(_ line: String) { writeError(line + "\n") }
}
