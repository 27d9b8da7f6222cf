import FSM
import Testing

/// What a test expects of one (state, event) cell.
public enum ExpectedCell<State: Hashable & Sendable, Effect: Sendable & Equatable>: Sendable {
    /// A single external transition to a target, with this guard name (or none) and exactly
    /// these effects. Written `.to(target, guard:, emitting:)`.
    case transition(State, guard: String?, effects: [Effect])
    /// A single internal transition, with this guard name (or none) and exactly these effects.
    /// Written `.internal(guard:, emitting:)`.
    case internalTransition(guard: String?, effects: [Effect])
    /// A single transition that resumes a parent's history, to `default` while the parent has
    /// never been left, with this guard name (or none) and exactly these effects. Written
    /// `.resuming(.shallow("on"), default: .fm, guard:, emitting:)`. A plain `.to(...)` does
    /// not match a cell that resumes a history.
    case resumingTransition(History, default: State, guard: String?, effects: [Effect])
    /// Several guarded transitions, tried in this order.
    case oneOf([ExpectedCell<State, Effect>])
    /// Guarded transitions, tried in this order, then the default when no guard holds: an
    /// `Ignore` (`.ignored`) or `Illegal` (`.illegal`) after them. Written
    /// `.oneOf([...], otherwise: .ignored)`.
    indirect case oneOfOtherwise([ExpectedCell<State, Effect>], otherwise: ExpectedCell<State, Effect>)
    /// The event is ignored.
    case ignored
    /// The event is rejected (whether declared illegal or not).
    case illegal

    /// A single external transition to `target` with this guard (or none), emitting exactly
    /// `effects` (none when omitted).
    public static func to(_ target: State, guard guardName: String? = nil, emitting effects: Effect...) -> ExpectedCell {
        .transition(target, guard: guardName, effects: effects)
    }

    /// Guarded transitions tried in order, then `otherwise` (`.ignored` or `.illegal`) when
    /// none of their guards holds.
    public static func oneOf(_ cells: [ExpectedCell], otherwise: ExpectedCell) -> ExpectedCell {
        .oneOfOtherwise(cells, otherwise: otherwise)
    }

    /// A single transition resuming `history`, to `target` while its parent has never been
    /// left, with this guard (or none), emitting exactly `effects` (none when omitted).
    public static func resuming(_ history: History, default target: State, guard guardName: String? = nil, emitting effects: Effect...) -> ExpectedCell {
        .resumingTransition(history, default: target, guard: guardName, effects: effects)
    }

    /// A single internal transition with this guard (or none), emitting exactly `effects`
    /// (none when omitted).
    public static func `internal`(guard guardName: String? = nil, emitting effects: Effect...) -> ExpectedCell {
        .internalTransition(guard: guardName, effects: effects)
    }
}

/// One row of an expected transition table: a state, an event and what should happen.
public struct ExpectedRow<State: Hashable & Sendable, Event: Hashable & Sendable, Effect: Sendable & Equatable>: Sendable {
    /// The state.
    public let state: State
    /// The event.
    public let event: Event
    /// What should happen.
    public let expected: ExpectedCell<State, Effect>

    /// Creates a row: in `state`, `event` should do `expected`.
    public init(_ state: State, _ event: Event, _ expected: ExpectedCell<State, Effect>) {
        self.state = state
        self.event = event
        self.expected = expected
    }

    /// `state + event -> expectation`, the way parameterised tests name their cases.
    public var title: String { "\(state) + \(event) -> \(ExpectedCell.describe(expected))" }
}

extension ExpectedRow: CustomTestStringConvertible {
    /// The row's ``title``, so parameterised tests read as sentences.
    public var testDescription: String { title }
}

extension ExpectedCell {
    static func describe(_ cell: ExpectedCell) -> String {
        switch cell {
        case let .transition(target, guardName, effects):
            return "\(target)" + describeGuard(guardName) + describeEffects(effects)
        case let .internalTransition(guardName, effects):
            return "(internal)" + describeGuard(guardName) + describeEffects(effects)
        case let .resumingTransition(history, target, guardName, effects):
            return "\(history.label), default \(target)" + describeGuard(guardName) + describeEffects(effects)
        case let .oneOf(cells):
            return "one of [" + cells.map(describe).joined(separator: "; ") + "]"
        case let .oneOfOtherwise(cells, otherwise):
            return "one of [" + cells.map(describe).joined(separator: "; ") + "; else " + describe(otherwise) + "]"
        case .ignored: return "ignored"
        case .illegal: return "illegal"
        }
    }

    private static func describeGuard(_ name: String?) -> String { name.map { " [\($0)]" } ?? "" }

    private static func describeEffects(_ effects: [Effect]) -> String {
         " / " + (effects.isEmpty ? "no effects" : effects.map { String(describing: $0) }.joined(separator: ", "))
    }
}
