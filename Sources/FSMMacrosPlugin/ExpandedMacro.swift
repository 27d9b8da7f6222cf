import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Expanded`: marks a case of a `@MachineEvent` enum whose one finite payload makes one key
/// per value. A marker: it writes nothing; `@MachineEvent` reads it.
///
/// It reports an error when attached to anything but an enum case. Inside a `@MachineEvent`
/// enum, `@MachineEvent` checks the case's payload (so that each problem is reported once);
/// elsewhere this macro checks that every case of the declaration has exactly one payload value,
/// and, if so, warns that the marker does nothing there.
public struct ExpandedMacro: PeerMacro {
    /// Checks `@Expanded` (`node`) attached to `declaration`, and writes nothing.
    ///
    /// Reports through `context` an error when `declaration` is not an enum case, or, outside a
    /// `@MachineEvent` enum (read from `context.lexicalContext`), when a case it marks does not
    /// have exactly one payload value; with none of those errors, outside a `@MachineEvent` enum
    /// (in a `@Finite` enum or one with neither macro), a warning that it does nothing there.
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let caseDeclaration = declaration.as(EnumCaseDeclSyntax.self) else {
            context.diagnose(Diagnostic(
                node: Syntax(node),
                message: FSMMacroError.expandedMisplaced(detail: nil),
                fixIts: removal(of: node, from: declaration)
            ))
            return []
        }
        let enclosing = context.lexicalContext.first?.as(EnumDeclSyntax.self)
        guard enclosing.map({ has($0, macro: "MachineEvent") }) != true else { return [] }
        var reported = false
        for element in caseDeclaration.elements {
            let count = element.parameterClause?.parameters.count ?? 0
            guard count != 1 else { continue }
            let name = element.name.identifier?.name ?? element.name.text
            let detail = count == 0 ? "'\(name)' has none" : "'\(name)' has \(count) payload values"
            context.diagnose(Diagnostic(
                node: Syntax(node),
                message: FSMMacroError.expandedMisplaced(detail: detail),
                fixIts: [.removing(node, from: caseDeclaration)]
            ))
            reported = true
        }
        // The enclosing enum is unknown only to a compiler that gives no lexical context: stay silent.
        if !reported, let enclosing {
            context.diagnose(Diagnostic(
                node: Syntax(node),
                message: FSMMacroWarning.expandedIgnored(enumName: enclosing.name.text, inFinite: has(enclosing, macro: "Finite")),
                fixIts: [.removing(node, from: caseDeclaration)]
            ))
        }
        return []
    }

    /// Whether `enumDeclaration` is marked with the FSMMacros macro `macro` (`MachineEvent`,
    /// `Finite`), bare or qualified by the module.
    private static func has(_ enumDeclaration: EnumDeclSyntax, macro: String) -> Bool {
        enumDeclaration.attributes.contains { attribute in
            guard let attribute = attribute.as(AttributeSyntax.self) else { return false }
            return [macro, "FSMMacros.\(macro)"].contains(attribute.attributeName.trimmedDescription)
        }
    }

    /// A Fix-It removing `attribute` from `declaration`, when the declaration can be rebuilt
    /// without it (one with attributes).
    private static func removal(of attribute: AttributeSyntax, from declaration: some DeclSyntaxProtocol) -> [FixIt] {
        guard let withAttributes = declaration.asProtocol((any WithAttributesSyntax).self) else { return [] }
        var fixed = withAttributes
        fixed.attributes = withAttributes.attributes.removing(attribute)
        fixed.leadingTrivia = withAttributes.leadingTrivia
        return [FixIt(
            message: RemovalFixIt(removed: "@" + attribute.attributeName.trimmedDescription),
            changes: [.replace(oldNode: Syntax(withAttributes), newNode: Syntax(fixed))]
        )]
    }
}
