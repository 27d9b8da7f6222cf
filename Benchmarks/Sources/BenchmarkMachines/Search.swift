import FSM

// A search box whose events carry data: typed text and a result count (keyed by case, one
// column each whatever the value), and a failure whose finite payload is expanded into one
// column per kind. Guards read the event's data. The key type is written out as the
// `@MachineEvent` macro writes it, so that this module depends on FSM alone.

/// The search box's states.
public enum SearchState: Hashable, Sendable {
    case idle, typing, searching, results, failed
}

/// The search box's events.
public enum SearchEvent: MachineEvent, Sendable {
    case typed(String)
    case submit
    case loaded(count: Int)
    case failed(LoadFailure)
    case clear

    /// The table's columns.
    public enum Key: MachineEvent, Hashable, Sendable, CaseIterable, DenseIndexed {
        case typed, submit, loaded, clear
        case failed(LoadFailure)

        /// Every column.
        public static let allCases: [Key] = [.typed, .submit, .loaded, .clear] + LoadFailure.allCases.map(Key.failed)

        /// The position in `allCases`.
        @inlinable
        public var denseIndex: Int {
            switch self {
            case .typed: 0
            case .submit: 1
            case .loaded: 2
            case .clear: 3
            case let .failed(kind):
                switch kind {
                case .authentication: 4
                case .network: 5
                case .server: 6
                case .system: 7
                }
            }
        }
    }

    /// The column of the event.
    @inlinable
    public var key: Key {
        switch self {
        case .typed: .typed
        case .submit: .submit
        case .loaded: .loaded
        case .clear: .clear
        case let .failed(kind): .failed(kind)
        }
    }
}

/// The search box's effects.
public enum SearchEffect: Hashable, Sendable {
    case callSearch, showResults, showEmpty, showAlert
}

/// Typed text that is not empty.
public let hasText = Guard<SearchEvent>("has text") { if case let .typed(text) = $0 { !text.isEmpty } else { false } }
/// A result count above zero.
public let found = Guard<SearchEvent>("found") { if case let .loaded(count) = $0 { count > 0 } else { false } }

/// The machine.
public let search = MachineDefinition<SearchState, SearchEvent, SearchEffect, Void>(name: "search", initial: .idle) {
    In(.idle) {
        On(.typed, to: .typing, guard: hasText)
        Internal(.typed)
    }
    In(.typing) {
        On(.typed, to: .idle, guard: Guard<SearchEvent>("empty") { if case let .typed(text) = $0 { text.isEmpty } else { false } })
        Internal(.typed)
        On(.submit, to: .searching, emit: .callSearch)
        On(.clear, to: .idle)
    }
    In(.searching) {
        On(.loaded, to: .results, guard: found, emit: .showResults)
        On(.loaded, to: .typing, emit: .showEmpty)
        for kind in LoadFailure.allCases {
            On(.failed(kind), to: kind == .authentication ? .idle : .failed, emit: .showAlert)
        }
        Ignore(.submit)
    }
    In(.results) {
        On(.typed, to: .typing, guard: hasText)
        On(.clear, to: .idle)
    }
    In(.failed) {
        On(.submit, to: .searching, emit: .callSearch)
        On(.clear, to: .idle)
    }
}

/// The same machine as a hand-written switch: the new state and the number of effects, or
/// `nil` when the event is rejected.
@inlinable
public func searchSwitch(_ state: SearchState, _ event: SearchEvent) -> (SearchState, Int)? {
    switch (state, event) {
    case let (.idle, .typed(text)): text.isEmpty ? (.idle, 0) : (.typing, 0)
    case let (.typing, .typed(text)): text.isEmpty ? (.idle, 0) : (.typing, 0)
    case (.typing, .submit): (.searching, 1)
    case (.typing, .clear): (.idle, 0)
    case let (.searching, .loaded(count)): count > 0 ? (.results, 1) : (.typing, 1)
    case let (.searching, .failed(kind)): (kind == .authentication ? .idle : .failed, 1)
    case (.searching, .submit): (.searching, 0)
    case let (.results, .typed(text)): text.isEmpty ? nil : (.typing, 0)
    case (.results, .clear): (.idle, 0)
    case (.failed, .submit): (.searching, 1)
    case (.failed, .clear): (.idle, 0)
    default: nil
    }
}
