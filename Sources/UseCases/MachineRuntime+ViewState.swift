import FSM
import FSMCoverage
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
