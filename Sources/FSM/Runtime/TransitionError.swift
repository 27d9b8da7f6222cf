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
/// A machine's rejection allocates nothing and copies no list: the error holds the state, the
/// event and a reference to the compiled machine's answers, from which ``permitted``,
/// ``ignored`` and ``reason`` are read when asked for (the machine's state can change
/// afterwards: the error keeps what it says, and keeps the machine's answers alive, a few
/// bytes per state). A small value, so that Swift drops it inline (a release, and the state's
/// and event's own) rather than through the generic value witnesses it uses for large values.
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
        case guardNotMet([String])
        /// The state is final and does not ignore the event.
        case finalState
        /// The event's transition leads into a chain of transitions without an event
        /// (``Always``, ``OnDone``) that comes back to a state it passed while every guard on
        /// it holds: it would never settle. The chain's states, as `a -> b -> a`.
        case neverSettles(String)
    }

    /// What each state of the machine answers: read for ``permitted``, ``ignored`` and a
    /// parent's name, when asked for.
    @usableFromInline let answerTable: AnswerTable<Event>
    /// The state's row of `answerTable`.
    @usableFromInline let stateIndex: Int32
    /// With `code`: the guard names' number (`guardNotMet`) or the index of the parent that
    /// declares the event illegal, -1 for the state itself.
    @usableFromInline let detail: Int32
    /// Why, as a code.
    @usableFromInline let code: Code

    /// The state the machine was (and still is) in.
    public let state: State
    /// The rejected event's key (the caller holds the event itself, with its data).
    public let event: Event

    /// ``Reason`` without its payload, so that an error holds no string.
    @usableFromInline
    enum Code: UInt8, Sendable {
        case noTransition, declaredIllegal, guardNotMet, finalState, neverSettles
    }

    /// Why it was rejected.
    public var reason: Reason {
        switch code {
        case .noTransition: .noTransition
        case .declaredIllegal: .declaredIllegal(inheritedFrom: detail >= 0 ? answerTable.parentNames[Int(detail)] : nil)
        case .guardNotMet: .guardNotMet(GuardNames(id: detail).names)
        case .finalState: .finalState
        case .neverSettles: .neverSettles(detail >= 0 && Int(detail) < answerTable.cycles.count ? answerTable.cycles[Int(detail)] : "")
        }
    }

    /// The events the state has transitions for (in declaration order, guarded ones
    /// included), then those it ignores, and how many are of the first kind.
    @inlinable @inline(__always)
    var answers: (events: SmallList<Event>, handled: Int) { answerTable.answers(in: Int(stateIndex)) }

    /// The events the state has transitions for, in declaration order (guarded ones
    /// included), as the state declares them.
    @inlinable @inline(__always)
    var handled: SmallList<Event> {
        let (events, handled) = answers
        return events.leading(handled)
    }

    /// The events the state ignores, in declaration order.
    @inlinable @inline(__always)
    public var ignored: SmallList<Event> {
        let (events, handled) = answers
        return events.trailing(after: handled)
    }

    /// Creates an error value.
    /// - Parameters:
    ///   - state: The state.
    ///   - event: The rejected event.
    ///   - reason: Why.
    ///   - permitted: The events the state has transitions for.
    ///   - ignored: The events the state ignores.
    package init(state: State, event: Event, reason: Reason, permitted: SmallList<Event>, ignored: SmallList<Event> = SmallList()) {
        var parents: [String] = []
        var cycles: [String] = []
        let code: Code
        var detail: Int32 = -1
        switch reason {
        case .noTransition: code = .noTransition
        case let .declaredIllegal(parent):
            code = .declaredIllegal
            if let parent {
                parents = [parent]
                detail = 0
            }
        case let .guardNotMet(names):
            code = .guardNotMet
            detail = GuardNames(names).id
        case .finalState: code = .finalState
        case let .neverSettles(cycle):
            code = .neverSettles
            cycles = [cycle]
            detail = 0
        }
        self.init(
            state: state, event: event,
            answerTable: AnswerTable([(Array(permitted) + Array(ignored), permitted.count)], parentNames: parents, cycles: cycles),
            stateIndex: 0, code: code, detail: detail
        )
    }

    /// An error value reading its lists from a compiled machine's answers.
    @inlinable @inline(__always)
    init(state: State, event: Event, answerTable: AnswerTable<Event>, stateIndex: Int32, code: Code, detail: Int32) {
        self.state = state
        self.event = event
        self.answerTable = answerTable
        self.stateIndex = stateIndex
        self.code = code
        self.detail = detail
    }

    /// The events the state would take, in declaration order: those it has transitions for,
    /// but the rejected event when its guards were just tried and failed, or its chain of
    /// transitions without an event never settles (other guarded events are listed: their
    /// guards were not tried).
    @inlinable @inline(__always)
    public var permitted: SmallList<Event> {
        guard code == .guardNotMet || code == .neverSettles, handled.contains(event) else { return handled }
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
    /// `the state is final`, `its transitions without an event never settle (a -> b -> a)`.
    package var words: String {
        switch self {
        case .noTransition: return "no transition"
        case let .declaredIllegal(parent): return parent.map { "declared illegal by parent \(quoting: $0)" } ?? "declared illegal"
        case let .guardNotMet(guardNames):
            let quoted = guardNames.map { "\(quoting: $0)" }.joined(separator: ", ")
            return guardNames.count == 1 ? "guard \(quoted) not met" : "guards \(quoted) not met"
        case .finalState: return "the state is final"
        case let .neverSettles(cycle): return "its transitions without an event never settle (\(cycle))"
        }
    }
}

extension TransitionError: CustomStringConvertible {
    /// One line: `illegal transition: 'E' is not permitted in state 'S': WHY (permitted: a, b; ignored: c)`.
    public var description: String {
        let list = permitted.isEmpty ? "none" : permitted.map { String(describing: $0) }.joined(separator: ", ")
        let ignoring = ignored.isEmpty ? "" : "; ignored: " + ignored.map { String(describing: $0) }.joined(separator: ", ")
        return "illegal transition: \(quoting: event) is not permitted in state \(quoting: state): \(reason.words) (permitted: \(list)\(ignoring))"
    }
}
