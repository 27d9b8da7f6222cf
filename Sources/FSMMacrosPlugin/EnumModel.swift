import SwiftSyntax

/// The access level of the members a macro writes, from the enum's effective access (see
/// ``EnumPlacement/generatedAccess``): `public` members for a `public` enum in public types,
/// `package` ones for a `package` enum, `fileprivate` ones for a `private` enum or one in a
/// `private` or `fileprivate` type (an extension at file scope cannot be more private than that),
/// and members without a modifier otherwise (limited by the enum's own access).
struct GeneratedAccess: Equatable {
    /// The keyword written before each member, without trailing space (`nil` for none).
    let keyword: String?

    /// Whether the members are part of the module's public interface (and so inlinable).
    var isPublic: Bool { keyword == "public" }

    /// The access keyword followed by a space, or nothing for `internal`.
    var modifier: String { keyword.map { "\($0) " } ?? "" }

    /// `@inlinable ` for a public enum's hot-path members, nothing otherwise.
    var inlinable: String { isPublic ? "@inlinable " : "" }

    /// The modifiers of a cached count, an internal detail: `@usableFromInline` for a public enum
    /// (its inlinable `denseIndex` reads the count), none otherwise.
    var cacheModifier: String { isPublic ? "@usableFromInline " : "" }
}

/// One payload value of an enum case: `kind: HomeFailure` in `case failure(kind: HomeFailure)`.
struct Payload {
    /// The argument label, or `nil` when there is none (`case failure(HomeFailure)`, or `_`).
    let label: String?
    /// The payload's type as written.
    let type: TypeSyntax
}

/// One case of the enum a macro is attached to, as the macros read it.
struct EnumCase {
    /// The element (`failure(HomeFailure)`) in its declaration (`case a, failure(HomeFailure)`).
    let element: EnumCaseElementSyntax
    /// The declaration holding the element, with its attributes and modifiers.
    let declaration: EnumCaseDeclSyntax

    /// The case's name as written in code, backticks included (`` `default` ``).
    var name: String { element.name.text }

    /// The case's name as a person reads it, without backticks (`default`).
    var displayName: String { element.name.identifier?.name ?? element.name.text }

    /// The payload values, in order; empty for a case without payload.
    var payload: [Payload] {
        guard let parameters = element.parameterClause?.parameters else { return [] }
        return parameters.map { parameter in
            let label = parameter.firstName.flatMap { $0.tokenKind == .wildcard ? nil : $0.text }
            return Payload(label: label, type: parameter.type)
        }
    }

    /// The case as a diagnostic quotes it: `typed(String)`, `unlock(code: String)`.
    var quoted: String {
        element.name.text + (element.parameterClause?.trimmedDescription ?? "")
    }

    /// The `indirect` modifier of the case's declaration, if it has one.
    var indirectModifier: DeclModifierSyntax? {
        declaration.modifiers.first { $0.name.tokenKind == .keyword(.indirect) }
    }

    /// The `@Expanded` attribute of the case's declaration, if it has one.
    var expandedAttribute: AttributeSyntax? {
        declaration.attributes.lazy.compactMap { $0.as(AttributeSyntax.self) }.first {
            ["Expanded", "FSMMacros.Expanded"].contains($0.attributeName.trimmedDescription)
        }
    }

    /// Every case of `enumDeclaration`, in declaration order.
    static func all(in enumDeclaration: EnumDeclSyntax) -> [EnumCase] {
        enumDeclaration.memberBlock.members.flatMap { member -> [EnumCase] in
            guard let declaration = member.decl.as(EnumCaseDeclSyntax.self) else { return [] }
            return declaration.elements.map { EnumCase(element: $0, declaration: declaration) }
        }
    }
}

extension EnumDeclSyntax {
    /// The enum's `indirect` modifier, if it has one.
    var indirectModifier: DeclModifierSyntax? {
        modifiers.first { $0.name.tokenKind == .keyword(.indirect) }
    }

    /// Whether the enum declares an instance member named `name` itself (not in an extension).
    func declaresProperty(named name: String) -> Bool {
        memberBlock.members.contains { member in
            guard let variable = member.decl.as(VariableDeclSyntax.self),
                  !variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) })
            else { return false }
            return variable.bindings.contains {
                $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
            }
        }
    }
}

/// The protocols an extension macro is asked to add (`conformingTo:`), read by name: the
/// compiler passes only those the type does not conform to yet.
struct MissingConformances {
    /// The last component of each protocol's name (`Hashable` for `Swift.Hashable`).
    private let names: Set<String>

    /// Reads the protocols the compiler passed.
    init(_ protocols: [TypeSyntax]) {
        names = Set(protocols.map { type in
            type.as(MemberTypeSyntax.self)?.name.text ?? type.trimmedDescription
        })
    }

    /// Whether the type still needs `name` (the protocol's unqualified name).
    func contains(_ name: String) -> Bool { names.contains(name) }

    /// The qualified names among `candidates` (`Swift.Hashable`, `FSM.DenseIndexed`) that are
    /// missing, in the order of `candidates`.
    func filter(_ candidates: [String]) -> [String] {
        candidates.filter { contains(String($0.split(separator: ".").last ?? Substring($0))) }
    }
}

/// Fully qualified names of the protocols the macros add, so that a user's type named like one
/// of them cannot capture the conformance.
enum ProtocolName {
    static let hashable = "Swift.Hashable"
    static let sendable = "Swift.Sendable"
    static let caseIterable = "Swift.CaseIterable"
    static let customStringConvertible = "Swift.CustomStringConvertible"
    static let denseIndexed = "FSM.DenseIndexed"
    static let machineEvent = "FSM.MachineEvent"

    /// What `@Finite` adds, in order.
    static let finite = [hashable, sendable, caseIterable, customStringConvertible, denseIndexed]
}
