import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@MachineEvent`: makes an enum an event of a machine, keyed by its cases.
///
/// A case without payload is one column of the machine's table. A case with a payload is keyed
/// by its case (one column for every `unlock(code:)`), unless it is marked `@Expanded`, which
/// makes one column per value of its one finite payload.
///
/// - When no case is keyed (every case is plain or `@Expanded`), the enum is finite and is its
///   own key: the macro writes what `@Finite` writes, plus the conformance to `MachineEvent`.
/// - Otherwise it declares `enum Key` (the event's cases without their payloads, `@Expanded`
///   ones keeping theirs, listed, named and indexed like a `@Finite` enum), `var key` and, unless
///   the event has its own, `var description` (`unlock(code: 1234)`); the event itself need not
///   be `Hashable`.
public struct MachineEventMacro: ExtensionMacro {
    /// The generated code is written already formatted, one `switch` case per line.
    public static var formatMode: FormatMode { .disabled }

    /// Expands `@MachineEvent` (`node`) attached to `declaration`: the extension of `type` that
    /// adds the conformances among `protocols` (those the event lacks) and writes, for a finite
    /// event, what `@Finite` writes, and otherwise `enum Key`, `var key` and `var description`
    /// (unless the event has its own).
    ///
    /// Writes nothing and reports every error at once through `context` when the declaration is
    /// not an enum, is generic or nested in a generic type, is `private` inside a type, has no
    /// case, declares a case name twice, declares a member named `Key` or `key`, has a payload
    /// type named `Key` (which the event's key hides), or has an `@Expanded` case (or, finite, a
    /// case) that cannot be listed.
    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        let macro = "MachineEvent"
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
        for enumCase in cases {
            guard let expanded = enumCase.expandedAttribute else { continue }
            if enumCase.payload.isEmpty {
                diagnostics.error(
                    .expandedMisplaced(detail: "'\(enumCase.displayName)' has none"),
                    at: expanded,
                    fixIts: [.removing(expanded, from: enumCase.declaration)]
                )
            } else {
                EnumValidation.checkListed(enumCase, macro: macro, expandedAttribute: expanded, diagnostics: &diagnostics)
            }
        }
        let isKeyed: (EnumCase) -> Bool = { !$0.payload.isEmpty && $0.expandedAttribute == nil }
        if !cases.contains(where: isKeyed) {
            // Every case is listed: an `indirect` enum is an error, as under `@Finite`. With keyed
            // cases, `indirect` serves them (`case wrap(Self)`), and listed ones stay finite.
            EnumValidation.checkIndirectEnum(enumDeclaration, listing: cases, diagnostics: &diagnostics)
        }
        let typeName = type.trimmedDescription
        KeyNames.check(
            enumDeclaration, cases: cases, eventName: typeName,
            generatesKey: cases.contains(where: isKeyed), diagnostics: &diagnostics
        )
        guard diagnostics.isEmpty else {
            diagnostics.report(in: context)
            return []
        }

        let access = placement.generatedAccess
        let missing = MissingConformances(protocols)
        let withDescription = missing.contains("CustomStringConvertible")
            && !enumDeclaration.declaresProperty(named: "description")

        guard cases.contains(where: isKeyed) else {
            // Finite: the event is its own key (`MachineEvent`'s default `key`).
            let listing = FiniteListing(typeName: typeName, cases: cases.map(ListedCase.init), access: access)
            return [
                try EnumValidation.makeExtension(
                    of: typeName,
                    conformances: missing.filter([ProtocolName.machineEvent] + ProtocolName.finite),
                    members: listing.members(withDescription: withDescription)
                ),
            ]
        }

        let keyed = KeyedEvent(typeName: typeName, cases: cases, isKeyed: isKeyed, access: access)
        return [
            try EnumValidation.makeExtension(
                of: typeName,
                conformances: missing.filter([ProtocolName.machineEvent, ProtocolName.sendable, ProtocolName.customStringConvertible]),
                members: [keyed.keyEnum, keyed.keyProperty] + (withDescription ? [keyed.description] : [])
            ),
        ]
    }
}

/// Writes the members of an event with at least one keyed case: `enum Key`, `var key` and
/// `var description`.
struct KeyedEvent {
    /// The event's name as the generated code spells it.
    let typeName: String
    /// The event's cases, in declaration order.
    let cases: [EnumCase]
    /// Whether a case is keyed by its case alone (a payload, not `@Expanded`).
    let isKeyed: (EnumCase) -> Bool
    /// The access level of the generated members.
    let access: GeneratedAccess

    /// `enum Key`: the cases, keyed ones without their payloads, listed like a `@Finite` enum.
    var keyEnum: String {
        let listed = cases.map { ListedCase($0, expanded: !isKeyed($0)) }
        let listing = FiniteListing(typeName: "\(typeName).Key", cases: listed, access: access)
        let caseDeclarations = zip(cases, listed).map { enumCase, listedCase in
            Code.lines([keyCaseDocumentation(enumCase), "case \(listedCase.declaration)"])
        }
        let conformances = [
            ProtocolName.hashable, ProtocolName.sendable, ProtocolName.caseIterable,
            ProtocolName.customStringConvertible, ProtocolName.denseIndexed, ProtocolName.machineEvent,
        ]
        let body = caseDeclarations + listing.members(withDescription: true).flatMap { ["", $0] }
        return Code.lines(
            ["/// The case of a `\(typeName)`, what the machine's table is keyed by."]
                + Code.block("\(access.modifier)enum Key: \(conformances.joined(separator: ", "))", body)
        )
    }

    /// `var key`: the key of each value, from a `switch`.
    var keyProperty: String {
        let lines = cases.map { enumCase in
            if enumCase.payload.isEmpty || isKeyed(enumCase) {
                return "case .\(enumCase.name): .\(enumCase.name)"
            }
            let pattern = ListedCase(enumCase).pattern
            return "case let \(pattern): \(pattern)"
        }
        return Code.lines(
            ["/// The key of this event, the column of the machine's table it is dispatched by: its case,",
             "/// with its payload if the case is `@Expanded`."]
                + Code.block("\(access.inlinable)\(access.modifier)var key: Key", Code.switchSelf(lines))
        )
    }

    /// `var description`: the case's name, followed by its payload values' descriptions in
    /// parentheses, labels kept.
    var description: String {
        let lines = cases.map { enumCase in
            let payload = enumCase.payload
            guard !payload.isEmpty else {
                return "case .\(enumCase.name): \"\(enumCase.displayName)\""
            }
            let names = payload.count == 1 ? ["value"] : payload.indices.map { "value\($0)" }
            let described = zip(payload, names).map { value, name in
                (value.label.map { "\($0): " } ?? "") + #"\(Swift.String(describing: \#(name)))"#
            }
            let bindings = zip(payload, names).map { value, name in (value.label.map { "\($0): " } ?? "") + name }
            return "case let .\(enumCase.name)(\(bindings.joined(separator: ", "))): "
                + "\"\(enumCase.displayName)(\(described.joined(separator: ", ")))\""
        }
        return Code.lines(
            ["/// The case's name, followed by its payload values' descriptions in parentheses, labels",
             "/// kept: `unlock(code: 1234)`."]
                + Code.block("\(access.modifier)var description: Swift.String", Code.switchSelf(lines))
        )
    }

    /// The doc comment of the key of `enumCase`.
    private func keyCaseDocumentation(_ enumCase: EnumCase) -> String {
        let payload = enumCase.payload
        guard !payload.isEmpty else { return "/// The key of `\(typeName).\(enumCase.displayName)`." }
        let labels = payload.map { ($0.label ?? "_") + ":" }.joined()
        let signature = "`\(typeName).\(enumCase.displayName)(\(labels))`"
        return isKeyed(enumCase)
            ? "/// The key of every \(signature), whatever its payload."
            : "/// The key of \(signature), one per value of its payload."
    }
}

/// The checks that keep the names of the event's key free: inside the event, `Key` names its key
/// type (the generated `enum Key`, or the event itself when it is finite: `MachineEvent.Key`) and
/// `key` its key.
enum KeyNames {
    /// Records an error at each member of `enumDeclaration` named `Key` (a type or a case) or `key`
    /// (an instance property or method), and at each `Key` that starts a name in a payload type
    /// of `cases` (`Key`, `[Key]`, `Key.Code`): it would name the event's key, not the user's
    /// type. `eventName` is the event as the generated code names it; `generatesKey` tells
    /// whether the macro declares `enum Key` (the event has keyed cases).
    static func check(
        _ enumDeclaration: EnumDeclSyntax,
        cases: [EnumCase],
        eventName: String,
        generatesKey: Bool,
        diagnostics: inout DiagnosticCollector
    ) {
        for member in enumDeclaration.memberBlock.members {
            for name in clashingNames(of: member.decl) {
                diagnostics.error(.memberNamedKey(event: eventName, member: name.identifier?.name ?? name.text), at: name)
            }
        }
        for enumCase in cases {
            for payload in enumCase.payload {
                for reference in KeyReferences.in(payload.type) {
                    diagnostics.error(.payloadNamedKey(event: eventName, generated: generatesKey), at: reference)
                }
            }
        }
    }

    /// The names in `declaration` that clash with the event's key: a nested type or a case named
    /// `Key`, an instance property or method named `key`.
    private static func clashingNames(of declaration: DeclSyntax) -> [TokenSyntax] {
        func named(_ name: String, _ token: TokenSyntax) -> [TokenSyntax] {
            (token.identifier?.name ?? token.text) == name ? [token] : []
        }
        if let decl = declaration.as(EnumDeclSyntax.self) { return named("Key", decl.name) }
        if let decl = declaration.as(StructDeclSyntax.self) { return named("Key", decl.name) }
        if let decl = declaration.as(ClassDeclSyntax.self) { return named("Key", decl.name) }
        if let decl = declaration.as(ActorDeclSyntax.self) { return named("Key", decl.name) }
        if let decl = declaration.as(ProtocolDeclSyntax.self) { return named("Key", decl.name) }
        if let decl = declaration.as(TypeAliasDeclSyntax.self) { return named("Key", decl.name) }
        if let decl = declaration.as(EnumCaseDeclSyntax.self) {
            return decl.elements.flatMap { named("Key", $0.name) }
        }
        let isStatic = { (modifiers: DeclModifierListSyntax) in
            modifiers.contains { [.keyword(.static), .keyword(.class)].contains($0.name.tokenKind) }
        }
        if let decl = declaration.as(VariableDeclSyntax.self), !isStatic(decl.modifiers) {
            return decl.bindings.flatMap { binding -> [TokenSyntax] in
                guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self) else { return [] }
                return named("key", identifier.identifier)
            }
        }
        if let decl = declaration.as(FunctionDeclSyntax.self), !isStatic(decl.modifiers) {
            return named("key", decl.name)
        }
        return []
    }
}

/// Finds the type names `Key` that start a name in a type (`Key`, `Key.Code`, `[Key]`,
/// `Result<Key, E>`), not those that follow a dot (`Keyboard.Key`).
final class KeyReferences: SyntaxVisitor {
    /// The references found, in source order.
    private var found: [IdentifierTypeSyntax] = []

    /// The references to `Key` in `type`.
    static func `in`(_ type: TypeSyntax) -> [IdentifierTypeSyntax] {
        let visitor = KeyReferences(viewMode: .sourceAccurate)
        visitor.walk(type)
        return visitor.found
    }

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        if (node.name.identifier?.name ?? node.name.text) == "Key" { found.append(node) }
        return .visitChildren
    }
}
