import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin that provides the macros declared by the `FSMMacros` library.
@main
struct FSMMacrosPlugin: CompilerPlugin {
    /// `@Finite`, `@MachineEvent` and `@Expanded`.
    let providingMacros: [any Macro.Type] = [
        FiniteMacro.self,
        MachineEventMacro.self,
        ExpandedMacro.self,
    ]
}
