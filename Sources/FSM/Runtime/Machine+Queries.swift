extension Machine {
    /// The declared events, in declaration order.
    package var events: [Event.Key] { tables.definition.resolution.events }

    /// The declared states, in declaration order.
    package var states: [State] { tables.definition.resolution.states }

    /// The keys the current state would accept (take or ignore) now, each guard decided by its
    /// name: for machines whose events carry data, where a guard on the event cannot be
    /// evaluated without one (which buttons to enable, what a REPL offers).
    package func permittedKeys(guards holds: (String) -> Bool) -> [Event.Key] {
        events.filter {
            if case .success = check($0, guards: holds) { return true }
            return false
        }
    }
}

extension Machine where Event.Key == Event {

    /// The events the current state accepts now (taken or ignored), guards evaluated on
    /// `context`, in declaration order.
    public func permittedEvents(context: Context) -> [Event] {
        events.filter {
            if case .success = check($0, context: context) { return true }
            return false
        }
    }

    /// Every declared event with what sending it now would do, or why it would be rejected.
    package func availability(context: Context) -> [EventAvailability<State, Event, Effect>] {
        events.map { EventAvailability(event: $0, outcome: check($0, context: context)) }
    }
}

extension Machine where Event.Key == Event, Context == Void {
    /// The events the current state accepts now, in declaration order.
    public var permittedEvents: [Event] { permittedEvents(context: ()) }

    /// Every declared event with what sending it now would do, or why it would be rejected.
    package var availability: [EventAvailability<State, Event, Effect>] { availability(context: ()) }
}
