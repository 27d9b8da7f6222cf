/// The error of a rejected event: the state, the event, why, and what the state would take
/// or ignore instead.
///
/// Its description says all of that in one line, in the words the REPL's `:events` uses too:
///
/// ```text
/// illegal transition: 'finishLoading' is not permitted in state 'waiting': declared illegal (permitted: startLoading)
/// illegal transition: 'receive' is not permitted in state 'LISTEN': guard 'SYN' not met (permitted: close; ignored: timeout)
/// ```
///
/// A machine's rejection allocates nothing: the event lists are held inline (up to eight in
/// all) or are ranges of the compiled machine's own store, and guard names are the compiled
/// machine's own strings.
///
/// `Event` is an event key (`Machine.Event.Key`, the event itself for an event without data):
/// `catch let error as TransitionError<State, DoorEvent>` with a `DoorEvent` that carries data
/// does not compile, where it would otherwise never match. Write `TransitionError<State, DoorEvent.Key>`.
public struct TransitionError<State: Hashable & Sendable, Event: MachineEvent>: Error, Sendable where Event.Key == Event {
    /// Why an event was rejected.
    public enum Reason: Sendable, Hashable {
        /// Nothing in the state (or its parents) says anything about the event.
        case noTransition
        /// The state declares the event illegal (``Illegal``, ``IllegalOtherEvents``), or a
        /// parent does: its name, `nil` for the state itself.
        case declaredIllegal(inheritedFrom: String?)
        /// The state has transitions for the event, but none of their guards holds: the
        /// guards tried, in order (and no `Ignore` after them says to ignore it).
        case guardNotMet(GuardNames)
        /// The state is final and does not ignore the event.
        case finalState
    }

    /// The state the machine was (and still is) in.
    public let state: State
    /// The rejected event's key (the caller holds the event itself, with its data).
    public let event: Event
    /// Why it was rejected.
    public let reason: Reason
    /// The events the state has transitions for, in declaration order (guarded ones
    /// included), then the events it ignores: one list, so that dropping an error drops one.
    @usableFromInline let answers: SmallList<Event>
    /// How many of `answers` the state has transitions for.
    @usableFromInline let handledCount: Int

    /// The events the state has transitions for, in declaration order (guarded ones
    /// included), as the state declares them.
    @inlinable
    var handled: SmallList<Event> { answers.leading(handledCount) }

    /// The events the state ignores, in declaration order.
    @inlinable
    public var ignored: SmallList<Event> { answers.trailing(after: handledCount) }

    /// Creates an error value.
    /// - Parameters:
    ///   - state: The state.
    ///   - event: The rejected event.
    ///   - reason: Why.
    ///   - permitted: The events the state has transitions for.
    ///   - ignored: The events the state ignores.
    @inlinable
    package init(state: State, event: Event, reason: Reason, permitted: SmallList<Event>, ignored: SmallList<Event> = SmallList()) {
        self.state = state
        self.event = event
        self.reason = reason
        answers = ignored.isEmpty ? permitted : SmallList(Array(permitted) + Array(ignored))
        handledCount = permitted.count
    }

    /// An error value whose answers (handled, then ignored events) are one list already.
    @inlinable @inline(__always)
    init(state: State, event: Event, reason: Reason, answers: SmallList<Event>, handled: Int) {
        self.state = state
        self.event = event
        self.reason = reason
        self.answers = answers
        handledCount = handled
    }

    /// The events the state would take, in declaration order: those it has transitions for,
    /// but the rejected event when its guards were just tried and failed (other guarded
    /// events are listed: their guards were not tried).
    @inlinable
    public var permitted: SmallList<Event> {
        guard case .guardNotMet = reason, handled.contains(event) else { return handled }
        return SmallList(handled.filter { $0 != event })
    }
}

/// Two errors are equal when what they say is: the state, the event, the reason, the
/// permitted and the ignored events (not how `permitted` was worked out).
extension TransitionError: Equatable where Event: Equatable {
    public static func == (lhs: TransitionError, rhs: TransitionError) -> Bool {
        lhs.state == rhs.state && lhs.event == rhs.event && lhs.reason == rhs.reason
            && lhs.permitted == rhs.permitted && lhs.ignored == rhs.ignored
    }
}

extension TransitionError: Hashable where Event: Hashable {
    public func hash(into hasher: inout Hasher) {
        hasher.combine(state)
        hasher.combine(event)
        hasher.combine(reason)
        hasher.combine(permitted)
        hasher.combine(ignored)
    }
}

extension TransitionError.Reason {
    /// The reason in the words errors and the REPL use: `no transition`, `declared illegal`,
    /// `declared illegal by parent 'P'`, `guard 'g' not met`, `guards 'g', 'h' not met`,
    /// `the state is final`.
    public var words: String {
        switch self {
        case .noTransition: return "no transition"
        case let .declaredIllegal(parent): return parent.map { "declared illegal by parent '\($0)'" } ?? "declared illegal"
        case let .guardNotMet(guardNames):
            let quoted = guardNames.names.map { "'\($0)'" }.joined(separator: ", ")
            return guardNames.count == 1 ? "guard \(quoted) not met" : "guards \(quoted) not met"
        case .finalState: return "the state is final"
        }
    }
}

extension TransitionError: CustomStringConvertible {
    /// One line: `illegal transition: 'E' is not permitted in state 'S': WHY (permitted: a, b; ignored: c)`.
    public var description: String {
        let list = permitted.isEmpty ? "none" : permitted.map { String(describing: $0) }.joined(separator: ", ")
        let ignoring = ignored.isEmpty ? "" : "; ignored: " + ignored.map { String(describing: $0) }.joined(separator: ", ")
        return "illegal transition: '\(event)' is not permitted in state '\(state)': \(reason.words) (permitted: \(list)\(ignoring))"
    }
}
