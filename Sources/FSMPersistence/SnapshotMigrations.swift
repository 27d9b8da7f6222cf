import FSM

/// How snapshots of earlier versions of a machine (its definition's `version`) are brought to
/// its current version: per version, named steps over the snapshot's names, run in order.
///
/// ```swift
/// let migrations = SnapshotMigrations()
///     .from(1, to: 2, .renameState("Default", to: "Unaddressed"),
///                     .splitState("Configured", into: "Active", parents: ["Powered", "Awake", "Configured"]))
///     .from(2, to: 3, .mapContext("volume in percent") { $0 })
/// var machine = try Machine(usbV3, restoring: snapshot, migrating: migrations)
/// ```
///
/// A step sees only the snapshot (names, what histories remember, timers, the context as
/// JSON), never the definitions of the versions: it cannot tell whether a name it writes is
/// declared. Restoring checks the migrated snapshot against the definition as it checks any
/// other, by names, and refuses it with the steps that ran.
public struct SnapshotMigrations: Sendable {
    /// One named change to a snapshot: what a refusal cites when it fails.
    public struct Step: Sendable {
        /// What the step does, as refusals quote it (`rename 'Default' to 'Unaddressed'`).
        public let name: String
        /// The change; its error is the step's failure.
        let body: @Sendable (inout MachineSnapshot) throws -> Void

        /// A step named `name` that changes the snapshot as `body` does; an error `body`
        /// throws stops the migration, and the refusal quotes its description.
        public static func custom(_ name: String, _ body: @escaping @Sendable (inout MachineSnapshot) throws -> Void) -> Step {
            Step(name: name, body: body)
        }

        /// The state or parent `old` is called `new` now: every name equal to `old` is renamed,
        /// in the state, its parents, the histories' parents and memories and the timers'
        /// owners. A combination of regions' states is one name, as its states describe
        /// themselves: a region's state inside it is not renamed (use ``custom(_:_:)``).
        /// Changes nothing where `old` does not occur.
        public static func renameState(_ old: String, to new: String) -> Step {
            Step(name: "rename '\(old)' to '\(new)'") { snapshot in
                func renamed(_ name: String) -> String { name == old ? new : name }
                snapshot.state = renamed(snapshot.state)
                snapshot.parents = snapshot.parents.map(renamed)
                for index in snapshot.history.indices {
                    snapshot.history[index].parent = renamed(snapshot.history[index].parent)
                    snapshot.history[index].remembers = snapshot.history[index].remembers.map(renamed)
                }
                if var timers = snapshot.timers {
                    for index in timers.indices { timers[index].owner = renamed(timers[index].owner) }
                    snapshot.timers = timers
                }
            }
        }

        /// The state `old` became `new`, inside `parents` (outermost first): a state that
        /// became a parent of children (then `parents` ends with `old`, and `new` is the child
        /// a machine in `old` is in now), or one that moved. A machine in `old` is put in
        /// `new`; a history of one of `parents` that remembers `old` remembers, if deep, `new`,
        /// and if shallow, its child on the way to `new`. A timer `old` owned goes to `new`
        /// unless `old` is one of `parents` (then the parent keeps its lines). Histories of
        /// other parents are left as they are.
        public static func splitState(_ old: String, into new: String, parents: [String]) -> Step {
            let path = parents.map { "'\($0)'" }.joined(separator: " > ")
            return Step(name: "split '\(old)' into '\(new)'" + (parents.isEmpty ? " at the top" : " inside \(path)")) { snapshot in
                if snapshot.state == old {
                    snapshot.state = new
                    snapshot.parents = parents
                }
                let position = Dictionary(parents.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
                for index in snapshot.history.indices where snapshot.history[index].remembers == old {
                    let memory = snapshot.history[index]
                    guard let at = position[memory.parent] else { continue }
                    snapshot.history[index].remembers = memory.deep || at + 1 == parents.count ? new : parents[at + 1]
                }
                if var timers = snapshot.timers, position[old] == nil {
                    for index in timers.indices where timers[index].owner == old { timers[index].owner = new }
                    snapshot.timers = timers
                }
            }
        }

        /// The parallel parent `parallel` (`nil`: the machine itself is parallel) gained the
        /// region `region`: its children, every combination of its regions' states, are named
        /// after one more state each. `combining` gives the name of the combination an old one
        /// becomes (with the new region's state, usually its initial one), or `nil` for a name
        /// that is not one of `parallel`'s combinations: it is asked about the state when the
        /// machine is inside `parallel` (`nil` then fails the step), about what each deep
        /// history remembers and about each timer's owner (`nil`: left as it is). The names are
        /// the states' descriptions, which only your code knows how to write.
        public static func addRegion(_ region: String, to parallel: String?, combining: @escaping @Sendable (String) -> String?) -> Step {
            Step(name: "add the region '\(region)' to " + (parallel.map { "'\($0)'" } ?? "the machine")) { snapshot in
                if parallel == nil || snapshot.parents.last == parallel {
                    guard let combined = combining(snapshot.state) else {
                        throw StepFailure(description: "'\(snapshot.state)' is not a combination of " + (parallel.map { "'\($0)'" } ?? "the machine's regions"))
                    }
                    snapshot.state = combined
                }
                for index in snapshot.history.indices where snapshot.history[index].deep {
                    guard let remembers = snapshot.history[index].remembers, let combined = combining(remembers) else { continue }
                    snapshot.history[index].remembers = combined
                }
                // Timers are left as they are: a timer's owner is a state or a parent, never a
                // combination of regions' states (a region cannot own a timer).
            }
        }

        /// The context saved with the snapshot (``MachineSnapshot/context``, `nil` when none
        /// was) becomes what `transform` returns; an error it throws stops the migration.
        public static func mapContext(_ name: String, _ transform: @escaping @Sendable (SnapshotValue?) throws -> SnapshotValue?) -> Step {
            Step(name: name) { snapshot in snapshot.context = try transform(snapshot.context) }
        }
    }

