/// The names of the guards that rejected an event, in declaration order.
///
/// A plain value, so that a ``TransitionError`` costs nothing to make or drop: the lists
/// of names are interned once for the life of the process (like selectors) and this value
/// holds only their number. Use it like an array of `String`.
public struct GuardNames: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral, CustomStringConvertible {
    @usableFromInline let id: Int32

    /// Names, interned.
    package init(_ names: [String]) {
        id = Interned.guardNames.intern(names)
    }

    /// The interned names numbered `id`.
    init(id: Int32) {
        self.id = id
    }

    /// Names from a literal: `["has key"]`.
    public init(arrayLiteral names: String...) {
        self.init(names)
    }

    /// The names.
    package var names: [String] { Interned.guardNames.value(id) }

    /// The position of the first name: 0.
    public var startIndex: Int { 0 }
    /// The number of names.
    public var endIndex: Int { names.count }
    /// The name at `position`.
    public subscript(position: Int) -> String { names[position] }

    /// `['a', 'b']`.
    public var description: String { "[" + names.map { "'\($0)'" }.joined(separator: ", ") + "]" }
}
