import FSM
import Testing

/// Expects a definition to be valid: no validation error (in `strict` mode, every (state,
/// event) pair of a non-final state handled, ignored or declared illegal too), recording one
/// issue that lists the findings. Warnings are listed only in `strict` mode.
///
/// A definition with errors cannot run (``Machine`` refuses it), so every other helper of
/// this module reports its errors too and checks nothing else; this one line says so first:
///
/// ```swift
/// @Test func doorIsValid() { expectValid(Door.definition, strict: true) }
/// ```
///
/// - Returns: The findings (errors, and warnings in `strict` mode), empty when valid.
@discardableResult
public func expectValid(_ definition: any MachineDescribing, strict: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) -> [Diagnostic] {
    let findings = definition.validate(strict ? .strict : .standard).filter { strict || $0.severity == .error }
    if !findings.isEmpty {
        let header = "'\(definition.name)' is not valid\(strict ? " in strict mode" : ""): \(findings.count) finding(s):"
        Issue.record(Comment(rawValue: findings.listed(under: header)), sourceLocation: sourceLocation)
    }
    return findings
}

/// Whether a definition can run; if not, records one issue that says why (the helpers call
/// it first: a table or diagram of a machine that would not start proves nothing).
func expectRunnable(_ definition: any MachineDescribing, _ what: String, sourceLocation: SourceLocation) -> Bool {
    let errors = definition.runErrors
    guard !errors.isEmpty else { return true }
    let header = "\(what): '\(definition.name)' cannot run, so nothing else was checked: \(errors.count) error(s):"
    Issue.record(Comment(rawValue: errors.listed(under: header)), sourceLocation: sourceLocation)
    return false
}
