import SwiftDiagnostics
import SwiftSyntax

/// A Swift access level, from the most restrictive to the most open (`open` reads as `public`:
/// only classes can be open, and the macros write no class members).
enum AccessLevel: Int, Comparable {
    case `private`, `fileprivate`, `internal`, `package`, `public`

    /// The access level written among `modifiers`, or `nil` when none is written (setter-only
    /// modifiers such as `private(set)` do not count).
    init?(explicitIn modifiers: DeclModifierListSyntax) {
        for modifier in modifiers where modifier.detail == nil {
            switch modifier.name.tokenKind {
            case .keyword(.public), .keyword(.open): self = .public
            case .keyword(.package): self = .package
            case .keyword(.internal): self = .internal
            case .keyword(.fileprivate): self = .fileprivate
            case .keyword(.private): self = .private
            default: continue
            }
            return
        }
        return nil
    }

    static func < (lhs: AccessLevel, rhs: AccessLevel) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A type or extension that lexically encloses the enum a macro is attached to, as
/// `context.lexicalContext` shows it (members stripped, name, modifiers and generics kept).
struct EnclosingDeclaration {
    /// The name the generated code and the messages use: `Outer`, or the extended type of an
    /// extension (`Outer`, `Array<Int>`).
    let name: String
    /// The access level written on the declaration, `nil` when none is.
    let explicitAccess: AccessLevel?
    /// Whether the declaration is an extension (whose access modifier is the default of its
    /// members, and which always sits at file scope).
    let isExtension: Bool
    /// Whether the declaration is generic, or is known to extend a generic type: its members,
    /// the enum included, are then generic too.
    let isGeneric: Bool

    /// Standard generic types that an extension may name without generic arguments.
    static let genericStandardTypes: Set<String> = [
        "Array", "ArraySlice", "ContiguousArray", "Dictionary", "Set", "Optional", "Result",
        "Range", "ClosedRange", "Swift.Array", "Swift.ArraySlice", "Swift.ContiguousArray",
        "Swift.Dictionary", "Swift.Set", "Swift.Optional", "Swift.Result", "Swift.Range",
        "Swift.ClosedRange",
    ]

    /// The enclosing type or extension that `syntax` is, or `nil` for any other lexical context
    /// (a function, a closure, ...).
    init?(_ syntax: Syntax) {
        if let extensionDeclaration = syntax.as(ExtensionDeclSyntax.self) {
            let extended = extensionDeclaration.extendedType
            name = extended.trimmedDescription
            explicitAccess = AccessLevel(explicitIn: extensionDeclaration.modifiers)
            isExtension = true
            isGeneric = extensionDeclaration.genericWhereClause != nil
                || Self.isSpecializedOrStandardGeneric(extended)
            return
        }
        let parts: (TokenSyntax, DeclModifierListSyntax, GenericParameterClauseSyntax?)
        if let decl = syntax.as(StructDeclSyntax.self) {
            parts = (decl.name, decl.modifiers, decl.genericParameterClause)
        } else if let decl = syntax.as(ClassDeclSyntax.self) {
            parts = (decl.name, decl.modifiers, decl.genericParameterClause)
        } else if let decl = syntax.as(EnumDeclSyntax.self) {
            parts = (decl.name, decl.modifiers, decl.genericParameterClause)
        } else if let decl = syntax.as(ActorDeclSyntax.self) {
            parts = (decl.name, decl.modifiers, decl.genericParameterClause)
        } else {
            return nil
        }
        name = parts.0.text
        explicitAccess = AccessLevel(explicitIn: parts.1)
        isExtension = false
        isGeneric = parts.2 != nil
    }

    /// Whether the extended type `type` is written with generic arguments (`Box<Int>`, `[Int]`,
    /// `Int?`) or is a standard generic type (`Array`, `Optional`).
    private static func isSpecializedOrStandardGeneric(_ type: TypeSyntax) -> Bool {
        if type.is(ArrayTypeSyntax.self) || type.is(DictionaryTypeSyntax.self)
            || type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            return true
        }
        if let identifier = type.as(IdentifierTypeSyntax.self) {
            return identifier.genericArgumentClause != nil || genericStandardTypes.contains(identifier.name.text)
        }
        if let member = type.as(MemberTypeSyntax.self) {
            return member.genericArgumentClause != nil
                || genericStandardTypes.contains(member.trimmedDescription)
                || isSpecializedOrStandardGeneric(member.baseType)
        }
        return false
    }

    /// The enclosing types and extensions in `lexicalContext`, innermost first.
    static func all(in lexicalContext: [Syntax]) -> [EnclosingDeclaration] {
        lexicalContext.compactMap(EnclosingDeclaration.init)
    }
}

