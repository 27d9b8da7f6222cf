/// A named condition on a transition.
///
/// The name is what tables, diagrams and error messages show; the predicate reads the
/// context value passed to `send(_:context:)` and never decides the target,
/// which stays data so that diagrams are exact.
///
/// ```swift
/// let filled = Guard<Credentials>("ID and password filled") { !$0.id.isEmpty && !$0.password.isEmpty }
/// ```
public struct Guard<Context>: Sendable {
    /// The name shown in tables, diagrams and error messages.
    public let name: String
    /// The condition, evaluated on the context supplied with the event.
    public let predicate: @Sendable (Context) -> Bool

    /// Creates a named guard.
    /// - Parameters:
    ///   - name: The name shown in tables, diagrams and error messages.
    ///   - predicate: The condition, evaluated on the context supplied with the event.
    @inlinable
    public init(_ name: String, _ predicate: @escaping @Sendable (Context) -> Bool) {
        self.name = name
        self.predicate = predicate
    }

    /// Evaluates the guard on a context.
    @inlinable
    public func callAsFunction(_ context: Context) -> Bool { predicate(context) }
}
