import SwiftSyntax
import SwiftSyntaxMacros

/// `@Finite`: makes an enum with finitely many values list, name and index them.
///
/// Adds the conformances the enum lacks among `Hashable`, `Sendable`, `CaseIterable`,
/// `CustomStringConvertible` and `DenseIndexed`, and writes, with the enum's effective access level:
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

    /// Expands `@Finite` (`node`) attached to `declaration`: the extension of `type` that adds
    /// the conformances among `protocols` (those the enum lacks) and writes `allCases`, the
    /// cached payload counts, `description` (unless the enum has its own) and `denseIndex`.
    ///
    /// Writes nothing and reports every error at once through `context` when the declaration is
    /// not an enum, is generic or nested in a generic type, is `private` inside a type, has no
    /// case, declares a case name twice, or has a case that cannot be listed (two or more
    /// payload values, an unbounded payload, `indirect`).
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
        let placement = EnumValidation.checkPlacement(
            of: enumDeclaration, in: context.lexicalContext, macro: macro, attribute: node, diagnostics: &diagnostics
        )
        let cases = EnumCase.all(in: enumDeclaration)
        EnumValidation.checkDistinctCaseNames(cases, macro: macro, diagnostics: &diagnostics)
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
            access: placement.generatedAccess
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
