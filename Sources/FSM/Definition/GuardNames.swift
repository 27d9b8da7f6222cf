/// The names of the guards that rejected an event, in declaration order, as the dispatch
/// tables hold them (a ``TransitionError`` reads them into its reason when asked).
///
/// A plain value, so that a ``TransitionError`` costs nothing to make or drop: the lists
/// of names are interned once for the life of the process (like selectors) and this value
/// holds only their number.
@usableFromInline
package struct GuardNames: Hashable, Sendable {
    @usableFromInline let id: Int32

    /// Names, interned.
    package init(_ names: [String]) {
        id = Interned.guardNames.intern(names)
    }

    /// The interned names numbered `id`.
    init(id: Int32) {
        self.id = id
    }

    /// The names.
    package var names: [String] { Interned.guardNames.value(id) }
}
