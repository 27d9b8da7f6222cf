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
/// REPL, `send(_:guards:)`) decide the named guards inside, and compute the combination.
public struct Guard<Input>: Sendable {
    /// The name shown in tables, diagrams and error messages.
    public let name: String
    /// The condition, evaluated on what the guard reads.
    public let predicate: @Sendable (Input) -> Bool
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
    public func callAsFunction(_ input: Input) -> Bool { predicate(input) }

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
}

/// How a guard is built from named guards (its atoms): what its name says, and how to decide
/// it from decisions on the atoms.
///
/// A struct holding its operands in an array rather than an `indirect enum`: an indirect
/// case's box is referenced by a pointer carrying the case in its spare bits, which
/// LeakSanitizer cannot read as a pointer, so every combined guard in a global machine was
/// reported as leaked under `swift test --sanitize=address`.
@usableFromInline
struct GuardExpression: Sendable, Hashable {
    /// How the operands combine.
    enum Operator: Sendable, Hashable {
        /// A named guard: no operands.
        case atom
        /// One operand, negated.
        case not
        /// All operands hold.
        case and
        /// One operand holds.
        case or
    }

    let op: Operator
    /// The atom's name; empty for the others.
    let atomName: String
    let operands: [GuardExpression]

    @usableFromInline static func atom(_ name: String) -> GuardExpression { GuardExpression(op: .atom, atomName: name, operands: []) }
    static func not(_ operand: GuardExpression) -> GuardExpression { GuardExpression(op: .not, atomName: "", operands: [operand]) }
    static func and(_ operands: [GuardExpression]) -> GuardExpression { GuardExpression(op: .and, atomName: "", operands: operands) }
    static func or(_ operands: [GuardExpression]) -> GuardExpression { GuardExpression(op: .or, atomName: "", operands: operands) }

    /// `a`, `!a`, `a && b && c`, `(a || b) && !(c && d)`: a combination of the other kind
    /// inside one is parenthesised, and so is one under `!`.
    @usableFromInline
    var name: String {
        switch op {
        case .atom: return atomName
        case .not:
            let operand = operands[0]
            if operand.op == .atom || operand.op == .not { return "!" + operand.name }
            return "!(" + operand.name + ")"
        case .and: return flattened(and: true).map { $0.parenthesised(inside: true) }.joined(separator: " && ")
        case .or: return flattened(and: false).map { $0.parenthesised(inside: false) }.joined(separator: " || ")
        }
    }

    /// The operands of a chain of one operator, flattened (`a && (b && c)` is `a && b && c`).
    private func flattened(and: Bool) -> [GuardExpression] {
        if op == (and ? .and : .or) { return operands.flatMap { $0.flattened(and: and) } }
        return [self]
    }

    /// The name, in parentheses when it is a combination of the other operator.
    private func parenthesised(inside and: Bool) -> String {
        op == (and ? .or : .and) ? "(" + name + ")" : name
    }

    /// The names of the atoms, each once, in order of first appearance.
    var atoms: [String] {
        var seen: Set<String> = []
        var out: [String] = []
        func visit(_ expression: GuardExpression) {
            if expression.op == .atom {
                if seen.insert(expression.atomName).inserted { out.append(expression.atomName) }
            } else {
                expression.operands.forEach(visit)
            }
        }
        visit(self)
        return out
    }

    /// Whether the guard holds when each atom holds as `decide` says.
    @usableFromInline
    func holds(deciding decide: (String) -> Bool) -> Bool {
        switch op {
        case .atom: decide(atomName)
        case .not: !operands[0].holds(deciding: decide)
        case .and: operands.allSatisfy { $0.holds(deciding: decide) }
        case .or: operands.contains { $0.holds(deciding: decide) }
        }
    }
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
        expression = `guard`.expression
    }

    /// A guard on the event.
    @inlinable
    public init(event guard: Guard<Event>) {
        name = `guard`.name
        condition = .event(`guard`.predicate)
        expression = `guard`.expression
    }

    /// A guard on the context and the event.
    @inlinable
    public init(both guard: Guard<(Context, Event)>) {
        name = `guard`.name
        condition = .both(`guard`.predicate)
        expression = `guard`.expression
    }

    /// The names of the guards it is built from (itself, for a guard not built with `!`,
    /// `&&` or `||`), each once: what a tool that decides guards by name asks about.
    public var atoms: [String] { expression.atoms }

    /// Whether the guard holds when each named guard it is built from holds as `decide`
    /// says (for a guard not built from others, `decide(name)`).
    @inlinable
    public func holds(deciding decide: (String) -> Bool) -> Bool {
        expression.holds(deciding: decide)
    }

    /// Evaluates a guard that reads only the event on an event; `nil` for one that reads the
    /// context, which an event alone cannot decide.
    public func holds(event: Event) -> Bool? {
        switch condition {
        case let .event(predicate): predicate(event)
        case .context, .both: nil
        }
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