    /// The steps that bring a snapshot of version `from` to version `to`.
    struct Migration: Sendable {
        let from: Int
        let to: Int
        let steps: [Step]
    }

    /// A step's own refusal (``Step/addRegion(_:to:combining:)``'s).
    struct StepFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// The migrations, in the order they were given.
    private var migrations: [Migration] = []

    /// No migration: only snapshots of the definition's own version are restored.
    public init() {}

    /// These migrations and one more: `steps`, in order, bring a snapshot of version
    /// `version` to version `target` (usually `version + 1`; a later one skips versions).
    /// A version between needs no steps of its own (`.from(1, to: 2)`: nothing to change by
    /// names).
    public func from(_ version: Int, to target: Int, _ steps: Step...) -> SnapshotMigrations {
        var copy = self
        copy.migrations.append(Migration(from: version, to: target, steps: steps))
        return copy
    }

    /// `snapshot` brought to `definition`'s version: the steps of each version from the
    /// snapshot's on, in order, then the version and fingerprint set to the definition's. It
    /// is not checked against the definition: restoring does that (by names). A snapshot of
    /// the definition's version is returned as it is. Linear in the snapshot's size times the
    /// number of steps.
    ///
    /// - Throws: ``SnapshotError``: a snapshot of a later version, of a version no
    ///   migration goes on from (or two do), or a step that failed (its name and its error).
    public func migrate<State, Event, Effect, Context>(
        _ snapshot: MachineSnapshot, to definition: MachineDefinition<State, Event, Effect, Context>
    ) throws(SnapshotError) -> MachineSnapshot {
        guard (snapshot.version ?? 1) != definition.version else { return snapshot }
        var result = try migrated(snapshot, to: definition.version, machine: definition.name).snapshot
        result.fingerprint = definition.fingerprint
        return result
    }

    /// `snapshot` brought from its version to `version` by the steps, and the names of the
    /// steps that ran; the version set to `version` (`nil` for 1), the fingerprint left as it
    /// is.
    func migrated(_ snapshot: MachineSnapshot, to version: Int, machine: String) throws(SnapshotError) -> (snapshot: MachineSnapshot, steps: [String]) {
        func refuse(_ reason: SnapshotError.Reason) -> SnapshotError { SnapshotError(machine: machine, reason: reason) }
        var current = snapshot.version ?? 1
        guard current <= version else { throw refuse(.laterVersion(snapshot: current, machine: version)) }
        let byVersion = Dictionary(grouping: migrations, by: \.from)
        var migrated = snapshot
        var ran: [String] = []
        while current < version {
            let found = byVersion[current] ?? []
            guard found.count < 2 else { throw refuse(.repeatedMigration(from: current)) }
            guard let migration = found.first, migration.to > current, migration.to <= version else {
                throw refuse(.noMigration(from: current, to: version))
            }
            for step in migration.steps {
                do {
                    try step.body(&migrated)
                } catch {
                    throw refuse(.stepFailed(step: step.name, from: migration.from, to: migration.to, error: String(describing: error)))
                }
                ran.append(step.name)
            }
            current = migration.to
        }
        migrated.version = version == 1 ? nil : version
        return (migrated, ran)
    }
}
