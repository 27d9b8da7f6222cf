/// A short list held inline: up to eight elements need no heap storage and no reference
/// counting, so a ``Transition``'s effects and a ``TransitionError``'s permitted events cost
/// nothing to make, copy or drop. Longer lists keep their elements in an array.
///
/// Use it like an array: iterate it, index it, compare it with an array or an array literal
/// (`step.effects == [.callLogIn]`), or make an `Array` of it.
public struct SmallList<Element>: RandomAccessCollection {
    /// The number of elements held inline at most.
    public static var inlineCapacity: Int { 8 }

    /// Eight optional elements in a row: the inline storage.
    @usableFromInline
    typealias Slots = (Element?, Element?, Element?, Element?, Element?, Element?, Element?, Element?)

    /// Up to eight elements in place, or more in an array. An enum, so that dropping an
    /// inline list is a branch, not a call into the runtime.
    @usableFromInline
    enum Storage {
        case inline(Slots, count: Int)
        case array([Element])
    }

    /// A list of the first `count` slots (at most eight).
    @inlinable @inline(__always)
    init(slots: Slots, count: Int) {
        storage = .inline(slots, count: count)
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
    public init() {
        storage = .inline((nil, nil, nil, nil, nil, nil, nil, nil), count: 0)
    }

    /// A list of the elements of a sequence.
    @inlinable
    public init(_ elements: some Sequence<Element>) {
        let array = Array(elements)
        if array.count > Self.inlineCapacity {
            storage = .array(array)
        } else {
            storage = .inline(Self.slots(array), count: array.count)
        }
    }

    /// A list of `count` elements of `store` from `start`, copied inline when they fit.
    @inlinable @inline(__always)
    init(_ store: UnsafeBufferPointer<Element>, start: Int, count: Int) {
        guard count <= Self.inlineCapacity, let base = store.baseAddress.map({ $0 + start }) else {
            storage = count == 0 ? .inline((nil, nil, nil, nil, nil, nil, nil, nil), count: 0) : .array(Array(store[start..<(start + count)]))
            return
        }
        storage = .inline((
            count > 0 ? base[0] : nil, count > 1 ? base[1] : nil, count > 2 ? base[2] : nil, count > 3 ? base[3] : nil,
            count > 4 ? base[4] : nil, count > 5 ? base[5] : nil, count > 6 ? base[6] : nil, count > 7 ? base[7] : nil
        ), count: count)
    }

    /// The position of the first element: 0.
    @inlinable
    public var startIndex: Int { 0 }

    /// The number of elements.
    @inlinable
    public var endIndex: Int {
        switch storage {
        case let .inline(_, count): count
        case let .array(array): array.count
        }
    }

    /// The element at `position`.
    @inlinable
    public subscript(position: Int) -> Element {
        switch storage {
        case let .array(array):
            return array[position]
        case let .inline(slots, count):
            precondition(position >= 0 && position < count, "SmallList index out of range")
            let slot: Element?
            switch position {
            case 0: slot = slots.0
            case 1: slot = slots.1
            case 2: slot = slots.2
            case 3: slot = slots.3
            case 4: slot = slots.4
            case 5: slot = slots.5
            case 6: slot = slots.6
            default: slot = slots.7
            }
            guard let slot else { preconditionFailure("SmallList slot \(position) is empty") }
            return slot
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

    /// Whether a list holds the elements of an array, in order.
    @inlinable
    public static func == (lhs: SmallList, rhs: [Element]) -> Bool { lhs.elementsEqual(rhs) }

    /// Whether an array holds the elements of a list, in order.
    @inlinable
    public static func == (lhs: [Element], rhs: SmallList) -> Bool { lhs.elementsEqual(rhs) }
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
