import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Expanded`: marks a case of a `@MachineEvent` enum whose one finite payload makes one key
/// per value. A marker: it writes nothing; `@MachineEvent` reads it.
///
/// It reports an error when attached to anything but an enum case. Inside a `@MachineEvent`
/// enum, `@MachineEvent` checks the case's payload (so that each problem is reported once);
/// elsewhere this macro checks that every case of the declaration has exactly one payload value.
public struct ExpandedMacro: PeerMacro {
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
        guard !isInMachineEvent(context) else { return [] }
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
        }
        return []
    }

    /// Whether the declaration being expanded is a member of an enum marked `@MachineEvent`.
    private static func isInMachineEvent(_ context: some MacroExpansionContext) -> Bool {
        guard let enclosing = context.lexicalContext.first?.as(EnumDeclSyntax.self) else { return false }
        return enclosing.attributes.contains { attribute in
            guard let attribute = attribute.as(AttributeSyntax.self) else { return false }
            return ["MachineEvent", "FSMMacros.MachineEvent"].contains(attribute.attributeName.trimmedDescription)
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
