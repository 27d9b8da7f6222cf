import SwiftSyntax
import SwiftSyntaxMacros

/// `@Finite`: makes an enum with finitely many values list, name and index them.
///
/// Adds the conformances the enum lacks among `Hashable`, `Sendable`, `CaseIterable`,
/// `CustomStringConvertible` and `DenseIndexed`, and writes, with the enum's access level:
///
/// - `static let allCases`: the values in declaration order, a case with one payload expanded
///   in place (`[.waiting, .loading] + HomeFailure.allCases.map { .failure($0) } + [.dismissed]`);
/// - `var description`: the case's name, with its payload's `String(describing:)` in
///   parentheses (`failure(network)`), unless the enum declares `description` or already
///   conforms to `CustomStringConvertible`;
/// - `var denseIndex`: the position in `allCases`, from a `switch`, reading payload counts
///   cached in `static let __finiteCount_<case>` (so nothing allocates on each call).
///
/// Each payload type must be `CaseIterable & DenseIndexed` with dense indices `0..<count`,
/// which is what `@Finite` gives.
public struct FiniteMacro: ExtensionMacro {
    /// The generated code is written already formatted, one `switch` case per line.
    public static var formatMode: FormatMode { .disabled }

    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        let macro = "Finite"
        var diagnostics = DiagnosticCollector()
        guard let enumDeclaration = EnumValidation.enumDeclaration(
            declaration, macro: macro, attribute: node, diagnostics: &diagnostics
        ) else {
            diagnostics.report(in: context)
            return []
        }
        let cases = EnumCase.all(in: enumDeclaration)
        EnumValidation.checkIndirectEnum(enumDeclaration, listing: cases, diagnostics: &diagnostics)
        for enumCase in cases {
            EnumValidation.checkListed(enumCase, macro: macro, expandedAttribute: nil, diagnostics: &diagnostics)
        }
        guard diagnostics.isEmpty else {
            diagnostics.report(in: context)
            return []
        }

        let missing = MissingConformances(protocols)
        let listing = FiniteListing(
            typeName: type.trimmedDescription,
            cases: cases.map(ListedCase.init),
            access: GeneratedAccess(of: enumDeclaration.modifiers)
        )
        let withDescription = missing.contains("CustomStringConvertible")
            && !enumDeclaration.declaresProperty(named: "description")
        return [
            try EnumValidation.makeExtension(
                of: type.trimmedDescription,
                conformances: missing.filter(ProtocolName.finite),
                members: listing.members(withDescription: withDescription)
            ),
        ]
    }
}
