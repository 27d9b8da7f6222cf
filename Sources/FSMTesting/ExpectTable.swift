import FSM
import Testing

/// Expects a definition's transition table to be exactly `rows`, recording one Swift Testing
/// issue that lists every wrong cell and every cell the rows forgot. A definition that cannot
/// run (validation errors) fails with its errors instead: its table proves nothing. With
/// `effects: .all`, each row's effects are every effect the transition performs, in order
/// (exits, its own, entries), so the table pins what leaving and entering states emits too.
///
/// ```swift
/// @Test func doorTable() {
///     expectTable(door, [
///         ExpectedRow(.closed, .open, .to(.opened)),
///         ExpectedRow(.closed, .close, .illegal),
///         ...
///     ])
/// }
/// ```
///
/// - Returns: The differences, empty when the table matches (the errors, when the
///   definition cannot run).
@discardableResult
public func expectTable<State, Event, Effect: Equatable, Context>(
    _ definition: MachineDefinition<State, Event, Effect, Context>,
    _ rows: [ExpectedRow<State, Event.Key, Effect>],
    effects: ExpectedEffects = .own,
    sourceLocation: SourceLocation = #_sourceLocation
) -> [String] {
    guard expectRunnable(definition, "expectTable", sourceLocation: sourceLocation) else {
        return definition.runErrors.map(\.description)
    }
    let differences = definition.tableDifferences(rows, effects: effects)
    if !differences.isEmpty {
        let header = "transition table of '\(definition.name)' differs in \(differences.count) cell(s):"
        Issue.record(Comment(rawValue: ([header] + differences.map { "  " + $0 }).joined(separator: "\n")), sourceLocation: sourceLocation)
    }
    return differences
}

/// Expects a single cell of a definition's table, for parameterised tests with one case per
/// cell ("waiting + startLoading -> loading"). A definition that cannot run fails with its
/// errors instead. `effects`: as in ``expectTable(_:_:effects:sourceLocation:)``.
public func expectCell<State, Event, Effect: Equatable, Context>(
    _ definition: MachineDefinition<State, Event, Effect, Context>,
    _ row: ExpectedRow<State, Event.Key, Effect>,
    effects: ExpectedEffects = .own,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard expectRunnable(definition, "expectCell", sourceLocation: sourceLocation) else { return }
    guard let cell = definition.table.cell(row.state, row.event) else {
        Issue.record("\(row.state) + \(row.event): not a declared pair of '\(definition.name)'", sourceLocation: sourceLocation)
        return
    }
    if !MachineDefinition<State, Event, Effect, Context>.matches(cell, row.expected, effects) {
        Issue.record(
            "\(row.state) + \(row.event): expected \(ExpectedCell.describe(row.expected)), actual \(MachineDefinition<State, Event, Effect, Context>.describe(cell, effects))",
            sourceLocation: sourceLocation
        )
    }
}
