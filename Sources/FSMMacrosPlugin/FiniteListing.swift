import SwiftSyntax

/// A case as a finite listing holds it: one value by itself, or one value per value of its one
/// payload (which must be `CaseIterable & DenseIndexed` with dense indices `0..<count`).
struct ListedCase {
    /// The case's name as written in code (backticks kept).
    let name: String
    /// The case's name as a person reads it.
    let displayName: String
    /// The payload expanded in place, or `nil` for a case without payload.
    let payload: Payload?

    /// The case of `enumCase`, expanded by its one payload value if it has one.
    init(_ enumCase: EnumCase) {
        self.init(enumCase, expanded: true)
    }

    /// The case of `enumCase`, expanded by its one payload value if `expanded` is true, by
    /// itself (its payload dropped) otherwise.
    init(_ enumCase: EnumCase, expanded: Bool) {
        name = enumCase.name
        displayName = enumCase.displayName
        payload = expanded ? enumCase.payload.first : nil
    }

    /// `(kind: ` for a labeled payload, `(` otherwise: what follows the case's name when it is
    /// constructed with a payload.
    var openingWithLabel: String {
        "(" + (payload?.label.map { "\($0): " } ?? "")
    }

    /// The pattern binding the payload to `value`, label kept: `.failure(kind: value)`.
    var pattern: String {
        ".\(name)\(openingWithLabel)value)"
    }

    /// The case as declared in a generated enum: `failure(kind: HomeFailure)`.
    var declaration: String {
        guard let payload else { return name }
        return name + openingWithLabel + payload.type.trimmedDescription + ")"
    }
}

/// Writes the members that list, name and index the values of a finite enum (the one `@Finite`
/// is attached to, or the `Key` that `@MachineEvent` declares): `allCases`, `description`,
/// `denseIndex`, and the cached payload counts that `denseIndex` reads.
struct FiniteListing {
    /// The enum's name as the generated code spells it (`HomeLoadingState`, `DoorEvent.Key`).
    let typeName: String
    /// The cases, in declaration order.
    let cases: [ListedCase]
    /// The access level of the generated members.
    let access: GeneratedAccess

    /// The name of the cached payload count of the case at each index that needs one: a payload
    /// case followed by other cases (whose offsets count its values).
    private let cacheNames: [Int: String]

    /// A listing of `cases` of the enum `typeName`, with members of access `access`.
    init(typeName: String, cases: [ListedCase], access: GeneratedAccess) {
        self.typeName = typeName
        self.cases = cases
        self.access = access
        var names: [Int: String] = [:]
        for (index, listed) in cases.enumerated() where listed.payload != nil && index < cases.count - 1 {
            names[index] = "__finiteCount_\(listed.displayName)"
        }
        cacheNames = names
    }

    /// Every member: `allCases`, the cached counts, then `description` (unless `withDescription`
    /// is false) and `denseIndex`.
    func members(withDescription: Bool) -> [String] {
        [allCases] + cachedCounts + (withDescription ? [description] : []) + [denseIndex]
    }

    /// `static let allCases`, written out so that reading it never allocates.
    var allCases: String {
        var segments: [String] = []
        var plain: [String] = []
        for listed in cases {
            guard let payload = listed.payload else {
                plain.append(".\(listed.name)")
                continue
            }
            if !plain.isEmpty { segments.append("[\(plain.joined(separator: ", "))]") }
            plain = []
            segments.append("\(payload.type.trimmedDescription).allCases.map { .\(listed.name)\(listed.openingWithLabel)$0) }")
        }
        if !plain.isEmpty { segments.append("[\(plain.joined(separator: ", "))]") }
        return """
            /// Every value, in declaration order, each case with a payload expanded in place (one
            /// value per value of its payload).
            \(access.modifier)static let allCases: [\(typeName)] = \(segments.joined(separator: " + "))
            """
    }

    /// The cached payload counts, one `static let` per payload case followed by other cases.
    var cachedCounts: [String] {
        cases.indices.compactMap { index in
            guard let name = cacheNames[index], let payload = cases[index].payload else { return nil }
            let type = payload.type.trimmedDescription
            return """
                /// The number of values of `\(cases[index].displayName)`'s payload, counted once for `denseIndex`.
                \(access.cacheModifier)static let \(name): Swift.Int = \(type).allCases.count
                """
        }
    }

    /// `var description`: the case's name, with its payload's description in parentheses.
    var description: String {
        let lines = cases.map { listed in
            guard let payload = listed.payload else {
                return "case .\(listed.name): \"\(listed.displayName)\""
            }
            let label = payload.label.map { "\($0): " } ?? ""
            return #"case let \#(listed.pattern): "\#(listed.displayName)(\#(label)\(Swift.String(describing: value)))""#
        }
        return Code.lines([
            "/// The case's name, followed by its payload's description in parentheses if it has a",
            "/// payload: `failure(network)`.",
        ] + Code.block("\(access.modifier)var description: Swift.String", Code.switchSelf(lines)))
    }

    /// `var denseIndex`: the value's position in `allCases`, from a `switch`.
    var denseIndex: String {
        var constant = 0
        var counts: [String] = []
        var lines: [String] = []
        for (index, listed) in cases.enumerated() {
            var terms = constant != 0 || counts.isEmpty ? ["\(constant)"] : []
            terms += counts
            if listed.payload == nil {
                lines.append("case .\(listed.name): \(terms.joined(separator: " + "))")
                constant += 1
            } else {
                if terms == ["0"] { terms = [] }
                lines.append("case let \(listed.pattern): \((terms + ["value.denseIndex"]).joined(separator: " + "))")
                if let name = cacheNames[index] { counts.append("Self.\(name)") }
            }
        }
        return Code.lines(
            ["/// The value's position in `allCases`, found by a `switch` (no search, no allocation)."]
                + Code.block("\(access.inlinable)\(access.modifier)var denseIndex: Swift.Int", Code.switchSelf(lines))
        )
    }
}

/// Helpers to write generated code as lines, indented by four spaces per level.
enum Code {
    /// `lines` joined by newlines.
    static func lines(_ lines: [String]) -> String {
        lines.joined(separator: "\n")
    }

    /// `header {`, `body` indented one level, `}`.
    static func block(_ header: String, _ body: [String]) -> [String] {
        ["\(header) {"] + indented(body) + ["}"]
    }

    /// `switch self {`, the case lines, `}` (case labels at the level of `switch`).
    static func switchSelf(_ caseLines: [String]) -> [String] {
        ["switch self {"] + caseLines + ["}"]
    }

    /// `lines` indented one level (multi-line entries are indented line by line).
    static func indented(_ lines: [String]) -> [String] {
        lines.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false) }
            .map { $0.isEmpty ? "" : "    " + $0 }
    }
}
