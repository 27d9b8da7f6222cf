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
        /// A runtime was asked for a snapshot while taking a step (from its `onTransition`, or
        /// its `onRejection` of an event the step refused): the step is not over. Taken by a
        /// snapshot, never a restore.
        case midStep
        /// A queued event cannot be written as JSON (what the encoder said, or that the
        /// machine's events are not `Encodable`). Taken by a snapshot, never a restore.
        case eventNotEncodable(String)
        /// A snapshot's queued event cannot be read as the machine's event (what the decoder
        /// said, or that the machine's events are not `Decodable`).
        case eventNotDecodable(String)
        /// The definition itself has errors: it cannot run.
        case invalidDefinition(DefinitionError)
        /// The snapshot is of a later version of the machine (`snapshot`) than the definition
        /// (`machine`): written by a newer app than the one restoring it.
        case laterVersion(snapshot: Int, machine: Int)
        /// No migration goes on from version `from` (without passing the definition's
        /// version, `to`): the snapshot cannot be brought to the definition's version.
        case noMigration(from: Int, to: Int)
        /// Two migrations go on from this version: which one is meant cannot be told.
        case repeatedMigration(from: Int)
        /// A migration step failed (its name, the versions of its migration, and its error's
        /// description).
        case stepFailed(step: String, from: Int, to: Int, error: String)
        /// The snapshot, migrated from version `from` to `to` by `steps` (their names, in
        /// order), does not fit the definition, for `reason`.
        indirect case migratedMisfit(from: Int, to: Int, steps: [String], reason: Reason)

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
        switch reason {
        case .midStep:
            "cannot take a snapshot of '\(machine)' in the middle of a step (from onTransition or onRejection): take it once the step is over"
        case let .eventNotEncodable(why):
            "cannot take a snapshot of '\(machine)': a queued event cannot be written as JSON (\(why)); nothing was written"
        default:
            "cannot restore '\(machine)': \(Self.what(reason)); nothing was restored"
        }
    }

    /// What does not fit, as the middle of ``description``.
    private static func what(_ reason: Reason) -> String {
        let history = { (parent: String, deep: Bool) in "the \(deep ? "deep " : "")history of '\(parent)'" }
        switch reason {
        case let .otherMachine(name): return "the snapshot is of the machine '\(name)'"
        case let .unsupportedFormat(format):
            let current = MachineSnapshot.currentFormat
            return "the snapshot is written in format \(format); this library reads " + (current == 1 ? "format 1" : "formats 1 to \(current)")
        case let .otherStructure(snapshot, definition):
            return "the machine changed since the snapshot was taken (fingerprint \(snapshot), now \(definition)): it is restored only when matching names is asked for (`matching: .names`)"
        case let .unknownState(state): return "no state is named '\(state)'"
        case let .ambiguousState(state): return "two states are named '\(state)'"
        case let .movedState(state, declared, saved):
            return "'\(state)' is inside \(path(declared)) now, not \(path(saved))"
        case let .transientState(state, leadsTo): return "the machine never rests in '\(state)': it goes on to '\(leadsTo)' at once"
        case let .unknownHistory(parent, deep): return "no transition resumes \(history(parent, deep))"
        case let .unknownMemory(parent, deep, remembers): return "\(history(parent, deep)) cannot remember '\(remembers)'"
        case let .repeatedHistory(parent, deep): return "the snapshot says twice what \(history(parent, deep)) remembers"
        case let .contradictoryHistory(parent): return "the histories of '\(parent)' remember what no run leaves together (the deep one a state outside the child the shallow one remembers)"
        case let .invalidDefinition(error): return "its definition cannot run: \(error)"
        case let .repeatedTimer(owner, position): return "the snapshot lists the timer of '\(owner)' at position \(position) twice"
        case .midStep: return "a snapshot was taken in the middle of a step"
        case let .eventNotEncodable(why): return "a queued event cannot be written as JSON (\(why))"
        case let .eventNotDecodable(why): return "a queued event is not one of its events (\(why))"
        case let .laterVersion(snapshot, machine):
            return "the snapshot is of version \(snapshot) of the machine, later than this one's (\(machine))"
        case let .noMigration(from, to):
            return "no migration goes on from version \(from) towards the machine's version \(to)"
        case let .repeatedMigration(from): return "two migrations go on from version \(from)"
        case let .stepFailed(step, from, to, error):
            return "the migration from version \(from) to \(to) failed at its step \"\(step)\": \(error)"
        case let .migratedMisfit(from, to, steps, reason):
            let ran = steps.isEmpty ? "without a step" : "by " + steps.map { "\"\($0)\"" }.joined(separator: ", ")
            return "migrated from version \(from) to \(to) \(ran), \(what(reason))"
        }
    }

    private static func path(_ parents: [String]) -> String {
        parents.isEmpty ? "the top (no parent)" : parents.map { "'\($0)'" }.joined(separator: " > ")
    }
}
