import Foundation
import FSM
import FSMCoverage
import FSMPersistence
import FSMRuntime

/// The view state that owns a runtime, reached from the runtime's closures without a cycle
/// (the runtime is made before the view state can hand itself out).
@MainActor
final class Owner<Value: AnyObject> {
    weak var value: Value?
}

extension MachineRuntime {
    /// A runtime for a view state: the machine of `definition` (validated by its
    /// strict-validation test, so a failure here is a programming error), on the continuous
    /// clock, reporting to `recorder` when there is one.
    static func viewState(
        _ definition: MachineDefinition<State, Event, Effect, Context>, recorder: CoverageRecorder?,
        context: @escaping @MainActor () -> Context, perform: @escaping Handler
    ) -> MachineRuntime {
        do {
            var machine = try Machine(definition)
            machine.recorder = recorder
            return MachineRuntime(machine, clock: ContinuousClock(), context: context, perform: perform)
        } catch {
            preconditionFailure("the \(definition.name) machine is invalid: \(error)") // covered by its strict-validation test
        }
    }
}

extension MachineRuntime {
    /// A runtime for a view state put back where `snapshot` says (see
    /// `MachineRuntime(_:restoring:...)` of FSMPersistence): the machine of `definition`, on
    /// the continuous clock, its timers keeping their deadlines, `resuming` giving the effects
    /// to perform on resumption.
    /// - Throws: ``ScreenRestoreError/machine(_:)`` when the snapshot does not fit.
    static func restoredViewState(
        _ definition: MachineDefinition<State, Event, Effect, Context>, recorder: CoverageRecorder?, restoring snapshot: MachineSnapshot, at date: Date,
        context: @escaping @MainActor () -> Context, resuming: @MainActor (State) -> [Effect] = { _ in [] }, perform: @escaping Handler
    ) throws(ScreenRestoreError) -> MachineRuntime {
        var machine: Machine<State, Event, Effect, Context>
        do throws(DefinitionError) {
            machine = try Machine(definition)
        } catch {
            throw .machine(SnapshotError(machine: definition.name, reason: .invalidDefinition(error)))
        }
        machine.recorder = recorder
        do throws(SnapshotError) {
            return try MachineRuntime(
                machine, restoring: snapshot, clock: ContinuousClock(), context: context, timers: .keepDeadlines, at: date, resuming: resuming, perform: perform
            )
        } catch {
            throw .machine(error)
        }
    }
}
