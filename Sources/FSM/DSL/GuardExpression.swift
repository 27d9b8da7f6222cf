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
    /// How deep the expression nests: 1 for a named guard.
    var depth: Int {
        var deepest = 0
        var stack: [(GuardExpression, Int)] = [(self, 1)]
        while let (expression, level) = stack.popLast() {
            deepest = max(deepest, level)
            for operand in expression.operands { stack.append((operand, level + 1)) }
        }
        return deepest
    }

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