/// Where the enum a macro is attached to sits: the types and extensions around it, and the
/// access level of the members generated for it.
struct EnumPlacement {
    /// The enum.
    let enumDeclaration: EnumDeclSyntax
    /// The types and extensions around it, innermost first (empty at file scope).
    let enclosing: [EnclosingDeclaration]

    /// The access level of the enum itself: the one written on it, or else the default of the
    /// extension it is declared in (`public extension Outer { enum Inner {} }` makes it
    /// public), or else `internal`.
    var ownAccess: AccessLevel {
        if let written = AccessLevel(explicitIn: enumDeclaration.modifiers) { return written }
        if let parent = enclosing.first, parent.isExtension, let access = parent.explicitAccess {
            return access == .private ? .fileprivate : access
        }
        return .internal
    }

    /// The level at which the enum is visible: the minimum of its own access and that of every
    /// enclosing declaration (a `private` one at file scope is `fileprivate`; an extension without
    /// modifier sets no bound).
    var effectiveAccess: AccessLevel {
        var level = ownAccess
        for (index, parent) in enclosing.enumerated() {
            guard var parentAccess = parent.explicitAccess ?? (parent.isExtension ? nil : .internal) else { continue }
            if parentAccess == .private && (parent.isExtension || index == enclosing.count - 1) {
                parentAccess = .fileprivate
            }
            level = min(level, parentAccess)
        }
        return level
    }

    /// The access of the generated members, after the effective access: `public`, `package`,
    /// none for `internal`, and for `fileprivate` (or a file-scope `private`) none when the enum
    /// itself is `fileprivate` (its members default to that), `fileprivate` otherwise (a
    /// `private` enum, or one in a `private` or `fileprivate` type: its members would default to
    /// a wider access than the types they use).
    var generatedAccess: GeneratedAccess {
        switch effectiveAccess {
        case .public: GeneratedAccess(keyword: "public")
        case .package: GeneratedAccess(keyword: "package")
        case .internal: GeneratedAccess(keyword: nil)
        case .fileprivate, .private: GeneratedAccess(keyword: ownAccess == .fileprivate ? nil : "fileprivate")
        }
    }

    /// Records an error for each `private` declaration among the enum and the types around it
    /// that is nested in another: the extension the macro `macro` writes, at file scope, cannot
    /// see it. The enum's own `private` is offered a Fix-It to `fileprivate`; an enclosing type's
    /// is reported at `attribute`.
    func checkNotPrivatelyNested(macro: String, attribute: AttributeSyntax, diagnostics: inout DiagnosticCollector) {
        if let outer = enclosing.first,
           let modifier = enumDeclaration.modifiers.first(where: { $0.name.tokenKind == .keyword(.private) && $0.detail == nil }) {
            let error = FSMMacroError.privateNested(macro: macro, name: enumDeclaration.name.text, enclosing: outer.name)
            diagnostics.error(error, at: modifier, fixIts: [.replacingWithFileprivate(modifier)])
        }
        for (index, parent) in enclosing.enumerated().dropLast() where !parent.isExtension && parent.explicitAccess == .private {
            let error = FSMMacroError.privateNested(macro: macro, name: parent.name, enclosing: enclosing[index + 1].name)
            diagnostics.error(error, at: attribute)
        }
    }

    /// Records an error if the enum, not generic itself, is nested in a generic type (or an
    /// extension known to be one): its members are then generic, and a generic type cannot hold
    /// the `static let` members the macro `macro` writes.
    func checkNotInGenericType(macro: String, attribute: AttributeSyntax, diagnostics: inout DiagnosticCollector) {
        guard enumDeclaration.genericParameterClause == nil,
              let generic = enclosing.first(where: \.isGeneric)
        else { return }
        diagnostics.error(.genericEnum(macro: macro, enclosingType: generic.name), at: attribute)
    }
}

/// The message of a Fix-It that makes a declaration `fileprivate` instead of `private`.
struct FileprivateFixIt: FixItMessage {
    var message: String { "replace 'private' with 'fileprivate'" }
    var fixItID: MessageID { MessageID(domain: "FSMMacros", id: "fileprivate") }
}

extension FixIt {
    /// A Fix-It that replaces the `private` modifier `modifier` with `fileprivate`.
    static func replacingWithFileprivate(_ modifier: DeclModifierSyntax) -> FixIt {
        let replaced = modifier.with(
            \.name,
            .keyword(.fileprivate, leadingTrivia: modifier.name.leadingTrivia, trailingTrivia: modifier.name.trailingTrivia)
        )
        return FixIt(message: FileprivateFixIt(), changes: [.replace(oldNode: Syntax(modifier), newNode: Syntax(replaced))])
    }
}
