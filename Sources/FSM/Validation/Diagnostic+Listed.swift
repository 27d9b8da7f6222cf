extension [Diagnostic] {
    /// `header`, then one indented line per diagnostic.
    package func listed(under header: String) -> String {
        ([header] + map { "  \($0)" }).joined(separator: "\n")
    }
}
