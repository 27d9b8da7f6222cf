import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder

/// The checks `@Finite` and `@MachineEvent` share, each recording its errors in a collector.
enum EnumValidation {
    /// `declaration` as an enum, or `nil` if it is not one. Records why the macro `macro` (whose
    /// attribute is `attribute`) does not apply: the declaration is not an enum, or the enum is
    /// generic or has no case.
    static func enumDeclaration(
        _ declaration: some DeclGroupSyntax,
        macro: String,
        attribute: AttributeSyntax,
        diagnostics: inout DiagnosticCollector
    ) -> EnumDeclSyntax? {
        guard let enumDeclaration = declaration.as(EnumDeclSyntax.self) else {
            let fixIt = FixIt.removing(attribute, from: declaration)
            if let extensionDeclaration = declaration.as(ExtensionDeclSyntax.self) {
                let name = extensionDeclaration.extendedType.trimmedDescription
                diagnostics.error(.extensionOfType(macro: macro, name: name), at: attribute, fixIts: [fixIt])
            } else {
                let (name, kind) = nameAndKind(of: declaration)
                diagnostics.error(.notAnEnum(macro: macro, name: name, kind: kind), at: attribute, fixIts: [fixIt])
            }
            return nil
        }
        if let generics = enumDeclaration.genericParameterClause {
            diagnostics.error(.genericEnum(macro: macro, enclosingType: nil), at: generics)
        }
        if EnumCase.all(in: enumDeclaration).isEmpty {
            diagnostics.error(.noCases(macro: macro), at: enumDeclaration.name)
        }
        return enumDeclaration
    }

    /// Checks where the enum sits: records an error if it is `private` inside a type (or inside
    /// a `private` type nested in another), or nested in a generic type. Returns its placement,
    /// which gives the access of the generated members.
    static func checkPlacement(
        of enumDeclaration: EnumDeclSyntax,
        in lexicalContext: [Syntax],
        macro: String,
        attribute: AttributeSyntax,
        diagnostics: inout DiagnosticCollector
    ) -> EnumPlacement {
        let placement = EnumPlacement(
            enumDeclaration: enumDeclaration,
            enclosing: EnclosingDeclaration.all(in: lexicalContext)
        )
        placement.checkNotPrivatelyNested(macro: macro, attribute: attribute, diagnostics: &diagnostics)
        placement.checkNotInGenericType(macro: macro, attribute: attribute, diagnostics: &diagnostics)
        return placement
    }

    /// Records an error at each case whose name an earlier case already has (`case move(x: Int),
    /// move(y: Int)`): the generated `switch`es, caches and keys name cases by their base name.
    static func checkDistinctCaseNames(_ cases: [EnumCase], macro: String, diagnostics: inout DiagnosticCollector) {
        var seen: Set<String> = []
        for enumCase in cases where !seen.insert(enumCase.displayName).inserted {
            diagnostics.error(.duplicateCaseName(macro: macro, name: enumCase.displayName), at: enumCase.element.name)
        }
    }

    /// Records why `enumCase` cannot be listed, if it cannot: it has two or more payload
    /// values, or one of a type known to be unbounded, or it is indirect (`indirect` on the
    /// enum itself is checked by ``checkIndirectEnum(_:listing:diagnostics:)``).
    ///
    /// `expandedAttribute` is the `@Expanded` that asked for the listing under `@MachineEvent`
    /// (the errors then offer to remove it), `nil` under `@Finite`.
    static func checkListed(
        _ enumCase: EnumCase,
        macro: String,
        expandedAttribute: AttributeSyntax?,
        diagnostics: inout DiagnosticCollector
    ) {
        let removeExpanded = expandedAttribute.map { [FixIt.removing($0, from: enumCase.declaration)] } ?? []
        if let modifier = enumCase.indirectModifier, !enumCase.payload.isEmpty {
            diagnostics.error(
                .indirectCase(name: enumCase.displayName),
                at: modifier,
                fixIts: [.removing(modifier: modifier, from: enumCase.declaration)]
            )
        }
        let payload = enumCase.payload
        if payload.count > 1, let clause = enumCase.element.parameterClause {
            if expandedAttribute != nil {
                let detail = "'\(enumCase.displayName)' has \(payload.count) payload values"
                diagnostics.error(.expandedMisplaced(detail: detail), at: clause, fixIts: removeExpanded)
            } else {
                let error = FSMMacroError.severalPayloads(macro: macro, caseName: enumCase.displayName, count: payload.count)
                diagnostics.error(error, at: clause)
            }
        } else if let only = payload.first, PayloadType.isUnbounded(only.type) {
            let error = FSMMacroError.unboundedPayload(
                quoted: enumCase.quoted,
                type: PayloadType.withArticle(only.type),
                caseName: enumCase.displayName,
                underExpanded: expandedAttribute != nil
            )
            diagnostics.error(error, at: only.type, fixIts: removeExpanded)
        }
    }

    /// Records an error if `enumDeclaration` is `indirect` while `listing` holds a payload case
    /// (an indirect enum without payload cases is harmless).
    static func checkIndirectEnum(
        _ enumDeclaration: EnumDeclSyntax,
        listing: [EnumCase],
        diagnostics: inout DiagnosticCollector
    ) {
        guard let modifier = enumDeclaration.indirectModifier,
              listing.contains(where: { !$0.payload.isEmpty })
        else { return }
        diagnostics.error(
            .indirectCase(name: enumDeclaration.name.text),
            at: modifier,
            fixIts: [.removing(modifier: modifier, from: enumDeclaration)]
        )
    }

    /// The name and kind (`a struct`) of a type declaration that is not an enum.
    private static func nameAndKind(of declaration: some DeclGroupSyntax) -> (String, String) {
        if let decl = declaration.as(StructDeclSyntax.self) { return (decl.name.text, "a struct") }
        if let decl = declaration.as(ClassDeclSyntax.self) { return (decl.name.text, "a class") }
        if let decl = declaration.as(ActorDeclSyntax.self) { return (decl.name.text, "an actor") }
        if let decl = declaration.as(ProtocolDeclSyntax.self) { return (decl.name.text, "a protocol") }
        return (declaration.trimmedDescription.prefix { $0 != "{" }.trimmingSpaces, "not an enum")
    }

    /// The extension of `type` that adds `conformances` (qualified names, possibly none) and
    /// `members` (each a member's source, doc comment included), separated by blank lines.
    static func makeExtension(of type: String, conformances: [String], members: [String]) throws -> ExtensionDeclSyntax {
        let clause = conformances.isEmpty ? "" : ": " + conformances.joined(separator: ", ")
        let body = members.enumerated().flatMap { index, member in index == 0 ? [member] : ["", member] }
        let source = Code.lines(Code.block("extension \(type)\(clause)", body))
        let parsed = try DeclSyntax(validating: DeclSyntax(stringLiteral: source))
        guard let extensionDeclaration = parsed.as(ExtensionDeclSyntax.self) else {
            throw ExpansionFailure(source: source)
        }
        return extensionDeclaration
    }
}

/// Generated code that did not parse as an extension: a bug in the macros, reported as is.
struct ExpansionFailure: Error, CustomStringConvertible {
    /// The code that did not parse.
    let source: String

    var description: String { "FSMMacros generated code that is not an extension:\n\(source)" }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and newlines.
    var trimmingSpaces: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
