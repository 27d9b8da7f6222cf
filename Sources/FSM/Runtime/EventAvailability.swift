/// Whether an event can be sent now, and if not, why not.
package struct EventAvailability<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable>: Sendable where Event.Key == Event {
    /// The event.
    package let event: Event
    /// What sending it now would do: the transition, or the error that says why not.
    package let outcome: Result<Transition<State, Event, Effect>, TransitionError<State, Event>>

    /// Whether the event would be accepted now (taken or ignored).
    package var isPermitted: Bool {
        if case .success = outcome { return true }
        return false
    }
}
