/// A named condition on a transition.
///
/// The name is what tables, diagrams and error messages show; the predicate reads its
/// `Input`: the context passed to `send(_:context:)` (`Guard<Context>`), the event with its
/// data (`Guard<Event>`), or both (`Guard<(Context, Event)>`). It never decides the target,
/// which stays data so that diagrams are exact.
///
/// ```swift
/// let filled = Guard<Credentials>("ID and password filled") { !$0.id.isEmpty && !$0.password.isEmpty }
/// let rightCode = Guard<DoorEvent>("code is 4711") { if case let .unlock(code) = $0 { code == "4711" } else { false } }
/// ```
public struct Guard<Input>: Sendable {
    /// The name shown in tables, diagrams and error messages.
    public let name: String
    /// The condition, evaluated on what the guard reads.
    public let predicate: @Sendable (Input) -> Bool

    /// Creates a named guard.
    /// - Parameters:
    ///   - name: The name shown in tables, diagrams and error messages.
    ///   - predicate: The condition, evaluated on what the guard reads.
    @inlinable
    public init(_ name: String, _ predicate: @escaping @Sendable (Input) -> Bool) {
        self.name = name
        self.predicate = predicate
    }

    /// Evaluates the guard.
    @inlinable
    public func callAsFunction(_ input: Input) -> Bool { predicate(input) }
}

/// A guard as a transition holds it: a name, and a condition on the context, on the event,
/// or on both.
///
/// ``On`` and ``Internal`` accept a `Guard<Context>`, a `Guard<Event>` or a
/// `Guard<(Context, Event)>` and keep it as this type (build one yourself only for
/// ``TransitionDeclaration/init(source:event:target:guard:effects:isInternal:)``).
///
/// A guard written without its type, `Guard("name") { _ in true }`, is taken as a guard on the
/// context: write `Guard<DoorEvent>` (or `Guard<(Context, DoorEvent)>`) to read the event.
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

    /// What a guard reads.
    public enum Input: String, Sendable, Hashable, CaseIterable {
        /// The context passed with the event.
        case context
        /// The event, with its data.
        case event
        /// The context and the event.
        case both
    }

    /// What the condition reads.
    public var reads: Input {
        switch condition {
        case .context: .context
        case .event: .event
        case .both: .both
        }
    }

    /// Evaluates a guard that reads only the context; `nil` for one that reads the event,
    /// which needs an event value to decide (tools then decide it by name).
    public func holds(context: Context) -> Bool? {
        if case let .context(predicate) = condition { return predicate(context) }
        return nil
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
