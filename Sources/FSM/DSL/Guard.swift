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
///
/// Guards on one input combine with `!`, `&&` and `||` into guards whose names say so
/// (`!SYN`, `SYN && ACK`, `(SYN || FIN) && !RST`); tools that decide guards by name (the
/// REPL, the explorer, the table agreement of `FSMTesting`) decide the named guards inside,
/// and compute the combination.
public struct Guard<Input>: Sendable {
    /// The name shown in tables, diagrams and error messages.
    public let name: String
    /// The condition, evaluated on what the guard reads.
    @usableFromInline package let predicate: @Sendable (Input) -> Bool
    /// How the guard is built from named guards.
    @usableFromInline let expression: GuardExpression

    /// Creates a named guard.
    /// - Parameters:
    ///   - name: The name shown in tables, diagrams and error messages.
    ///   - predicate: The condition, evaluated on what the guard reads.
    @inlinable
    public init(_ name: String, _ predicate: @escaping @Sendable (Input) -> Bool) {
        self.name = name
        self.predicate = predicate
        expression = .atom(name)
    }

    @usableFromInline
    init(_ expression: GuardExpression, _ predicate: @escaping @Sendable (Input) -> Bool) {
        name = expression.name
        self.predicate = predicate
        self.expression = expression
    }

    /// Evaluates the guard.
    @inlinable
    package func callAsFunction(_ input: Input) -> Bool { predicate(input) }

    /// The guard that holds when `operand` does not: named `!NAME`.
    public static prefix func ! (operand: Guard<Input>) -> Guard<Input> {
        let predicate = operand.predicate
        return Guard(.not(operand.expression)) { !predicate($0) }
    }

    /// The guard that holds when both do (`rhs` is evaluated only when `lhs` holds): named
    /// `LHS && RHS`.
    public static func && (lhs: Guard<Input>, rhs: Guard<Input>) -> Guard<Input> {
        let left = lhs.predicate, right = rhs.predicate
        return Guard(.and([lhs.expression, rhs.expression])) { left($0) && right($0) }
    }

    /// The guard that holds when either does (`rhs` is evaluated only when `lhs` does not):
    /// named `LHS || RHS`.
    public static func || (lhs: Guard<Input>, rhs: Guard<Input>) -> Guard<Input> {
        let left = lhs.predicate, right = rhs.predicate
        return Guard(.or([lhs.expression, rhs.expression])) { left($0) || right($0) }
    }

    /// `a && b && c ...` of any number of guards as one expression: its name is made once and
    /// it is evaluated in a loop, so both are linear in the number of guards (folding `&&`
    /// over thousands of guards nests as deep as there are guards, and names each level).
    /// For machines read from documents (an SCXML `cond`); `guards` must not be empty.
    package static func all(_ guards: [Guard<Input>]) -> Guard<Input> {
        if guards.count == 1 { return guards[0] }
        let predicates = guards.map(\.predicate)
        return Guard(.and(guards.map(\.expression))) { input in predicates.allSatisfy { $0(input) } }
    }

    /// `a || b || c ...` of any number of guards as one expression (see ``all(_:)``).
    package static func any(_ guards: [Guard<Input>]) -> Guard<Input> {
        if guards.count == 1 { return guards[0] }
        let predicates = guards.map(\.predicate)
        return Guard(.or(guards.map(\.expression))) { input in predicates.contains { $0(input) } }
    }
}
