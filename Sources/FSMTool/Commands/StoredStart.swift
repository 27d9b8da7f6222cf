/// Where `repl --store FILE ID` starts: a stored machine's snapshot, and the tool's machine
/// it restores into.
struct StoredStart {
    /// The name of the machine's definition (the tool's machine it restores into).
    let machineName: String
    /// Its snapshot as stored (JSON).
    let snapshot: [UInt8]
    /// `--store FILE ID`: what opens it again, for the hint of `:save`.
    let opening: [String]
    /// `machine 'order-7' of orders.sqlite (order, version 3, last step …)`.
    let title: String
}

#if Store
import ArgumentParser
import Foundation
import FSM
import FSMStore
import FSMTerminal

extension StoredStart {
    /// Machine `id` of the store at `path`, read only. A missing file, or one that is not a
    /// store, is bad usage; a machine the store does not have, or whose definition the tool
    /// does not have, fails with exit 1 and says so.
    static func load(_ id: String, from path: String, context: ToolContext) async throws -> StoredStart {
        let io = context.io
        let found = try await StoreInspector(StoreOption.engine(at: path)).machine(id)
        guard let row = found?.row else {
            try io.printError("error: the store \(TerminalText.visible(EchoedText.quoted(path))) has no machine \(TerminalText.visible(EchoedText.quoted(id)))")
            throw ExitCode(1)
        }
        _ = try definition(of: row, id: id, context: context)
        let title = "machine \(EchoedText.quoted(id)) of \(EchoedText.quoted(path)) (\(EchoedText.quoted(row.machine)), version \(row.version), last step \(StoreShowCommand.date(row.updatedAt)))"
        return StoredStart(machineName: row.machine, snapshot: Array(row.snapshot.utf8), opening: ["--store", path, id], title: title)
    }

    /// The tool's machine that stored machine `id` (its row `row`) is one of; when the tool
    /// does not have it, fails with exit 1 and says so.
    static func definition(of row: StoredMachine, id: String, context: ToolContext) throws -> any MachineDescribing {
        if let machine = context.catalog.machines.first(where: { $0.name == row.machine }) { return machine }
        let known = context.catalog.names.isEmpty ? "none" : context.catalog.names.map { TerminalText.visible(EchoedText.shown($0)) }.joined(separator: ", ")
        try context.io.printError("""
            error: machine \(TerminalText.visible(EchoedText.quoted(id))) of the store is a \(TerminalText.visible(EchoedText.quoted(row.machine))) machine, \
            which \(TerminalText.visible(context.name)) does not have (its machines: \(known)): open it with the tool built with that machine's definition
            """)
        throw ExitCode(1)
    }
}
#endif
