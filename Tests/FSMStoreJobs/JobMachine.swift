import FSM
import FSMPersistence

/// The machine of the store's crash test: a job with a parent (`active`) whose timer keeps
/// running while the job moves between its children, timers of single states, a timer whose
/// guard never holds (it is spent), and effects on most steps.
public let jobMachine = job(version: 1, cooling: "cooling")

/// Its version 2, where `cooling` is called `resting` (``jobMigrations`` bring its snapshots
/// there): for the migration tests.
public let jobMachineV2 = job(version: 2, cooling: "resting")

/// From ``jobMachine``'s snapshots to ``jobMachineV2``'s.
public let jobMigrations = SnapshotMigrations().from(1, to: 2, .renameState("cooling", to: "resting"))

/// The job machine of `version`, its cooling-down state named `cooling`.
private func job(version: Int, cooling: String) -> MachineDefinition<String, String, String, Void> {
    MachineDefinition<String, String, String, Void>(
        name: "job", version: version, initial: "idle", events: ["start", "pause", "resume", "poke", "finish"]
    ) {
        In("idle") {
            On("start", to: "running", emit: "started")
            After(.seconds(20), to: cooling, emit: "idled")
        }
        Parent(state: "active", initial: "running") {
            On("finish", to: "idle", emit: "finished", "logged")
            After(.seconds(30), to: cooling, emit: "expired")
        } children: {
            In("running") {
                On("pause", to: "paused", emit: "paused")
                On("poke", to: "running", emit: "poked")
                After(.seconds(5), to: "paused", emit: "autoPaused")
            }
            In("paused") {
                On("resume", to: "running", emit: "resumed")
                After(.seconds(7), to: "idle", guard: never)
            }
        }
        In(cooling) {
            On("start", to: "running", emit: "started")
            On("poke", to: "idle")
        }
    }
}

private let never = Guard<Void>("never") { _ in false }

/// The events the workers send, in the order a seeded draw picks them from.
public let jobEvents = ["start", "pause", "resume", "poke", "finish"]
