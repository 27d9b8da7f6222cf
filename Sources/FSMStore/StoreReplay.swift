#if Store
import FSMPersistence

/// A stored machine's log replayed from its creation (``MachineStore/replaySteps(_:)``), with
/// what the store holds to compare it with: for `fsm store replay`.
package struct StoreReplay<Effect: Sendable>: Sendable {
    /// One log entry's step, as the replay took it.
    package struct Step: Sendable {
        /// The log entry (its cause as JSON).
        package let entry: StoredEntry
        /// The state's name after it.
        package let state: String
        /// Its effects, in order.
        package let effects: [Effect]
    }

    /// The machine's row.
    package let row: StoredMachine
    /// Its snapshot as stored.
    package let stored: MachineSnapshot
    /// The ids of its effects in the outbox, in order.
    package let outbox: [String]
    /// The state's name at its creation.
    package let initialState: String
    /// The snapshot after the last step taken (at its creation when none was).
    package var snapshot: MachineSnapshot
    /// The steps taken, in order.
    package var steps: [Step] = []
    /// The ids of the effects the steps emitted, in order: the outbox's, if it is whole.
    package var effectIDs: [String] = []
    /// Why the replay stopped before the end of the log (a step refused, an entry that cannot
    /// be read or a timer that does not fit), `nil` when every entry was taken.
    package var failure: StoreError?

    /// Whether every entry was taken and the replay ends as the store says: the stored
    /// snapshot, and the outbox holding the effects the steps emitted.
    package var matches: Bool { failure == nil && snapshot == stored && effectIDs == outbox }

    /// The same replay, each effect as `transform` makes it (the tool's: its JSON).
    package func map<Other: Sendable>(_ transform: (Effect) -> Other) -> StoreReplay<Other> {
        var other = StoreReplay<Other>(row: row, stored: stored, outbox: outbox, initialState: initialState, snapshot: snapshot)
        other.steps = steps.map { StoreReplay<Other>.Step(entry: $0.entry, state: $0.state, effects: $0.effects.map(transform)) }
        other.effectIDs = effectIDs
        other.failure = failure
        return other
    }
}
#endif
