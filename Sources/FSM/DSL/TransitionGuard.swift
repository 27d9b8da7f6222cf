/// A guard as a transition holds it: a name, and a condition on the context, on the event,
/// or on both.
///
/// ``On`` and ``Internal`` accept a `Guard<Context>`, a `Guard<Event>` or a
/// `Guard<(Context, Event)>` and keep it as this type; ``TransitionDeclaration/guard`` and
/// the tools read it.
///
/// A guard written without its type, `Guard("name") { _ in true }`, is taken as a guard on the
/// context: write `Guard<DoorEvent>` (or `Guard<(Context, DoorEvent)>`) to read the event.
@usableFromInline package struct TransitionGuard<Context, Event>: Sendable {
    /// The name shown in tables, diagrams and error messages.
    @usableFromInline package let name: String
    /// What the condition reads.
    @usableFromInline let condition: Condition
    /// How the guard is built from named guards.
    @usableFromInline let expression: GuardExpression

    /// A condition and what it reads.
    @usableFromInline
    enum Condition: Sendable {
        /// Reads the context.
        case context(@Sendable (Context) -> Bool)
        /// Reads the event.
        case event(@Sendable (Event) -> Bool)
        /// Reads both.
        case both(@Sendable ((Context, Event)) -> Bool)
        /// Holds when every one of these holds, tried in order (a chain of transitions without
        /// an event: the event's guard, then the lines').
        case all([TransitionGuard])
    }

    /// What a guard reads.
    package enum Input: String, Sendable, Hashable, CaseIterable {
        /// The context passed with the event.
        case context
        /// The event, with its data.
        case event
        /// The context and the event.
        case both
    }

    /// What the condition reads.
    package var reads: Input {
        switch condition {
        case .context: .context
        case .event: .event
        case .both, .all: .both
        }
    }

    /// Evaluates a guard that reads only the context; `nil` for one that reads the event,
    /// which needs an event value to decide (tools then decide it by name).
    @inlinable
    package func holds(context: Context) -> Bool? {
        if case let .context(predicate) = condition { return predicate(context) }
        return nil
    }

    /// A guard on the context.
    @inlinable
    package init(_ guard: Guard<Context>) {
        name = `guard`.name
        condition = .context(`guard`.predicate)
        expression = `guard`.expression
    }

    /// A guard on the event.
    @inlinable
    package init(event guard: Guard<Event>) {
        name = `guard`.name
        condition = .event(`guard`.predicate)
        expression = `guard`.expression
    }

    /// A guard on the context and the event.
    @inlinable
    package init(both guard: Guard<(Context, Event)>) {
        name = `guard`.name
        condition = .both(`guard`.predicate)
        expression = `guard`.expression
    }

    /// A guard that holds when all of `guards` hold, tried in order (`nil` for none; the
    /// guard itself for one): the guards of a chain of transitions without an event.
    package static func all(_ guards: [TransitionGuard]) -> TransitionGuard? {
        guard let first = guards.first else { return nil }
        if guards.count == 1 { return first }
        let expression = GuardExpression.and(guards.map(\.expression))
        return TransitionGuard(name: expression.name, condition: .all(guards), expression: expression)
    }

    /// A guard from its parts.
    init(name: String, condition: Condition, expression: GuardExpression) {
        self.name = name
        self.condition = condition
        self.expression = expression
    }

    /// The names of the guards it is built from (itself, for a guard not built with `!`,
    /// `&&` or `||`), each once: what a tool that decides guards by name asks about.
    package var atoms: [String] { expression.atoms }

    /// How deep its expression nests (1 for a named guard, 2 for `a && b && c`): what naming
    /// and evaluating it recurse through.
    package var depth: Int { expression.depth }

    /// Whether the guard holds when each named guard it is built from holds as `decide`
    /// says (for a guard not built from others, `decide(name)`).
    @inlinable
    package func holds(deciding decide: (String) -> Bool) -> Bool {
        expression.holds(deciding: decide)
    }

    /// Evaluates a guard that reads only the event on an event; `nil` for one that reads the
    /// context, which an event alone cannot decide.
    package func holds(event: Event) -> Bool? {
        switch condition {
        case let .event(predicate): predicate(event)
        case .context, .both, .all: nil
        }
    }

    /// Whether the guard holds, each guard it is made of (see ``all(_:)``) evaluated on the
    /// event when it reads only the event, otherwise decided by name as `decide` says: what a
    /// tool that holds the event but not a context decides.
    package func holds(event: Event, deciding decide: (String) -> Bool) -> Bool {
        if case let .all(parts) = condition { return parts.allSatisfy { $0.holds(event: event, deciding: decide) } }
        return holds(event: event) ?? holds(deciding: decide)
    }

    /// Evaluates the condition.
    @inlinable @inline(__always)
    package func holds(_ context: Context, _ event: Event) -> Bool {
        switch condition {
        case let .context(predicate): predicate(context)
        case let .event(predicate): predicate(event)
        case let .both(predicate): predicate((context, event))
        case let .all(parts): parts.allSatisfy { $0.holds(context, event) }
        }
    }
}
