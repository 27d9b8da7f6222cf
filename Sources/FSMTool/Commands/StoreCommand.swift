#if Store
import ArgumentParser
import Foundation
import FSM
import FSMStore
import FSMTerminal

/// `store`: what a durable store (FSMStore's SQLite file) holds, read without the machines'
/// types: its machines, and one machine's timers, log and outbox.
struct StoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: "Look into a store of durable machines (an FSMStore SQLite file).",
        subcommands: [StoreListCommand.self, StoreShowCommand.self, StoreReplayCommand.self]
    )
}

/// The store file a `store` subcommand reads: an existing one, never created.
struct StoreOption: ParsableArguments {
    @Option(name: .customLong("store"), help: ArgumentHelp("The store's SQLite file.", valueName: "file"))
    var path: String

    /// The store, opened from the tool's current folder.
    func inspector() throws -> StoreInspector {
        StoreInspector(try Self.engine(at: path))
    }

    /// The store at `path` (from the tool's current folder), read only: a missing file, or one
    /// that is not a store, is bad usage.
    static func engine(at path: String) throws -> StoreEngine {
        guard !path.isEmpty else { throw ValidationError("--store needs a file name") }
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : ToolContext.current.io.currentDirectory.appendingPathComponent(path)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw ValidationError("no store at \(TerminalText.visible(EchoedText.quoted(path))): the file does not exist")
        }
        do {
            // Read only: a file that is not a store is refused, not given the store's tables.
            return try StoreEngine.sqlite(readingOnly: url.path)
        } catch {
            throw ValidationError("\(TerminalText.visible(EchoedText.quoted(path))) is not a store: \(TerminalText.visible(error.description))")
        }
    }
}

/// `store list`: the machines, one a line: id, machine, state, version.
struct StoreListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the store's machines, one a line: id, machine, state and version (the length of its log)."
    )

    @OptionGroup var store: StoreOption
    @Option(help: "List the machines whose ids come after this one (the last id of the page before).")
    var after: String?
    @Option(help: "List at most this many machines.")
    var limit: Int = 1_000

    func run() async throws {
        let machines = try await store.inspector().machines(after: after, limit: limit)
        let io = ToolContext.current.io
        for row in machines {
            try io.print("\(TerminalText.visible(row.id))  \(TerminalText.visible(row.machine))  \(TerminalText.visible(row.state))  version \(row.version)")
        }
    }
}

/// `store show ID`: one machine's row, timers, log and outbox.
struct StoreShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show one machine of the store: its state, timers (with deadlines), log and outbox."
    )

    @OptionGroup var store: StoreOption
    @Argument(help: "The machine's id.")
    var id: String

    func run() async throws {
        let io = ToolContext.current.io
        guard let machine = try await store.inspector().machine(id) else {
            try io.printError("error: the store has no machine \(TerminalText.visible(EchoedText.quoted(id)))")
            throw ExitCode(1)
        }
        func text(_ string: String) -> String { TerminalText.visible(string) }
        let row = machine.row
        try io.print("\(text(row.id)): machine \(text(row.machine)), version \(row.version), in \(text(row.state))")
        try io.print("created \(Self.date(row.createdAt)), last step \(Self.date(row.updatedAt))")
        try io.print("timers:" + (machine.timers.isEmpty ? " none" : ""))
        for timer in machine.timers {
            let when = timer.spent ? "spent" : "due \(Self.date(timer.dueAt))"
            try io.print("  \(text(timer.id))  \(text(timer.owner)) #\(timer.position)  \(Duration.nanoseconds(timer.afterNanoseconds))  \(when)")
        }
        try io.print("log:" + (machine.log.isEmpty ? " empty" : ""))
        for entry in machine.log {
            let request = entry.requestID.map { "  request \(text($0))" } ?? ""
            try io.print("  \(entry.sequence)  \(Self.date(entry.at))  \(text(entry.entry))\(request)")
        }
        try io.print("outbox:" + (machine.effects.isEmpty ? " empty" : ""))
        for effect in machine.effects {
            try io.print("  \(text(effect.id))  \(text(effect.effect))  \(effect.done ? "done" : "pending")")
        }
    }

    /// `at` (nanoseconds since 1970 on the store's clock) in ISO 8601, to the millisecond.
    static func date(_ at: Int64) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: Date(timeIntervalSince1970: Double(at) / 1e9))
    }
}
#endif
