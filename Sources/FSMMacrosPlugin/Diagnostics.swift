import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// Every error the macros report. Each message says what to change.
enum FSMMacroError: DiagnosticMessage {
    /// A macro for enums attached to another kind of declaration.
    case notAnEnum(macro: String, name: String, kind: String)
    /// A macro for enums attached to an extension.
    case extensionOfType(macro: String, name: String)
    /// A generic enum, whose values cannot be listed once for all its specializations, or an enum
    /// nested in the generic type `enclosingType` (and so generic too).
    case genericEnum(macro: String, enclosingType: String?)
    /// A `private` declaration (`name`, the enum or a type around it) nested in `enclosing`: the
    /// extension the macro writes, at file scope, cannot see it.
    case privateNested(macro: String, name: String, enclosing: String)
    /// A case name declared a second time (overloaded by its payload labels or types).
    case duplicateCaseName(macro: String, name: String)
    /// A payload type whose first name component is `Key`, which inside the event `event` names
    /// the event's key: the generated enum (`generated`), or the event itself for a finite event.
    case payloadNamedKey(event: String, generated: Bool)
    /// A member of the event `event` named `Key` or `key` (`member`), the names of the event's
    /// key that `@MachineEvent` provides.
    case memberNamedKey(event: String, member: String)
    /// An enum without cases: nothing to list.
    case noCases(macro: String)
    /// A listed case with two or more payload values.
    case severalPayloads(macro: String, caseName: String, count: Int)
    /// A listed case whose payload type is known to have no finite list of values.
    case unboundedPayload(quoted: String, type: String, caseName: String, underExpanded: Bool)
    /// A listed case that is `indirect`, or an `indirect` enum (`name` is the case's or enum's).
    case indirectCase(name: String)
    /// `@Expanded` on something other than an enum case with exactly one payload value.
    case expandedMisplaced(detail: String?)

    var message: String {
        switch self {
        case let .notAnEnum(macro, name, kind):
            "@\(macro) applies to an enum; '\(name)' is \(kind)"
        case let .extensionOfType(macro, name):
            "@\(macro) applies to an enum; attach it to the declaration of '\(name)', not to an extension"
        case let .genericEnum(macro, enclosingType):
            "@\(macro) does not support generic enums"
                + (enclosingType.map { ": the enclosing type '\($0)' is generic, so this enum is too" } ?? "")
        case let .privateNested(macro, name, enclosing):
            "make '\(name)' fileprivate (or wider): the members @\(macro) writes live in an extension outside '\(enclosing)'"
        case let .duplicateCaseName(macro, name):
            "'\(name)' is declared twice; "
                + (macro == "MachineEvent" ? "a machine's key needs distinct case names" : "@\(macro) needs distinct case names")
        case let .payloadNamedKey(event, generated):
            "the payload type 'Key' is hidden by "
                + (generated ? "the generated '\(event).Key'" : "'\(event).Key', the event's key (here '\(event)' itself)")
                + "; qualify it with its module (`MyModule.Key`) or rename it"
        case let .memberNamedKey(event, member):
            "rename '\(member)': it clashes with '\(event).\(member)', the event's key that @MachineEvent provides"
        case let .noCases(macro):
            "@\(macro) needs at least one case"
        case let .severalPayloads(macro, caseName, count):
            "'\(caseName)' has \(count) payload values; @\(macro) expands one: wrap them in a @Finite enum"
        case let .unboundedPayload(quoted, type, caseName, underExpanded):
            "'\(quoted)': \(type) payload has no finite list of values, so '\(caseName)' cannot be listed; "
                + (underExpanded
                    ? "use a @Finite enum as the payload, or remove @Expanded to key the case by its name"
                    : "use a @Finite enum as the payload (for an event, use @MachineEvent, which keys such a case by its name)")
        case let .indirectCase(name):
            "indirect cases cannot be listed; remove 'indirect' from '\(name)'"
        case let .expandedMisplaced(detail):
            "@Expanded marks an enum case with one finite payload" + (detail.map { "; \($0)" } ?? "")
        }
    }

    var diagnosticID: MessageID {
        let id = switch self {
        case .notAnEnum: "notAnEnum"
        case .extensionOfType: "extensionOfType"
        case .genericEnum: "genericEnum"
        case .privateNested: "privateNested"
        case .duplicateCaseName: "duplicateCaseName"
        case .payloadNamedKey: "payloadNamedKey"
        case .memberNamedKey: "memberNamedKey"
        case .noCases: "noCases"
        case .severalPayloads: "severalPayloads"
        case .unboundedPayload: "unboundedPayload"
        case .indirectCase: "indirectCase"
        case .expandedMisplaced: "expandedMisplaced"
        }
        return MessageID(domain: "FSMMacros", id: id)
    }

