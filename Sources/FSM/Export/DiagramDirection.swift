/// Which way a diagram's flow runs: the ranks of Graphviz's `rankdir` and Mermaid's
/// `direction`.
public enum DiagramDirection: String, Sendable, Hashable, CaseIterable {
    /// Left to right (`LR`): wide; suits a few states in a chain.
    case leftToRight = "LR"
    /// Top to bottom (`TB`): tall; suits many states, or a documentation column.
    case topToBottom = "TB"
}
