import SwiftSyntax

/// What the macros know about a payload type from its spelling alone.
///
/// A payload that is listed (every payload under `@Finite`, an `@Expanded` one under
/// `@MachineEvent`) must be `CaseIterable & DenseIndexed` with dense indices `0..<count`, which
/// only the type checker can confirm; these are the types known never to be.
enum PayloadType {
    /// Standard and Foundation types with no finite list of values (or none that is enumerable).
    static let unboundedNames: Set<String> = [
        "String", "Substring", "Character", "StaticString", "Unicode.Scalar",
        "Int", "Int8", "Int16", "Int32", "Int64", "Int128",
        "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "UInt128",
        "Double", "Float", "Float16", "Float32", "Float64", "Float80", "CGFloat", "Decimal",
        "Bool", "Date", "Data", "URL", "UUID", "Duration",
        "Array", "ContiguousArray", "Dictionary", "Set", "Optional",
        "Any", "AnyObject", "AnyHashable", "Error",
    ]

    /// Modules whose qualified names (`Swift.String`, `Foundation.Date`) are read like bare ones.
    static let knownModules: Set<String> = ["Swift", "Foundation"]

    /// Whether `type` is known to have no finite list of values: a standard scalar, string or
    /// Foundation value, a collection (`[T]`, `[K: V]`), an optional, a tuple, a function, a
    /// metatype, or an existential or opaque type (`any P`, `some P`, `P & Q`).
    static func isUnbounded(_ type: TypeSyntax) -> Bool {
        if let attributed = type.as(AttributedTypeSyntax.self) {
            return isUnbounded(attributed.baseType)
        }
        if let tuple = type.as(TupleTypeSyntax.self) {
            // `(T)` is `T` in parentheses; anything else is a tuple.
            if tuple.elements.count == 1, let only = tuple.elements.first, only.firstName == nil {
                return isUnbounded(only.type)
            }
            return true
        }
        if type.is(ArrayTypeSyntax.self) || type.is(DictionaryTypeSyntax.self)
            || type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self)
            || type.is(FunctionTypeSyntax.self) || type.is(SomeOrAnyTypeSyntax.self)
            || type.is(MetatypeTypeSyntax.self) || type.is(CompositionTypeSyntax.self) {
            return true
        }
        if let identifier = type.as(IdentifierTypeSyntax.self) {
            return unboundedNames.contains(identifier.name.text)
        }
        if let member = type.as(MemberTypeSyntax.self) {
            let base = member.baseType.trimmedDescription
            let name = member.name.text
            if knownModules.contains(base) { return unboundedNames.contains(name) }
            return unboundedNames.contains("\(base).\(name)")
                || unboundedNames.contains("\(base.split(separator: ".").last ?? "").\(name)")
        }
        return false
    }

    /// `type` with its indefinite article, for a message: `a String`, `an Int`, `a UInt`.
    static func withArticle(_ type: TypeSyntax) -> String {
        let text = type.trimmedDescription
        // "U" reads "you" in the names this message meets (UInt, UUID, URL).
        let article = text.first.map { "AEIOaeio".contains($0) } == true ? "an" : "a"
        return "\(article) \(text)"
    }
}
