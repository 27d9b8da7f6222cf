import Foundation
import FSM
import FSMRuntime

extension MachineRuntime {
    /// The runtime saved by names: its machine (as ``FSM/Machine/snapshot()``), each armed
    /// timer with the time it has left (or spent), when it was taken on the wall clock, and
    /// the events queued behind the effects being performed, as JSON.
    ///
    /// Take it between steps: from the runtime's owner (a view model saving after each
    /// action, a scene moving to the background), or from an effect the owner performs;
    /// not from `onTransition` or `onRejection`, where a step is not over. An effect being
    /// performed when it is taken is not in it: work that must happen again after a restore
    /// is the `resuming` closure's of
    /// ``init(_:restoring:migrating:matching:clock:context:timers:at:resuming:perform:)``.
    ///
    /// - Parameters:
    ///   - date: Now, on the wall clock (a test gives a fixed one): a restore that keeps the
    ///     timers' deadlines counts the time since.
    ///   - context: What the owner keeps with the machine (its form, a counter), as JSON:
    ///     `try SnapshotValue(encoding: model.form)`. Nothing is saved unless given: a context
    ///     may hold what must not reach a disk (a password).
    /// - Throws: ``SnapshotError`` (``SnapshotError/Reason/midStep`` in a step;
    ///   ``SnapshotError/Reason/eventNotEncodable(_:)`` when an event is queued and the
    ///   machine's events are not `Encodable`).
    public func snapshot(at date: Date = Date(), context: SnapshotValue? = nil) throws(SnapshotError) -> MachineSnapshot {
        let parts = persistedParts
        let name = parts.machine.definition.name
        guard !parts.inStep else { throw SnapshotError(machine: name, reason: .midStep) }
        var snapshot = parts.machine.snapshot()
        snapshot.timers = MachineSnapshot.timers(parts.timers) { parts.dueAfter[$0] }
        snapshot.takenAt = date.timeIntervalSince1970
        snapshot.context = context
        if !parts.queued.isEmpty {
            var events: [SnapshotValue] = []
            for event in parts.queued {
                guard let encodable = event as? any Encodable else {
                    throw SnapshotError(machine: name, reason: .eventNotEncodable("\(Event.self) is not Encodable"))
                }
                do {
                    events.append(try SnapshotValue(encoding: encodable))
                } catch {
                    throw SnapshotError(machine: name, reason: .eventNotEncodable(String(describing: error)))
                }
            }
            snapshot.events = events
        }
        return snapshot
    }

    /// A runtime of `machine` (its compiled definition) put where `snapshot` says, without
    /// running anything of the machine: no transition, no entry effect, no guard. Its timers
    /// do what `timers` says; the events the snapshot queued are taken first, in order, then
    /// overdue timers in deadline order, each a step of its own.
    ///
    /// - Parameters:
    ///   - machine: A machine of the definition the snapshot was taken from (its state does
    ///     not matter: the snapshot's replaces it).
    ///   - snapshot: What ``snapshot(at:context:)`` (or a machine's ``FSM/Machine/snapshot()``:
    ///     its timers then start now) returned, in this process or another.
    ///   - migrations: The steps that take a snapshot of an earlier version of the machine to
    ///     this one (see ``SnapshotMigrations``); its timers and queued events are read from the
    ///     migrated snapshot. None by default.
    ///   - matching: How the snapshot must fit the definition (see ``SnapshotMatching``).
    ///   - clock: Where time comes from from now on.
    ///   - context: What guards read, asked for at each step.
    ///   - timers: Keep the deadlines (the default), resume the time left, or restart.
    ///   - date: Now, on the wall clock, for ``TimerRestore/keepDeadlines``.
    ///   - resuming: The effects to perform on resumption, given the restored state (the
    ///     request a `loggingIn` state was waiting for, sent again): performed by `perform`
    ///     in order, as a step's are, before anything queued. None by default: a restore is
    ///     not a transition.
    ///   - perform: Performs one effect; it may send events back.
    /// - Throws: ``SnapshotError`` as ``FSM/Machine/restore(_:matching:)``, and
    ///   ``SnapshotError/Reason/eventNotDecodable(_:)`` for a queued event that is not one of
    ///   the machine's. Nothing is created then.
    public convenience init<C: Clock>(
        _ machine: Machine<State, Event, Effect, Context>, restoring saved: MachineSnapshot, migrating migrations: SnapshotMigrations = SnapshotMigrations(),
        matching: SnapshotMatching = .fingerprint, clock: C, context: @escaping @MainActor () -> Context, timers: TimerRestore = .keepDeadlines,
        at date: Date = Date(), resuming: @MainActor (State) -> [Effect] = { _ in [] }, perform: @escaping Handler
    ) throws(SnapshotError) where C.Duration == Duration {
        var restored = machine
        let snapshot = try restored.restoreMigrated(saved, migrating: migrations, matching: matching)
        let queued = try Self.events(of: snapshot, machine: machine.definition.name)
        let elapsed = snapshot.elapsed(until: date.timeIntervalSince1970)
        let saved = snapshot.savedTimers(elapsed: elapsed, mode: timers)
        let dueAfter = timers == .restart ? { _ in nil } : snapshot.queuedTimers()
        self.init(restored, clock: clock, context: context, perform: perform)
        let armed = restored.isFinished ? [] : restored.timers
        restorePersisted(
            schedule: { now in TimerSchedule.restoring(armed, now: now, saved: saved) }, queued: queued, dueAfter: dueAfter,
            resuming: resuming(restored.state)
        )
    }

    /// The snapshot's queued events, read as the machine's.
    private static func events(of snapshot: MachineSnapshot, machine name: String) throws(SnapshotError) -> [Event] {
        guard let values = snapshot.events, !values.isEmpty else { return [] }
        guard let type = Event.self as? any Decodable.Type else {
            throw SnapshotError(machine: name, reason: .eventNotDecodable("\(Event.self) is not Decodable"))
        }
        func read<T: Decodable>(_ value: SnapshotValue, as type: T.Type) throws -> Event? { try value.decode(type) as? Event }
        var events: [Event] = []
        for value in values {
            do {
                guard let event = try read(value, as: type) else {
                    throw SnapshotError(machine: name, reason: .eventNotDecodable("not a \(Event.self)"))
                }
                events.append(event)
            } catch let error as SnapshotError {
                throw error
            } catch {
                throw SnapshotError(machine: name, reason: .eventNotDecodable(String(describing: error)))
            }
        }
        return events
    }
}

extension MachineRuntime where Context == Void {
    /// A runtime put where `snapshot` says, for a machine whose guards read no context (see
    /// ``init(_:restoring:migrating:matching:clock:context:timers:at:resuming:perform:)``).
    public convenience init<C: Clock>(
        _ machine: Machine<State, Event, Effect, Context>, restoring snapshot: MachineSnapshot, migrating migrations: SnapshotMigrations = SnapshotMigrations(),
        matching: SnapshotMatching = .fingerprint, clock: C, timers: TimerRestore = .keepDeadlines, at date: Date = Date(),
        resuming: @MainActor (State) -> [Effect] = { _ in [] }, perform: @escaping Handler
    ) throws(SnapshotError) where C.Duration == Duration {
        try self.init(
            machine, restoring: snapshot, migrating: migrations, matching: matching, clock: clock, context: {}, timers: timers, at: date,
            resuming: resuming, perform: perform
        )
    }
}
