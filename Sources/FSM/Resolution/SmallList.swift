/// A short list held inline: up to eight elements need no heap storage and no reference
/// counting, so a ``Transition``'s effects (and the events a ``TransitionError`` lists, when
/// asked for) cost nothing to make, copy or drop. A longer list is a range of a shared, immutable store: a
/// machine's compiled lists live in one store, so taking a transition with more than eight
/// effects retains that store and allocates nothing.
///
/// Use it like an array: iterate it, index it, compare it with an array or an array literal
/// (`step.effects == [.callLogIn]`), or make an `Array` of it.
public struct SmallList<Element>: RandomAccessCollection {
    /// The number of elements held inline at most.
    @inlinable
    package static var inlineCapacity: Int { 8 }

    /// Eight optional elements in a row: the inline storage.
    @usableFromInline
    typealias Slots = (Element?, Element?, Element?, Element?, Element?, Element?, Element?, Element?)

    /// Up to eight elements in place, or a range of a shared store. An enum, so that dropping
    /// an inline list is a branch, not a call into the runtime.
    @usableFromInline
    enum Storage {
        case inline(Slots, count: Int32)
        /// `count` elements of `store` from `start`; the store is never mutated.
        case shared(ListStore<Element>, start: Int32, count: Int32)
    }

    /// A list of the first `count` slots (at most eight).
    @inlinable @inline(__always)
    init(slots: Slots, count: Int) {
        storage = .inline(slots, count: Int32(count))
    }

    /// The slots of the first eight elements of `elements`, the others empty.
    @inlinable
    static func slots(_ elements: some Collection<Element>) -> Slots {
        var list = Array(elements.prefix(inlineCapacity)).map(Optional.some)
        list += Array(repeating: nil, count: inlineCapacity - list.count)
        return (list[0], list[1], list[2], list[3], list[4], list[5], list[6], list[7])
    }

    @usableFromInline var storage: Storage

    /// An empty list.
    @inlinable
    package init() {
        storage = .inline((nil, nil, nil, nil, nil, nil, nil, nil), count: 0)
    }

    /// A list of the elements of a sequence.
    @inlinable
    package init(_ elements: some Sequence<Element>) {
        let array = Array(elements)
        if array.count > Self.inlineCapacity {
            storage = .shared(ListStore.make(array), start: 0, count: Int32(array.count))
        } else {
            storage = .inline(Self.slots(array), count: Int32(array.count))
        }
    }

    /// The `count` elements of `store` from `start` (a long list, or a part of one: any count).
    @inlinable @inline(__always)
    init(_ store: ListStore<Element>, start: Int, count: Int) {
        storage = .shared(store, start: Int32(start), count: Int32(count))
    }

    /// The position of the first element: 0.
    @inlinable
    public var startIndex: Int { 0 }

    /// The number of elements.
    @inlinable
    public var endIndex: Int {
        switch storage {
        case let .inline(_, count): Int(count)
        case let .shared(_, _, count): Int(count)
        }
    }

    /// The element at `position`.
    @inlinable
    public subscript(position: Int) -> Element {
        switch storage {
        case let .shared(store, start, count):
            precondition(position >= 0 && position < Int(count), "SmallList index out of range")
            return store.element(at: Int(start) + position)
        case let .inline(slots, count):
            precondition(position >= 0 && position < Int(count), "SmallList index out of range")
            guard let slot = Self.slot(slots, position) else { preconditionFailure("SmallList slot \(position) is empty") }
            return slot
        }
    }
}

extension SmallList {
    /// The first `n` elements (`0...count`), without allocating: the same slots with a
    /// smaller count, or a shorter range of the same store.
    @inlinable @inline(__always)
    func leading(_ n: Int) -> SmallList {
        switch storage {
        case let .inline(slots, _): SmallList(slots: slots, count: n)
        case let .shared(store, start, _): SmallList(store, start: Int(start), count: n)
        }
    }

    /// The elements after the first `n` (`0...count`), without allocating: the slots moved
    /// down, or a later range of the same store.
    @inlinable @inline(__always)
    func trailing(after n: Int) -> SmallList {
        switch storage {
        case let .inline(slots, count):
            guard n > 0 else { return self }
            var moved: Slots = (nil, nil, nil, nil, nil, nil, nil, nil)
            for position in n..<Int(count) { Self.set(&moved, position - n, to: Self.slot(slots, position)) }
            return SmallList(slots: moved, count: Int(count) - n)
        case let .shared(store, start, count): return SmallList(store, start: Int(start) + n, count: Int(count) - n)
        }
    }

    /// The slot at `position` (0 to 7).
    @inlinable @inline(__always)
    static func slot(_ slots: Slots, _ position: Int) -> Element? {
        switch position {
        case 0: slots.0
        case 1: slots.1
        case 2: slots.2
        case 3: slots.3
        case 4: slots.4
        case 5: slots.5
        case 6: slots.6
        default: slots.7
        }
    }

    /// Sets the slot at `position` (0 to 7).
    @inlinable @inline(__always)
    static func set(_ slots: inout Slots, _ position: Int, to element: Element?) {
        switch position {
        case 0: slots.0 = element
        case 1: slots.1 = element
        case 2: slots.2 = element
        case 3: slots.3 = element
        case 4: slots.4 = element
        case 5: slots.5 = element
        case 6: slots.6 = element
        default: slots.7 = element
        }
    }
}

extension SmallList: ExpressibleByArrayLiteral {
    /// A list of literal elements: `[.disableInputs, .callLogIn]`.
    @inlinable
    public init(arrayLiteral elements: Element...) {
        self.init(elements)
    }
}

extension SmallList: Equatable where Element: Equatable {
    /// Lists are equal when they hold equal elements in the same order.
    @inlinable
    public static func == (lhs: SmallList, rhs: SmallList) -> Bool { lhs.elementsEqual(rhs) }
}

extension SmallList: Hashable where Element: Hashable {
    /// Hashes the elements in order.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for element in self { hasher.combine(element) }
    }
}

extension SmallList: Sendable where Element: Sendable {}

extension SmallList.Storage: Sendable where Element: Sendable {}

extension SmallList: CustomStringConvertible {
    /// `[a, b]`, like an array.
    public var description: String { "[" + map { String(describing: $0) }.joined(separator: ", ") + "]" }
}
