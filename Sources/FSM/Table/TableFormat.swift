/// A text format of a ``TransitionTable``.
public enum TableFormat: String, Sendable, Hashable, CaseIterable {
    /// Markdown: one row per transition, ignored or illegal cell, with the columns
    /// `from | event | guard | to | effects`. Byte-stable; ends with a newline.
    ///
    /// `to` is the target, `target (internal)`, `(ignored)`, `(illegal)` or
    /// `(illegal, declared)`; a cell a state inherits from a parent adds
    /// `(inherited from PARENT)`. A cell's default (what an `Ignore` or `Illegal` after its
    /// guarded transitions says) is a row of its own whose guard is `else`.
    case markdown
    /// JSON: the machine, its initial state, states (with `final`), events, and one object
    /// per cell with its `kind` and, for transitions, the list of
    /// `{target, guard, effects, internal}` in order, and for a cell with a default
    /// `"otherwise": "ignored"` or `"illegal"`; a cell inherited from a parent ends with
    /// `"inheritedFrom": "PARENT"`. Pretty-printed, byte-stable.
    case json
    /// CSV (RFC 4180): a header `state,event,kind,guard,target,effects` and one line per
    /// transition, ignored or illegal cell; `kind` is `transition`, `internal`, `ignored`,
    /// `illegal` or `illegal-declared` (a cell's default has the guard `else`), effects are
    /// separated by `;`. A table with inherited cells (a machine with parents) has one more
    /// column, `inherited_from`.
    case csv
}

extension TransitionTable {
    /// The table as text in a format (see each ``TableFormat`` case for its layout).
    /// With `allEffects`, every effect each transition performs too, in order (the
    /// `all effects` column, `all_effects`, `"allEffects"`: ``Entry/performed``).
    package func text(_ format: TableFormat, allEffects: Bool = false) -> String {
        switch format {
        case .markdown: markdown(allEffects: allEffects)
        case .json: json(allEffects: allEffects)
        case .csv: csv(allEffects: allEffects)
        }
    }
}
