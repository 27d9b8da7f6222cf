import FSM

/// One transition of a definition, named by its source, event and target: what a coverage
/// view marks as taken.
public struct TransitionKey: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The source state's name.
    public let source: String
    /// The event's name.
    public let event: String
    /// The target state's name.
    public let target: String

    /// Creates a key from names.
    public init(source: String, event: String, target: String) {
        self.source = source
        self.event = event
        self.target = target
    }

    /// Creates the key of a transition a machine took.
    public init<State, Event, Effect>(_ transition: Transition<State, Event, Effect>) {
        self.init(source: String(describing: transition.source), event: transition.trigger.description, target: String(describing: transition.target))
    }

    /// `source --event--> target`.
    public var description: String { "\(source) --\(event)--> \(target)" }
}
