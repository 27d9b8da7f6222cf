/// An immutable run of elements in one allocation: the long lists of a compiled machine,
/// shared by every ``SmallList`` that is a range of it. Written once by ``make(_:)``, never
/// mutated after, freed with the last reference; hence `Sendable` when its elements are.
@usableFromInline
final class ListStore<Element> {
    /// The elements, owned by this store.
    @usableFromInline let elements: FixedTable<Element>

    private init(_ elements: some Collection<Element>) {
        self.elements = FixedTable(elements)
    }

    /// A store holding `elements`, in order.
    @usableFromInline
    static func make(_ elements: some Collection<Element>) -> ListStore<Element> {
        ListStore(elements)
    }

    /// The element at `index` (`0 ..< elements.count`: callers check).
    @inlinable
    func element(at index: Int) -> Element {
        elements[index]
    }
}

extension ListStore: @unchecked Sendable where Element: Sendable {}
