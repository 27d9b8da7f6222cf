/// A table of elements in one allocation, written once when it is made and freed with its
/// owner: the one holder of unsafe memory in a compiled machine (``DispatchTable``'s and
/// ``AnswerTable``'s tables and ``ListStore``'s elements are each one of these).
///
/// Invariants the readers rely on: `buffer` holds exactly `count` initialised elements (an
/// allocation of at least one element, so that an empty table still has a base address);
/// nothing writes to it after `init`; `deinit` deinitialises and frees it, once, because the
/// table cannot be copied. Reading an element retains nothing but the element itself.
@usableFromInline
struct FixedTable<Element>: ~Copyable {
    @usableFromInline let buffer: UnsafeMutableBufferPointer<Element>

    /// A table holding `elements`, in order.
    init(_ elements: some Collection<Element>) {
        let allocation = UnsafeMutableBufferPointer<Element>.allocate(capacity: Swift.max(1, elements.count))
        _ = allocation.initialize(from: elements)
        buffer = UnsafeMutableBufferPointer(rebasing: allocation[0..<elements.count])
    }

    /// The element at `index` (`0 ..< count`: callers index within the table's shape).
    @inlinable @inline(__always)
    subscript(index: Int) -> Element { buffer[index] }

    /// The number of elements.
    @inlinable @inline(__always)
    var count: Int { buffer.count }

    /// Whether the table is empty.
    @inlinable @inline(__always)
    var isEmpty: Bool { buffer.isEmpty }

    deinit {
        buffer.deinitialize()
        buffer.baseAddress?.deallocate()
    }
}
