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

/// A guard as a transition holds it: a name, and a condition on the context, on the event,
/// or on both.
///
/// You do not build one yourself: ``On`` and ``Internal`` accept a `Guard<Context>`, a
/// `Guard<Event>` or a `Guard<(Context, Event)>` and keep it as this type.
public struct TransitionGuard<Context, Event>: Sendable {
    /// The name shown in tables, diagrams and error messages.
    public let name: String
    /// What the condition reads.
    @usableFromInline let condition: Condition

    /// A condition and what it reads.
    @usableFromInline
    enum Condition: Sendable {
        /// Reads the context.
        case context(@Sendable (Context) -> Bool)
        /// Reads the event.
        case event(@Sendable (Event) -> Bool)
        /// Reads both.
        case both(@Sendable ((Context, Event)) -> Bool)
    }

    /// What the condition reads: `context`, `event` or `both` (shown by tools and docs).
    public var reads: String {
        switch condition {
        case .context: "context"
        case .event: "event"
        case .both: "both"
        }
    }

    /// A guard on the context.
    @inlinable
    public init(_ guard: Guard<Context>) {
        name = `guard`.name
        condition = .context(`guard`.predicate)
    }

    /// A guard on the event.
    @inlinable
    public init(event guard: Guard<Event>) {
        name = `guard`.name
        condition = .event(`guard`.predicate)
    }

    /// A guard on the context and the event.
    @inlinable
    public init(both guard: Guard<(Context, Event)>) {
        name = `guard`.name
        condition = .both(`guard`.predicate)
    }

    /// Evaluates the condition.
    @inlinable @inline(__always)
    public func holds(_ context: Context, _ event: Event) -> Bool {
        switch condition {
        case let .context(predicate): predicate(context)
        case let .event(predicate): predicate(event)
        case let .both(predicate): predicate((context, event))
        }
    }
}
