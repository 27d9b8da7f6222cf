/// What each state of a compiled machine answers instead of an event it rejects: the events
/// it has transitions for, then those it ignores, and the names of the parents that declare
/// events illegal. A ``TransitionError`` holds this table, the state's index and a few bytes,
/// not the lists themselves: making and dropping an error is a retain and a release, and its
/// lists are read only when asked for.
///
/// Immutable after `init`, hence `@unchecked Sendable` when its events are `Sendable`.
@usableFromInline
final class AnswerTable<Event> {
    /// Per state: how many events it answers, how many of them it has transitions for (the
    /// others it ignores), and where they start in `long` when more than eight.
    @usableFromInline
    struct Range {
        @usableFromInline let start: Int32
        @usableFromInline let count: Int32
        @usableFromInline let handled: Int32
    }

    /// Per state, its answers in place when at most eight.
    @usableFromInline let slots: FixedTable<SmallList<Event>.Slots>
    @usableFromInline let ranges: FixedTable<Range>
    /// The lists longer than eight, one after another.
    @usableFromInline let long: ListStore<Event>
    /// The parents' names, by the index a declared-illegal rejection carries.
    let parentNames: [String]
    /// The chains of transitions without an event that never settle, as `a -> b -> a`
    /// (what a ``TransitionError/Reason/neverSettles(_:)`` error names).
    let cycles: [String]

    /// A table of `answers` per state (each the handled events, then the ignored ones).
    init(_ answers: [(events: [Event], handled: Int)], parentNames: [String], cycles: [String] = []) {
        var slots: [SmallList<Event>.Slots] = []
        var ranges: [Range] = []
        var long: [Event] = []
        slots.reserveCapacity(answers.count)
        ranges.reserveCapacity(answers.count)
        for (events, handled) in answers {
            let isLong = events.count > SmallList<Event>.inlineCapacity
            ranges.append(Range(start: isLong ? Int32(long.count) : 0, count: Int32(events.count), handled: Int32(handled)))
            slots.append(SmallList<Event>.slots(isLong ? [] : events))
            if isLong { long += events }
        }
        self.slots = FixedTable(slots)
        self.ranges = FixedTable(ranges)
        self.long = ListStore.make(long)
        self.parentNames = parentNames
        self.cycles = cycles
    }

    /// The events the state at `state` answers (handled, then ignored), and how many are
    /// handled: one move of its slots when they fit.
    @inlinable @inline(__always)
    func answers(in state: Int) -> (events: SmallList<Event>, handled: Int) {
        let range = ranges[state]
        if range.count <= SmallList<Event>.inlineCapacity {
            return (SmallList(slots: slots[state], count: Int(range.count)), Int(range.handled))
        }
        return (SmallList(long, start: Int(range.start), count: Int(range.count)), Int(range.handled))
    }
}

extension AnswerTable: @unchecked Sendable where Event: Sendable {}
