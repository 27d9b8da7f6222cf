/// A text format of a ``TransitionTable``.
public enum TableFormat: String, Sendable, Hashable, CaseIterable {
    /// ``TransitionTable/markdown``.
    case markdown
    /// ``TransitionTable/json``.
    case json
    /// ``TransitionTable/csv``.
    case csv
}

extension TransitionTable {
    /// The table in a format.
    public func text(_ format: TableFormat) -> String {
        switch format {
        case .markdown: markdown
        case .json: json
        case .csv: csv
        }
    }
}
