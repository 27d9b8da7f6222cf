import FSMMacrosPlugin
import MacroTesting
import SwiftSyntax
import SwiftSyntaxMacroExpansion

/// The macros under test, as the compiler sees them. An extension macro receives the protocols
/// of its `conformances:` list that the type does not conform to yet; a test of a type that
/// already conforms to some passes the remaining ones with ``finite(missing:)`` or
/// ``machineEvent(missing:)``.
enum MacroSpecs {
    /// The conformances `@Finite` declares.
    static let finiteConformances = ["Hashable", "Sendable", "CaseIterable", "CustomStringConvertible", "DenseIndexed"]

    /// The conformances `@MachineEvent` declares.
    static let machineEventConformances = ["MachineEvent"] + finiteConformances

    /// Every macro, each asked for all of its conformances (a type that conforms to none yet).
    static let all: [String: MacroSpec] = [
        "Finite": finiteSpec(missing: finiteConformances),
        "MachineEvent": machineEventSpec(missing: machineEventConformances),
        "Expanded": MacroSpec(type: ExpandedMacro.self),
    ]

    /// `@Finite` (with `@Expanded`) for a type lacking only `missing`.
    static func finite(missing: [String]) -> [String: MacroSpec] {
        ["Finite": finiteSpec(missing: missing), "Expanded": MacroSpec(type: ExpandedMacro.self)]
    }

    /// `@MachineEvent` (with `@Expanded`) for a type lacking only `missing`.
    static func machineEvent(missing: [String]) -> [String: MacroSpec] {
        ["MachineEvent": machineEventSpec(missing: missing), "Expanded": MacroSpec(type: ExpandedMacro.self)]
    }

    private static func finiteSpec(missing: [String]) -> MacroSpec {
        MacroSpec(type: FiniteMacro.self, conformances: missing.map { TypeSyntax(IdentifierTypeSyntax(name: .identifier($0))) })
    }

    private static func machineEventSpec(missing: [String]) -> MacroSpec {
        MacroSpec(type: MachineEventMacro.self, conformances: missing.map { TypeSyntax(IdentifierTypeSyntax(name: .identifier($0))) })
    }
}
