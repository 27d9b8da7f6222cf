/// One transition of a definition, named by its source, event and target: how a diagram's
/// coverage view and the explorer name an edge (the `FSMCoverage` product's public
/// `TransitionKey` says the same).
package struct TransitionName: Sendable, Hashable {
    /// The source state's name.
    package let source: String
    /// The event's name.
    package let event: String
    /// The target state's name.
    package let target: String

    /// Creates the name of the transition from `source` on `event` to `target`.
    package init(source: String, event: String, target: String) {
        self.source = source
        self.event = event
        self.target = target
    }
}
