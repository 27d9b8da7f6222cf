/// The error of a definition that cannot run: it carries the validation diagnostics of
/// severity ``Diagnostic/Severity/error``.
public struct DefinitionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The machine's name.
    public let machine: String
    /// The errors that prevent the definition from running.
    public let diagnostics: [Diagnostic]

    /// Creates an error value.
    package init(machine: String, diagnostics: [Diagnostic]) {
        self.machine = machine
        self.diagnostics = diagnostics
    }

    /// `machine 'NAME' cannot run:` followed by one diagnostic a line.
    public var description: String {
        (["machine \(quoting: machine) cannot run:"] + diagnostics.map { "  \($0)" }).joined(separator: "\n")
    }
}
