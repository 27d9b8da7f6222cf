import FSM

/// Why a snapshot was not restored: the machine it names, and what does not fit. Its
/// `description` is one sentence for a log or a user.
public struct SnapshotError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What does not fit.
    public enum Reason: Sendable, Equatable {
        /// The snapshot is of another machine (its name).
        case otherMachine(String)
        /// The snapshot is written in a format this library does not read (a later one).
        case unsupportedFormat(Int)
        /// The definition's structure is not the one the snapshot was taken from (both
        /// fingerprints).
        case otherStructure(snapshot: String, definition: String)
        /// No state of the definition has the snapshot's state's name.
        case unknownState(String)
        /// Two states of the definition have this name (or two things a history can remember:
        /// a child state and a child parent of one name).
        case ambiguousState(String)
        /// The state is declared inside other parents than the snapshot says.
        case movedState(String, declared: [String], saved: [String])
        /// The machine never rests in the state: a transition without an event and without a
        /// guard leaves it at once (to the second state).
        case transientState(String, leadsTo: String)
        /// No transition of the definition resumes this history.
        case unknownHistory(parent: String, deep: Bool)
        /// The history cannot remember this state.
        case unknownMemory(parent: String, deep: Bool, remembers: String)
        /// The snapshot says twice what one history remembers.
        case repeatedHistory(parent: String, deep: Bool)
        /// The parent's shallow and deep histories remember things no run leaves together.
        case contradictoryHistory(parent: String)
        /// The snapshot lists one timer (its owner's `After` line at `position`) twice.
        case repeatedTimer(owner: String, position: Int)
        /// A runtime was asked for a snapshot while taking a step (from its `onTransition` or
        /// `onRejection`): the step is not over. Taken by a snapshot, never a restore.
        case midStep
        /// A queued event cannot be written as JSON (what the encoder said, or that the
        /// machine's events are not `Encodable`). Taken by a snapshot, never a restore.
        case eventNotEncodable(String)
        /// A snapshot's queued event cannot be read as the machine's event (what the decoder
        /// said, or that the machine's events are not `Decodable`).
        case eventNotDecodable(String)
        /// The definition itself has errors: it cannot run.
        case invalidDefinition(DefinitionError)

        init(_ mismatch: ConfigurationMismatch) {
            switch mismatch {
            case let .unknownState(state): self = .unknownState(state)
            case let .ambiguousState(state): self = .ambiguousState(state)
            case let .movedState(state, declared, saved): self = .movedState(state, declared: declared, saved: saved)
            case let .transient(state, leadsTo): self = .transientState(state, leadsTo: leadsTo)
            case let .unknownHistory(parent, deep): self = .unknownHistory(parent: parent, deep: deep)
            case let .unknownMemory(parent, deep, remembers): self = .unknownMemory(parent: parent, deep: deep, remembers: remembers)
            case let .repeatedHistory(parent, deep): self = .repeatedHistory(parent: parent, deep: deep)
            case let .contradictoryHistory(parent): self = .contradictoryHistory(parent: parent)
            }
        }
    }

    /// The machine the snapshot was restored into (its definition's name).
    public let machine: String
    /// What does not fit.
    public let reason: Reason

    /// The error of restoring into `machine`, for `reason`.
    public init(machine: String, reason: Reason) {
        self.machine = machine
        self.reason = reason
    }

    /// One sentence: `cannot restore 'usb': no state is named 'Sleeping'; nothing was restored`.
    public var description: String {
        let history = { (parent: String, deep: Bool) in "the \(deep ? "deep " : "")history of '\(parent)'" }
        let what: String
        switch reason {
        case let .otherMachine(name): what = "the snapshot is of the machine '\(name)'"
        case let .unsupportedFormat(format):
            let current = MachineSnapshot.currentFormat
            what = "the snapshot is written in format \(format); this library reads " + (current == 1 ? "format 1" : "formats 1 to \(current)")
        case let .otherStructure(snapshot, definition):
            what = "the machine changed since the snapshot was taken (fingerprint \(snapshot), now \(definition)): it is restored only when matching names is asked for (`matching: .names`)"
        case let .unknownState(state): what = "no state is named '\(state)'"
        case let .ambiguousState(state): what = "two states are named '\(state)'"
        case let .movedState(state, declared, saved):
            what = "'\(state)' is inside \(Self.path(declared)) now, not \(Self.path(saved))"
        case let .transientState(state, leadsTo): what = "the machine never rests in '\(state)': it goes on to '\(leadsTo)' at once"
        case let .unknownHistory(parent, deep): what = "no transition resumes \(history(parent, deep))"
        case let .unknownMemory(parent, deep, remembers): what = "\(history(parent, deep)) cannot remember '\(remembers)'"
        case let .repeatedHistory(parent, deep): what = "the snapshot says twice what \(history(parent, deep)) remembers"
        case let .contradictoryHistory(parent): what = "the histories of '\(parent)' remember what no run leaves together (the deep one a state outside the child the shallow one remembers)"
        case let .repeatedTimer(owner, position): what = "the snapshot lists timer \(position + 1) of '\(owner)' twice"
        case .midStep:
            return "cannot take a snapshot of '\(machine)' in the middle of a step (from onTransition or onRejection): take it once the step is over"
        case let .eventNotEncodable(reason):
            return "cannot take a snapshot of '\(machine)': a queued event cannot be written as JSON (\(reason)); nothing was written"
        case let .eventNotDecodable(reason): what = "a queued event is not one of its events (\(reason))"
        case let .invalidDefinition(error): what = "its definition cannot run: \(error)"
        }
        return "cannot restore '\(machine)': \(what); nothing was restored"
    }

    private static func path(_ parents: [String]) -> String {
        parents.isEmpty ? "the top (no parent)" : parents.map { "'\($0)'" }.joined(separator: " > ")
    }
}