    var severity: DiagnosticSeverity { .error }
}

/// Every warning the macros report: code that compiles but does not do what it says.
enum FSMMacroWarning: DiagnosticMessage {
    /// `@Expanded` on a case of an enum that `@MachineEvent` does not read: `enumName`, marked
    /// `@Finite` (`inFinite`) or neither.
    case expandedIgnored(enumName: String, inFinite: Bool)

    var message: String {
        switch self {
        case let .expandedIgnored(enumName, inFinite):
            inFinite
                ? "@Expanded does nothing in a @Finite enum, which expands every payload already; only @MachineEvent reads it"
                : "@Expanded does nothing in '\(enumName)', which is not marked @MachineEvent; only @MachineEvent reads it"
        }
    }

    var diagnosticID: MessageID {
        switch self {
        case .expandedIgnored: MessageID(domain: "FSMMacros", id: "expandedIgnored")
        }
    }

    var severity: DiagnosticSeverity { .warning }
}

/// The message of a Fix-It that removes something.
struct RemovalFixIt: FixItMessage {
    /// What is removed, as the user wrote it (`@Expanded`, `@Finite`, `indirect`).
    let removed: String

    var message: String { "remove '\(removed)'" }
    var fixItID: MessageID { MessageID(domain: "FSMMacros", id: "remove") }
}

/// Collects the errors found while reading a declaration, so that all are reported at once.
struct DiagnosticCollector {
    /// The errors found so far, in source order of discovery.
    private(set) var diagnostics: [Diagnostic] = []

    /// Whether any error was found.
    var isEmpty: Bool { diagnostics.isEmpty }

    /// Records `error` at `node`, with the given Fix-Its.
    mutating func error(_ error: FSMMacroError, at node: some SyntaxProtocol, fixIts: [FixIt] = []) {
        diagnostics.append(Diagnostic(node: Syntax(node), message: error, fixIts: fixIts))
    }

    /// Reports every recorded error through `context`.
    func report(in context: some MacroExpansionContext) {
        for diagnostic in diagnostics { context.diagnose(diagnostic) }
    }
}

extension FixIt {
    /// A Fix-It that removes `attribute` from the type declaration `declaration`.
    static func removing(_ attribute: AttributeSyntax, from declaration: some DeclGroupSyntax) -> FixIt {
        var fixed = declaration
        fixed.attributes = declaration.attributes.removing(attribute)
        fixed.leadingTrivia = declaration.leadingTrivia
        return removal(of: attribute, replacing: Syntax(declaration), with: Syntax(fixed))
    }

    /// A Fix-It that removes `attribute` from the enum case declaration `declaration`.
    static func removing(_ attribute: AttributeSyntax, from declaration: EnumCaseDeclSyntax) -> FixIt {
        var fixed = declaration
        fixed.attributes = declaration.attributes.removing(attribute)
        fixed.leadingTrivia = declaration.leadingTrivia
        return removal(of: attribute, replacing: Syntax(declaration), with: Syntax(fixed))
    }

    /// A Fix-It named after `attribute` that replaces `declaration` by `fixed` (the same
    /// declaration without the attribute, its indentation and leading comments kept).
    private static func removal(of attribute: AttributeSyntax, replacing declaration: Syntax, with fixed: Syntax) -> FixIt {
        FixIt(
            message: RemovalFixIt(removed: "@" + attribute.attributeName.trimmedDescription),
            changes: [.replace(oldNode: declaration, newNode: fixed)]
        )
    }

    /// A Fix-It that removes the modifier `modifier` (`indirect`) from `declaration`.
    static func removing<Declaration: WithModifiersSyntax>(
        modifier: DeclModifierSyntax, from declaration: Declaration
    ) -> FixIt {
        var fixed = declaration
        fixed.modifiers = declaration.modifiers.filter { $0.name.tokenKind != modifier.name.tokenKind }
        fixed.leadingTrivia = declaration.leadingTrivia
        return FixIt(
            message: RemovalFixIt(removed: modifier.name.text),
            changes: [.replace(oldNode: Syntax(declaration), newNode: Syntax(fixed))]
        )
    }
}

extension AttributeListSyntax {
    /// The list without `attribute`, found by its text: a macro receives its attribute and the
    /// declaration it is attached to as separate trees.
    func removing(_ attribute: AttributeSyntax) -> AttributeListSyntax {
        guard let index = firstIndex(where: { $0.trimmedDescription == attribute.trimmedDescription }) else {
            return self
        }
        var list = self
        list.remove(at: index)
        return list
    }
}
