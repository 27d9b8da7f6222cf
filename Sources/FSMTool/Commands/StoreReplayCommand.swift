#if Store
import ArgumentParser
import Foundation
import FSM
import FSMStore
import FSMTerminal

/// `store replay ID`: one machine's log replayed from its creation with the tool's definition
/// of it, step by step, and whether it ends as the store says.
struct StoreReplayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay one machine's log from its creation with the tool's definition of it, step by step.",
        discussion: """
        Each entry is shown with the state it leads to and its effects (as JSON). The replay \
        ends as the store says when the machine's snapshot equals the replay's end and its outbox \
        holds the effects the steps emitted; otherwise, or when a step cannot be taken, the \
        difference is said and the exit status is 1. The store is read, never written.
        """
    )

    @OptionGroup var store: StoreOption
    @Argument(help: "The machine's id.")
    var id: String

    func run() async throws {
        let context = ToolContext.current
        let io = context.io
        func text(_ string: String) -> String { TerminalText.visible(string) }
        let engine = try StoreOption.engine(at: store.path)
        guard let row = try await StoreInspector(engine).machine(id)?.row else {
            try io.printError("error: the store has no machine \(text(EchoedText.quoted(id)))")
            throw ExitCode(1)
        }
        let machine = try StoredStart.definition(of: row, id: id, context: context)
        guard let replayer = machine._outline.definition.open(ReplayerMaker()) else {
            try io.printError("error: \(text(EchoedText.quoted(row.machine))) cannot be replayed from a store: a stored machine's events and effects are Codable and its guards read no context")
            throw ExitCode(1)
        }
        let replay = try await replayer.replay(id, in: engine)
        func configuration(_ state: String) -> String { text(machine.configuration(ofStateNamed: state) ?? state) }
        try io.print("\(text(id)): machine \(text(row.machine)), created \(StoreShowCommand.date(row.createdAt)) in \(configuration(replay.initialState))")
        for step in replay.steps {
            let request = step.entry.requestID.map { "  request \(text($0))" } ?? ""
            let effects = step.effects.isEmpty ? "" : "; effects: " + step.effects.map(text).joined(separator: ", ")
            try io.print("  \(step.entry.sequence)  \(StoreShowCommand.date(step.entry.at))  \(text(step.entry.entry))\(request)")
            try io.print("     -> \(configuration(step.state))\(effects)")
        }
        if let failure = replay.failure {
            let sequence = replay.steps.count + 1
            try io.printError("error: entry \(sequence) of the log cannot be replayed: \(text(failure.description)); the store holds version \(row.version), in \(configuration(row.state))")
            throw ExitCode(1)
        }
        guard !replay.matches else {
            try io.print("the replay ends as stored: \(configuration(replay.snapshot.state)), version \(row.version); the outbox holds its \(replay.outbox.count) effect(s)")
            return
        }
        var lines = ["error: the replay of \(text(EchoedText.quoted(id))) does not end as the store says:"]
        if replay.snapshot != replay.stored {
            lines.append("  stored snapshot:  \(text(Self.json(replay.stored)))")
            lines.append("  replayed:         \(text(Self.json(replay.snapshot)))")
        }
        if replay.effectIDs != replay.outbox {
            lines.append("  outbox holds:     \(text(replay.outbox.joined(separator: " ")))")
            lines.append("  replay emitted:   \(text(replay.effectIDs.joined(separator: " ")))")
        }
        try io.printError(lines.joined(separator: "\n"))
        throw ExitCode(1)
    }

    /// `value` as JSON with sorted keys (`?` if it cannot be encoded).
    static func json(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "?"
    }
}

/// A stored machine's log replayed with a definition whose types are known here only.
protocol StoreReplaying {
    /// Machine `id`'s replay in `engine`, each effect as its JSON.
    func replay(_ id: String, in engine: StoreEngine) async throws(StoreError) -> StoreReplay<String>
}

/// A definition, replayable when its machines can be stored (``StoreReplaying``).
struct Replayer<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context> {
    let definition: MachineDefinition<State, Event, Effect, Context>
}

extension Replayer: StoreReplaying where Event: Codable, Effect: Codable, Context == Void {
    func replay(_ id: String, in engine: StoreEngine) async throws(StoreError) -> StoreReplay<String> {
        try await MachineStore(definition, engine: engine).replaySteps(id).map { StoreReplayCommand.json($0) }
    }
}

/// The ``StoreReplaying`` of a definition, `nil` when its machines cannot be stored (events
/// or effects not `Codable`, a context).
struct ReplayerMaker: DefinitionVisitor {
    func visit<State, Event, Effect, Context>(_ definition: MachineDefinition<State, Event, Effect, Context>) -> (any StoreReplaying)? {
        Replayer(definition: definition) as? any StoreReplaying
    }
}
#endif
