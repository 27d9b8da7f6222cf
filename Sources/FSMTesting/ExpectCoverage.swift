import FSM
import FSMCoverage
import Testing

/// Expects what `recorder` saw of `definition`'s machines to cover at least `minimum` percent
/// of a measure (by default the legal cells: cells with a transition, and timers, in which one
/// was taken), recording one Swift Testing issue that gives the figure and lists every miss
/// (transitions never taken, guard outcomes never seen, states never entered) when it does not.
///
/// ```swift
/// @Test func behaviourCoversTheDoor() async {
///     let recorder = CoverageRecorder()
///     // ... run the behaviour tests' steps with machines reporting to `recorder` ...
///     expectCoverage(recorder, of: doorDefinition, minimum: 100)
/// }
/// ```
///
/// - Returns: The report (a machine never seen gets a report of nothing covered).
@discardableResult
public func expectCoverage<State, Event, Effect, Context>(
    _ recorder: CoverageRecorder,
    of definition: MachineDefinition<State, Event, Effect, Context>,
    minimum: Double = 100,
    measure: KeyPath<CoverageReport, CoverageReport.Measure> = \.legalCells,
    sourceLocation: SourceLocation = #_sourceLocation
) -> CoverageReport {
    let empty = MachineCoverage(definition)
    let seen = recorder.coverage.machines.filter { $0.shapeDifference(from: empty) == nil }
    let coverage = seen.reduce(empty) { total, machine in (try? total.merging(machine)) ?? total }
    return expectCoverage(coverage, minimum: minimum, measure: measure, sourceLocation: sourceLocation)
}

/// Expects a coverage (from a recorder or a file) to reach `minimum` percent of a measure; see
/// ``expectCoverage(_:of:minimum:measure:sourceLocation:)``.
@discardableResult
public func expectCoverage(
    _ coverage: MachineCoverage,
    minimum: Double = 100,
    measure: KeyPath<CoverageReport, CoverageReport.Measure> = \.legalCells,
    sourceLocation: SourceLocation = #_sourceLocation
) -> CoverageReport {
    let report = coverage.report
    let figure = report[keyPath: measure]
    if figure.percent < minimum {
        let name = CoverageNames.name(of: measure)
        let misses = report.misses.filter { $0.kind != .cellNeverExercised || measure == \.cells }
        let listed = misses.isEmpty ? "" : "\n" + misses.map { "  \($0)" }.joined(separator: "\n")
        let minimumText = minimum == minimum.rounded() && abs(minimum) < 1e15 ? String(Int(minimum)) : String(minimum)
        Issue.record(
            Comment(rawValue: "coverage of '\(coverage.machine)': \(name) \(figure), below the minimum of \(minimumText)%\(listed)"),
            sourceLocation: sourceLocation
        )
    }
    return report
}

/// The measures' names in messages.
enum CoverageNames {
    static func name(of measure: KeyPath<CoverageReport, CoverageReport.Measure>) -> String {
        switch measure {
        case \.legalCells: "legal cells covered"
        case \.transitions: "transitions taken"
        case \.guardOutcomes: "guard outcomes seen"
        case \.states: "states entered"
        case \.cells: "cells exercised"
        default: "covered"
        }
    }
}
