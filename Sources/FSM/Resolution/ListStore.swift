/// An immutable run of elements in one allocation: the long lists of a compiled machine,
/// shared by every ``SmallList`` that is a range of it. Written once by ``make(_:)``, never
/// mutated after, freed with the last reference; hence `Sendable` when its elements are.
@usableFromInline
final class ListStore<Element> {
    /// The elements, owned by this store.
    @usableFromInline let elements: UnsafeMutableBufferPointer<Element>

    private init(_ elements: some Collection<Element>) {
        let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: Swift.max(1, elements.count))
        _ = buffer.initialize(from: elements)
        self.elements = UnsafeMutableBufferPointer(rebasing: buffer[0..<elements.count])
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

    deinit {
        elements.deinitialize()
        elements.baseAddress?.deallocate()
    }
}

extension ListStore: @unchecked Sendable where Element: Sendable {}
