import FSM

extension Machine {
    /// Sends an event for a view state: the effects to perform, or `nil` when the machine
    /// rejects the event, with the reason written to `rejection` (cleared on acceptance).
    /// The state never changes on a rejection.
    mutating func effects(of event: Event, context: Context, rejection: inout String?) -> [Effect]? {
        do {
            let step = try send(event, context: context)
            rejection = nil
            return Array(step.effects)
        } catch {
            rejection = error.description
            return nil
        }
    }
}
