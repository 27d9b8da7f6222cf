import Foundation
import FSMTerminal

/// Where a tool's commands read and write: the process's standard streams, or, in tests,
/// closures that collect the output and feed the input.
///
/// Writing throws ``WriteFailure`` when the stream cannot take the text (a full disk, a
/// reader that has gone): let it propagate out of your command's `run()`, and the tool
/// stops there and exits 74 (`EX_IOERR`), saying why on standard error unless the reader of
/// standard output merely closed it.
public struct ToolIO: Sendable {
    /// Writes text to standard output, as is (add the line break yourself).
    public var write: @Sendable (String) throws(WriteFailure) -> Void
    /// Writes text to standard error, as is.
    public var writeError: @Sendable (String) throws(WriteFailure) -> Void
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
        write: @escaping @Sendable (String) throws(WriteFailure) -> Void,
        writeError: @escaping @Sendable (String) throws(WriteFailure) -> Void,
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

    /// The process's standard streams, each through its one ``StreamWriter``. Output is
    /// written unbuffered, at once: a thread reading standard input may hold its lock, which
    /// a stdio flush would wait for. Lines of standard input end at LF, CR or CRLF.
    public static var standard: ToolIO {
        ToolIO(
            write: { text throws(WriteFailure) in try StreamWriter.standardOutput.write(text) },
            writeError: { text throws(WriteFailure) in try StreamWriter.standardError.write(text) },
            readLine: { LineReader.standardInput.next() },
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
    public func print(_ line: String) throws(WriteFailure) { try write(line + "\n") }

    /// Writes a line (text and a line break) to standard error.
    public func printError(_ line: String) throws(WriteFailure) { try writeError(line + "\n") }
}
