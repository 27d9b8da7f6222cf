import MacroTesting
import Testing

/// Every expansion and every diagnostic of `@MachineEvent`.
@Suite(.macros(MacroSpecs.all))
struct MachineEventExpansionTests {
    @Test func finitePlainEvent() {
        assertMacro {
            """
            @MachineEvent enum Input {
                case coin, push
            }
            """
        } expansion: {
            """
            enum Input {
                case coin, push
            }

            extension Input: FSM.MachineEvent, Swift.Hashable, Swift.Sendable, Swift.CaseIterable, Swift.CustomStringConvertible, FSM.DenseIndexed {
                /// Every value, in declaration order, each case with a payload expanded in place (one
                /// value per value of its payload).
                static let allCases: [Input] = [.coin, .push]

                /// The case's name, followed by its payload's description in parentheses if it has a
                /// payload: `failure(network)`.
                var description: Swift.String {
                    switch self {
                    case .coin: "coin"
                    case .push: "push"
                    }
                }

                /// The value's position in `allCases`, found by a `switch` (no search, no allocation).
                var denseIndex: Swift.Int {
                    switch self {
                    case .coin: 0
                    case .push: 1
                    }
                }
            }
            """
        }
    }

    @Test func finiteEventWithExpandedCase() {
        assertMacro {
            """
            @MachineEvent public enum HomeLoadingEvent {
                case startLoading, finishLoading
                @Expanded case failToLoad(HomeFailure)
                case clearError
            }
            """
        } expansion: {
            #"""
            public enum HomeLoadingEvent {
                case startLoading, finishLoading
                case failToLoad(HomeFailure)
                case clearError
            }

            extension HomeLoadingEvent: FSM.MachineEvent, Swift.Hashable, Swift.Sendable, Swift.CaseIterable, Swift.CustomStringConvertible, FSM.DenseIndexed {
                /// Every value, in declaration order, each case with a payload expanded in place (one
                /// value per value of its payload).
                public static let allCases: [HomeLoadingEvent] = [.startLoading, .finishLoading] + HomeFailure.allCases.map { .failToLoad($0) } + [.clearError]

                /// The number of values of `failToLoad`'s payload, counted once for `denseIndex`.
                @usableFromInline static let __finiteCount_failToLoad: Swift.Int = HomeFailure.allCases.count

                /// The case's name, followed by its payload's description in parentheses if it has a
                /// payload: `failure(network)`.
                public var description: Swift.String {
                    switch self {
                    case .startLoading: "startLoading"
                    case .finishLoading: "finishLoading"
                    case let .failToLoad(value): "failToLoad(\(Swift.String(describing: value)))"
                    case .clearError: "clearError"
                    }
                }

                /// The value's position in `allCases`, found by a `switch` (no search, no allocation).
                @inlinable public var denseIndex: Swift.Int {
                    switch self {
                    case .startLoading: 0
                    case .finishLoading: 1
                    case let .failToLoad(value): 2 + value.denseIndex
                    case .clearError: 2 + Self.__finiteCount_failToLoad
                    }
                }
            }
            """#
        }
    }

    @Test func finiteEventAlreadyConforming() {
        assertMacro(MacroSpecs.machineEvent(missing: ["CaseIterable", "CustomStringConvertible", "DenseIndexed"])) {
            """
            @MachineEvent enum Input: MachineEvent, Hashable, Sendable {
                case coin, push
            }
            """
        } expansion: {
            """
            enum Input: MachineEvent, Hashable, Sendable {
                case coin, push
            }

            extension Input: Swift.CaseIterable, Swift.CustomStringConvertible, FSM.DenseIndexed {
                /// Every value, in declaration order, each case with a payload expanded in place (one
                /// value per value of its payload).
                static let allCases: [Input] = [.coin, .push]

                /// The case's name, followed by its payload's description in parentheses if it has a
                /// payload: `failure(network)`.
                var description: Swift.String {
                    switch self {
                    case .coin: "coin"
                    case .push: "push"
                    }
                }

                /// The value's position in `allCases`, found by a `switch` (no search, no allocation).
                var denseIndex: Swift.Int {
                    switch self {
                    case .coin: 0
                    case .push: 1
                    }
                }
            }
            """
        }
    }

    @Test func keyedEvent() {
        assertMacro {
            """
            @MachineEvent public enum DoorEvent {
                case open, close, lock, unlock(code: String), typed(String, Int)
            }
            """
        } expansion: {
            #"""
            public enum DoorEvent {
                case open, close, lock, unlock(code: String), typed(String, Int)
            }

            extension DoorEvent: FSM.MachineEvent, Swift.Sendable, Swift.CustomStringConvertible {
                /// The case of a `DoorEvent`, what the machine's table is keyed by.
                public enum Key: Swift.Hashable, Swift.Sendable, Swift.CaseIterable, Swift.CustomStringConvertible, FSM.DenseIndexed, FSM.MachineEvent {
                    /// The key of `DoorEvent.open`.
                    case open
                    /// The key of `DoorEvent.close`.
                    case close
                    /// The key of `DoorEvent.lock`.
                    case lock
                    /// The key of every `DoorEvent.unlock(code:)`, whatever its payload.
                    case unlock
                    /// The key of every `DoorEvent.typed(_:_:)`, whatever its payload.
                    case typed

                    /// Every value, in declaration order, each case with a payload expanded in place (one
                    /// value per value of its payload).
                    public static let allCases: [DoorEvent.Key] = [.open, .close, .lock, .unlock, .typed]

                    /// The case's name, followed by its payload's description in parentheses if it has a
                    /// payload: `failure(network)`.
                    public var description: Swift.String {
                        switch self {
                        case .open: "open"
                        case .close: "close"
                        case .lock: "lock"
                        case .unlock: "unlock"
                        case .typed: "typed"
                        }
                    }

                    /// The value's position in `allCases`, found by a `switch` (no search, no allocation).
                    @inlinable public var denseIndex: Swift.Int {
                        switch self {
                        case .open: 0
                        case .close: 1
                        case .lock: 2
                        case .unlock: 3
                        case .typed: 4
                        }
                    }
                }

                /// The key of this event, the column of the machine's table it is dispatched by: its case,
                /// with its payload if the case is `@Expanded`.
                @inlinable public var key: Key {
                    switch self {
                    case .open: .open
                    case .close: .close
                    case .lock: .lock
                    case .unlock: .unlock
                    case .typed: .typed
                    }
                }

                /// The case's name, followed by its payload values' descriptions in parentheses, labels
                /// kept: `unlock(code: 1234)`.
                public var description: Swift.String {
                    switch self {
                    case .open: "open"
                    case .close: "close"
                    case .lock: "lock"
                    case let .unlock(code: value): "unlock(code: \(Swift.String(describing: value)))"
                    case let .typed(value0, value1): "typed(\(Swift.String(describing: value0)), \(Swift.String(describing: value1)))"
                    }
                }
            }
            """#
        }
    }

    @Test func keyedAndExpandedCases() {
        assertMacro {
            """
            @MachineEvent enum HomeEvent {
                case startLoading
                case loaded(User)
                @Expanded case failToLoad(HomeFailure)
                case typed(_ text: String, count: Int)
                @Expanded case rejected(kind: Reason)
                case clearError
            }
            """
        } expansion: {
            #"""
            enum HomeEvent {
                case startLoading
                case loaded(User)
                case failToLoad(HomeFailure)
                case typed(_ text: String, count: Int)
                case rejected(kind: Reason)
                case clearError
            }

            extension HomeEvent: FSM.MachineEvent, Swift.Sendable, Swift.CustomStringConvertible {
                /// The case of a `HomeEvent`, what the machine's table is keyed by.
                enum Key: Swift.Hashable, Swift.Sendable, Swift.CaseIterable, Swift.CustomStringConvertible, FSM.DenseIndexed, FSM.MachineEvent {
                    /// The key of `HomeEvent.startLoading`.
                    case startLoading
                    /// The key of every `HomeEvent.loaded(_:)`, whatever its payload.
                    case loaded
                    /// The key of `HomeEvent.failToLoad(_:)`, one per value of its payload.
                    case failToLoad(HomeFailure)
                    /// The key of every `HomeEvent.typed(_:count:)`, whatever its payload.
                    case typed
                    /// The key of `HomeEvent.rejected(kind:)`, one per value of its payload.
                    case rejected(kind: Reason)
                    /// The key of `HomeEvent.clearError`.
                    case clearError

                    /// Every value, in declaration order, each case with a payload expanded in place (one
                    /// value per value of its payload).
                    static let allCases: [HomeEvent.Key] = [.startLoading, .loaded] + HomeFailure.allCases.map { .failToLoad($0) } + [.typed] + Reason.allCases.map { .rejected(kind: $0) } + [.clearError]

                    /// The number of values of `failToLoad`'s payload, counted once for `denseIndex`.
                    static let __finiteCount_failToLoad: Swift.Int = HomeFailure.allCases.count

                    /// The number of values of `rejected`'s payload, counted once for `denseIndex`.
                    static let __finiteCount_rejected: Swift.Int = Reason.allCases.count

                    /// The case's name, followed by its payload's description in parentheses if it has a
                    /// payload: `failure(network)`.
                    var description: Swift.String {
                        switch self {
                        case .startLoading: "startLoading"
                        case .loaded: "loaded"
                        case let .failToLoad(value): "failToLoad(\(Swift.String(describing: value)))"
                        case .typed: "typed"
                        case let .rejected(kind: value): "rejected(kind: \(Swift.String(describing: value)))"
                        case .clearError: "clearError"
                        }
                    }

                    /// The value's position in `allCases`, found by a `switch` (no search, no allocation).
                    var denseIndex: Swift.Int {
                        switch self {
                        case .startLoading: 0
                        case .loaded: 1
                        case let .failToLoad(value): 2 + value.denseIndex
                        case .typed: 2 + Self.__finiteCount_failToLoad
                        case let .rejected(kind: value): 3 + Self.__finiteCount_failToLoad + value.denseIndex
                        case .clearError: 3 + Self.__finiteCount_failToLoad + Self.__finiteCount_rejected
                        }
                    }
                }

                /// The key of this event, the column of the machine's table it is dispatched by: its case,
                /// with its payload if the case is `@Expanded`.
                var key: Key {
                    switch self {
                    case .startLoading: .startLoading
                    case .loaded: .loaded
                    case let .failToLoad(value): .failToLoad(value)
                    case .typed: .typed
                    case let .rejected(kind: value): .rejected(kind: value)
                    case .clearError: .clearError
                    }
                }

                /// The case's name, followed by its payload values' descriptions in parentheses, labels
                /// kept: `unlock(code: 1234)`.
                var description: Swift.String {
                    switch self {
                    case .startLoading: "startLoading"
                    case let .loaded(value): "loaded(\(Swift.String(describing: value)))"
                    case let .failToLoad(value): "failToLoad(\(Swift.String(describing: value)))"
                    case let .typed(value0, count: value1): "typed(\(Swift.String(describing: value0)), count: \(Swift.String(describing: value1)))"
                    case let .rejected(kind: value): "rejected(kind: \(Swift.String(describing: value)))"
                    case .clearError: "clearError"
                    }
                }
            }
            """#
        }
    }

    @Test func keyedEventWithOwnDescriptionAlreadySendable() {
        assertMacro(MacroSpecs.machineEvent(missing: ["MachineEvent", "Hashable", "CaseIterable", "DenseIndexed"])) {
            """
            @MachineEvent enum Ping: Sendable, CustomStringConvertible {
                case ping, send(Int)
                var description: String { "ping" }
            }
            """
        } expansion: {
            """
            enum Ping: Sendable, CustomStringConvertible {
                case ping, send(Int)
                var description: String { "ping" }
            }

            extension Ping: FSM.MachineEvent {
                /// The case of a `Ping`, what the machine's table is keyed by.
                enum Key: Swift.Hashable, Swift.Sendable, Swift.CaseIterable, Swift.CustomStringConvertible, FSM.DenseIndexed, FSM.MachineEvent {
                    /// The key of `Ping.ping`.
                    case ping
                    /// The key of every `Ping.send(_:)`, whatever its payload.
                    case send

                    /// Every value, in declaration order, each case with a payload expanded in place (one
                    /// value per value of its payload).
                    static let allCases: [Ping.Key] = [.ping, .send]

                    /// The case's name, followed by its payload's description in parentheses if it has a
                    /// payload: `failure(network)`.
                    var description: Swift.String {
                        switch self {
                        case .ping: "ping"
                        case .send: "send"
                        }
                    }

                    /// The value's position in `allCases`, found by a `switch` (no search, no allocation).
                    var denseIndex: Swift.Int {
                        switch self {
                        case .ping: 0
                        case .send: 1
                        }
                    }
                }

                /// The key of this event, the column of the machine's table it is dispatched by: its case,
                /// with its payload if the case is `@Expanded`.
                var key: Key {
                    switch self {
                    case .ping: .ping
                    case .send: .send
                    }
                }
            }
            """
        }
    }

    @Test func privateKeyedEvent() {
        assertMacro {
            """
            @MachineEvent private enum Local {
                case go(Int), stop
            }
            """
        } expansion: {
            #"""
            private enum Local {
                case go(Int), stop
            }

            extension Local: FSM.MachineEvent, Swift.Sendable, Swift.CustomStringConvertible {
                /// The case of a `Local`, what the machine's table is keyed by.
                fileprivate enum Key: Swift.Hashable, Swift.Sendable, Swift.CaseIterable, Swift.CustomStringConvertible, FSM.DenseIndexed, FSM.MachineEvent {
                    /// The key of every `Local.go(_:)`, whatever its payload.
                    case go
                    /// The key of `Local.stop`.
                    case stop

                    /// Every value, in declaration order, each case with a payload expanded in place (one
                    /// value per value of its payload).
                    fileprivate static let allCases: [Local.Key] = [.go, .stop]

                    /// The case's name, followed by its payload's description in parentheses if it has a
                    /// payload: `failure(network)`.
                    fileprivate var description: Swift.String {
                        switch self {
                        case .go: "go"
                        case .stop: "stop"
                        }
                    }

                    /// The value's position in `allCases`, found by a `switch` (no search, no allocation).
                    fileprivate var denseIndex: Swift.Int {
                        switch self {
                        case .go: 0
                        case .stop: 1
                        }
                    }
                }

                /// The key of this event, the column of the machine's table it is dispatched by: its case,
                /// with its payload if the case is `@Expanded`.
                fileprivate var key: Key {
                    switch self {
                    case .go: .go
                    case .stop: .stop
                    }
                }

                /// The case's name, followed by its payload values' descriptions in parentheses, labels
                /// kept: `unlock(code: 1234)`.
                fileprivate var description: Swift.String {
                    switch self {
                    case let .go(value): "go(\(Swift.String(describing: value)))"
                    case .stop: "stop"
                    }
                }
            }
            """#
        }
    }

    @Test func indirectKeyedCaseIsFine() {
        assertMacro {
            """
            @MachineEvent indirect enum Nested {
                case wrap(Nested), end
            }
            """
        } expansion: {
            #"""
            indirect enum Nested {
                case wrap(Nested), end
            }

            extension Nested: FSM.MachineEvent, Swift.Sendable, Swift.CustomStringConvertible {
                /// The case of a `Nested`, what the machine's table is keyed by.
                enum Key: Swift.Hashable, Swift.Sendable, Swift.CaseIterable, Swift.CustomStringConvertible, FSM.DenseIndexed, FSM.MachineEvent {
                    /// The key of every `Nested.wrap(_:)`, whatever its payload.
                    case wrap
                    /// The key of `Nested.end`.
                    case end

                    /// Every value, in declaration order, each case with a payload expanded in place (one
                    /// value per value of its payload).
                    static let allCases: [Nested.Key] = [.wrap, .end]

                    /// The case's name, followed by its payload's description in parentheses if it has a
                    /// payload: `failure(network)`.
                    var description: Swift.String {
                        switch self {
                        case .wrap: "wrap"
                        case .end: "end"
                        }
                    }

                    /// The value's position in `allCases`, found by a `switch` (no search, no allocation).
                    var denseIndex: Swift.Int {
                        switch self {
                        case .wrap: 0
                        case .end: 1
                        }
                    }
                }

                /// The key of this event, the column of the machine's table it is dispatched by: its case,
                /// with its payload if the case is `@Expanded`.
                var key: Key {
                    switch self {
                    case .wrap: .wrap
                    case .end: .end
                    }
                }

                /// The case's name, followed by its payload values' descriptions in parentheses, labels
                /// kept: `unlock(code: 1234)`.
                var description: Swift.String {
                    switch self {
                    case let .wrap(value): "wrap(\(Swift.String(describing: value)))"
                    case .end: "end"
                    }
                }
            }
            """#
        }
    }

    @Test func notAnEnum() {
        assertMacro {
            """
            @MachineEvent struct Tap {}
            @MachineEvent extension Input {}
            """
        } diagnostics: {
            """
            @MachineEvent struct Tap {}
            ┬────────────
            ╰─ 🛑 @MachineEvent applies to an enum; 'Tap' is a struct
               ✏️ remove '@MachineEvent'
            @MachineEvent extension Input {}
            ┬────────────
            ╰─ 🛑 @MachineEvent applies to an enum; attach it to the declaration of 'Input', not to an extension
               ✏️ remove '@MachineEvent'
            """
        } fixes: {
            """
            struct Tap {}
            extension Input {}
            """
        } expansion: {
            """
            struct Tap {}
            extension Input {}
            """
        }
    }

    @Test func genericEventAndNoCases() {
        assertMacro {
            """
            @MachineEvent enum Wrapped<T> {
                case value(T)
            }
            @MachineEvent enum Empty {}
            """
        } diagnostics: {
            """
            @MachineEvent enum Wrapped<T> {
                                      ┬──
                                      ╰─ 🛑 @MachineEvent does not support generic enums
                case value(T)
            }
            @MachineEvent enum Empty {}
                               ┬────
                               ╰─ 🛑 @MachineEvent needs at least one case
            """
        }
    }

    @Test func expandedUnboundedPayload() {
        assertMacro {
            """
            @MachineEvent enum Keypad {
                case clear
                @Expanded case press(digit: Int)
            }
            """
        } diagnostics: {
            """
            @MachineEvent enum Keypad {
                case clear
                @Expanded case press(digit: Int)
                                            ┬──
                                            ╰─ 🛑 'press(digit: Int)': an Int payload has no finite list of values, so 'press' cannot be listed; use a @Finite enum as the payload, or remove @Expanded to key the case by its name
                                               ✏️ remove '@Expanded'
            }
            """
        } fixes: {
            """
            @MachineEvent enum Keypad {
                case clear
                case press(digit: Int)
            }
            """
        } expansion: {
            #"""
            enum Keypad {
                case clear
                case press(digit: Int)
            }

            extension Keypad: FSM.MachineEvent, Swift.Sendable, Swift.CustomStringConvertible {
                /// The case of a `Keypad`, what the machine's table is keyed by.
                enum Key: Swift.Hashable, Swift.Sendable, Swift.CaseIterable, Swift.CustomStringConvertible, FSM.DenseIndexed, FSM.MachineEvent {
                    /// The key of `Keypad.clear`.
                    case clear
                    /// The key of every `Keypad.press(digit:)`, whatever its payload.
                    case press

                    /// Every value, in declaration order, each case with a payload expanded in place (one
                    /// value per value of its payload).
                    static let allCases: [Keypad.Key] = [.clear, .press]

                    /// The case's name, followed by its payload's description in parentheses if it has a
                    /// payload: `failure(network)`.
                    var description: Swift.String {
                        switch self {
                        case .clear: "clear"
                        case .press: "press"
                        }
                    }

                    /// The value's position in `allCases`, found by a `switch` (no search, no allocation).
                    var denseIndex: Swift.Int {
                        switch self {
                        case .clear: 0
                        case .press: 1
                        }
                    }
                }

                /// The key of this event, the column of the machine's table it is dispatched by: its case,
                /// with its payload if the case is `@Expanded`.
                var key: Key {
                    switch self {
                    case .clear: .clear
                    case .press: .press
                    }
                }

                /// The case's name, followed by its payload values' descriptions in parentheses, labels
                /// kept: `unlock(code: 1234)`.
                var description: Swift.String {
                    switch self {
                    case .clear: "clear"
                    case let .press(digit: value): "press(digit: \(Swift.String(describing: value)))"
                    }
                }
            }
            """#
        }
    }

    @Test func expandedWithoutOneValue() {
        assertMacro {
            """
            @MachineEvent enum Keypad {
                @Expanded case clear
                @Expanded case typed(String, Int)
            }
            """
        } diagnostics: {
            """
            @MachineEvent enum Keypad {
                @Expanded case clear
                ┬────────
                ╰─ 🛑 @Expanded marks an enum case with one finite payload; 'clear' has none
                   ✏️ remove '@Expanded'
                @Expanded case typed(String, Int)
                                    ┬────────────
                                    ╰─ 🛑 @Expanded marks an enum case with one finite payload; 'typed' has 2 payload values
                                       ✏️ remove '@Expanded'
            }
            """
        } fixes: {
            """
            @MachineEvent enum Keypad {
                case clear
                case typed(String, Int)
            }
            """
        } expansion: {
            #"""
            enum Keypad {
                case clear
                case typed(String, Int)
            }

            extension Keypad: FSM.MachineEvent, Swift.Sendable, Swift.CustomStringConvertible {
                /// The case of a `Keypad`, what the machine's table is keyed by.
                enum Key: Swift.Hashable, Swift.Sendable, Swift.CaseIterable, Swift.CustomStringConvertible, FSM.DenseIndexed, FSM.MachineEvent {
                    /// The key of `Keypad.clear`.
                    case clear
                    /// The key of every `Keypad.typed(_:_:)`, whatever its payload.
                    case typed

                    /// Every value, in declaration order, each case with a payload expanded in place (one
                    /// value per value of its payload).
                    static let allCases: [Keypad.Key] = [.clear, .typed]

                    /// The case's name, followed by its payload's description in parentheses if it has a
                    /// payload: `failure(network)`.
                    var description: Swift.String {
                        switch self {
                        case .clear: "clear"
                        case .typed: "typed"
                        }
                    }

                    /// The value's position in `allCases`, found by a `switch` (no search, no allocation).
                    var denseIndex: Swift.Int {
                        switch self {
                        case .clear: 0
                        case .typed: 1
                        }
                    }
                }

                /// The key of this event, the column of the machine's table it is dispatched by: its case,
                /// with its payload if the case is `@Expanded`.
                var key: Key {
                    switch self {
                    case .clear: .clear
                    case .typed: .typed
                    }
                }

                /// The case's name, followed by its payload values' descriptions in parentheses, labels
                /// kept: `unlock(code: 1234)`.
                var description: Swift.String {
                    switch self {
                    case .clear: "clear"
                    case let .typed(value0, value1): "typed(\(Swift.String(describing: value0)), \(Swift.String(describing: value1)))"
                    }
                }
            }
            """#
        }
    }

    @Test func expandedIndirect() {
        assertMacro {
            """
            @MachineEvent enum Tree {
                @Expanded indirect case node(Reason)
            }
            @MachineEvent indirect enum Loop {
                @Expanded case grove(Reason)
                case end
            }
            """
        } diagnostics: {
            """
            @MachineEvent enum Tree {
                @Expanded indirect case node(Reason)
                          ┬───────
                          ╰─ 🛑 indirect cases cannot be listed; remove 'indirect' from 'node'
                             ✏️ remove 'indirect'
            }
            @MachineEvent indirect enum Loop {
                          ┬───────
                          ╰─ 🛑 indirect cases cannot be listed; remove 'indirect' from 'Loop'
                             ✏️ remove 'indirect'
                @Expanded case grove(Reason)
                case end
            }
            """
        } fixes: {
            """
            @MachineEvent enum Tree {
                @Expanded case node(Reason)
            }
            @MachineEvent enum Loop {
                @Expanded case grove(Reason)
                case end
            }
            """
        } expansion: {
            #"""
            enum Tree {
                case node(Reason)
            }
            enum Loop {
                case grove(Reason)
                case end
            }

            extension Tree: FSM.MachineEvent, Swift.Hashable, Swift.Sendable, Swift.CaseIterable, Swift.CustomStringConvertible, FSM.DenseIndexed {
                /// Every value, in declaration order, each case with a payload expanded in place (one
                /// value per value of its payload).
                static let allCases: [Tree] = Reason.allCases.map { .node($0) }

                /// The case's name, followed by its payload's description in parentheses if it has a
                /// payload: `failure(network)`.
                var description: Swift.String {
                    switch self {
                    case let .node(value): "node(\(Swift.String(describing: value)))"
                    }
                }

                /// The value's position in `allCases`, found by a `switch` (no search, no allocation).
                var denseIndex: Swift.Int {
                    switch self {
                    case let .node(value): value.denseIndex
                    }
                }
            }

            extension Loop: FSM.MachineEvent, Swift.Hashable, Swift.Sendable, Swift.CaseIterable, Swift.CustomStringConvertible, FSM.DenseIndexed {
                /// Every value, in declaration order, each case with a payload expanded in place (one
                /// value per value of its payload).
                static let allCases: [Loop] = Reason.allCases.map { .grove($0) } + [.end]

                /// The number of values of `grove`'s payload, counted once for `denseIndex`.
                static let __finiteCount_grove: Swift.Int = Reason.allCases.count

                /// The case's name, followed by its payload's description in parentheses if it has a
                /// payload: `failure(network)`.
                var description: Swift.String {
                    switch self {
                    case let .grove(value): "grove(\(Swift.String(describing: value)))"
                    case .end: "end"
                    }
                }

                /// The value's position in `allCases`, found by a `switch` (no search, no allocation).
                var denseIndex: Swift.Int {
                    switch self {
                    case let .grove(value): value.denseIndex
                    case .end: Self.__finiteCount_grove
                    }
                }
            }
            """#
        }
    }

    @Test func indirectEnumWithKeyedAndExpandedCases() {
        assertMacro {
            """
            @MachineEvent indirect enum Forest {
                @Expanded case grove(Reason)
                case wrap(Forest)
            }
            """
        } expansion: {
            #"""
            indirect enum Forest {
                case grove(Reason)
                case wrap(Forest)
            }

            extension Forest: FSM.MachineEvent, Swift.Sendable, Swift.CustomStringConvertible {
                /// The case of a `Forest`, what the machine's table is keyed by.
                enum Key: Swift.Hashable, Swift.Sendable, Swift.CaseIterable, Swift.CustomStringConvertible, FSM.DenseIndexed, FSM.MachineEvent {
                    /// The key of `Forest.grove(_:)`, one per value of its payload.
                    case grove(Reason)
                    /// The key of every `Forest.wrap(_:)`, whatever its payload.
                    case wrap

                    /// Every value, in declaration order, each case with a payload expanded in place (one
                    /// value per value of its payload).
                    static let allCases: [Forest.Key] = Reason.allCases.map { .grove($0) } + [.wrap]

                    /// The number of values of `grove`'s payload, counted once for `denseIndex`.
                    static let __finiteCount_grove: Swift.Int = Reason.allCases.count

                    /// The case's name, followed by its payload's description in parentheses if it has a
                    /// payload: `failure(network)`.
                    var description: Swift.String {
                        switch self {
                        case let .grove(value): "grove(\(Swift.String(describing: value)))"
                        case .wrap: "wrap"
                        }
                    }

                    /// The value's position in `allCases`, found by a `switch` (no search, no allocation).
                    var denseIndex: Swift.Int {
                        switch self {
                        case let .grove(value): value.denseIndex
                        case .wrap: Self.__finiteCount_grove
                        }
                    }
                }

                /// The key of this event, the column of the machine's table it is dispatched by: its case,
                /// with its payload if the case is `@Expanded`.
                var key: Key {
                    switch self {
                    case let .grove(value): .grove(value)
                    case .wrap: .wrap
                    }
                }

                /// The case's name, followed by its payload values' descriptions in parentheses, labels
                /// kept: `unlock(code: 1234)`.
                var description: Swift.String {
                    switch self {
                    case let .grove(value): "grove(\(Swift.String(describing: value)))"
                    case let .wrap(value): "wrap(\(Swift.String(describing: value)))"
                    }
                }
            }
            """#
        }
    }

    @Test func payloadTypeNamedKeyInAKeyedEvent() {
        assertMacro {
            """
            @MachineEvent enum KeyboardEvent {
                case pressed(Key), chord([Key]), special(code: Key.Code)
                case qualified(Terminal.Key), typed(String)
                @Expanded case modifier(Key)
            }
            """
        } diagnostics: {
            """
            @MachineEvent enum KeyboardEvent {
                case pressed(Key), chord([Key]), special(code: Key.Code)
                                                               ┬──
                             │            │                    ╰─ 🛑 the payload type 'Key' is hidden by the generated 'KeyboardEvent.Key'; qualify it with its module (`MyModule.Key`) or rename it
                                          ┬──
                             │            ╰─ 🛑 the payload type 'Key' is hidden by the generated 'KeyboardEvent.Key'; qualify it with its module (`MyModule.Key`) or rename it
                             ┬──
                             ╰─ 🛑 the payload type 'Key' is hidden by the generated 'KeyboardEvent.Key'; qualify it with its module (`MyModule.Key`) or rename it
                case qualified(Terminal.Key), typed(String)
                @Expanded case modifier(Key)
                                        ┬──
                                        ╰─ 🛑 the payload type 'Key' is hidden by the generated 'KeyboardEvent.Key'; qualify it with its module (`MyModule.Key`) or rename it
            }
            """
        }
    }

    @Test func payloadTypeNamedKeyInAFiniteEvent() {
        assertMacro {
            """
            @MachineEvent enum PressEvent {
                case start
                @Expanded case pressed(`Key`)
            }
            """
        } diagnostics: {
            """
            @MachineEvent enum PressEvent {
                case start
                @Expanded case pressed(`Key`)
                                       ┬────
                                       ╰─ 🛑 the payload type 'Key' is hidden by 'PressEvent.Key', the event's key (here 'PressEvent' itself); qualify it with its module (`MyModule.Key`) or rename it
            }
            """
        }
    }

    @Test func membersNamedKeyInAKeyedEvent() {
        assertMacro {
            """
            @MachineEvent enum ScreenEvent {
                case tap(Int), Key
                struct Key {}
                var key: String { "" }
                static let key = 1
            }
            """
        } diagnostics: {
            """
            @MachineEvent enum ScreenEvent {
                case tap(Int), Key
                               ┬──
                               ╰─ 🛑 rename 'Key': it clashes with 'ScreenEvent.Key', the event's key that @MachineEvent provides
                struct Key {}
                       ┬──
                       ╰─ 🛑 rename 'Key': it clashes with 'ScreenEvent.Key', the event's key that @MachineEvent provides
                var key: String { "" }
                    ┬──
                    ╰─ 🛑 rename 'key': it clashes with 'ScreenEvent.key', the event's key that @MachineEvent provides
                static let key = 1
            }
            """
        }
    }

    @Test func membersNamedKeyInAFiniteEvent() {
        assertMacro {
            """
            @MachineEvent enum FiniteScreenEvent {
                case tap, key
                typealias Key = Int
                func key() -> Int { 0 }
            }
            """
        } diagnostics: {
            """
            @MachineEvent enum FiniteScreenEvent {
                case tap, key
                typealias Key = Int
                          ┬──
                          ╰─ 🛑 rename 'Key': it clashes with 'FiniteScreenEvent.Key', the event's key that @MachineEvent provides
                func key() -> Int { 0 }
                     ┬──
                     ╰─ 🛑 rename 'key': it clashes with 'FiniteScreenEvent.key', the event's key that @MachineEvent provides
            }
            """
        }
    }

    @Test func duplicateCaseNames() {
        assertMacro {
            """
            @MachineEvent enum Move {
                case move(x: Int), move(y: Int)
                case stop
                @Expanded case stop(Reason)
            }
            """
        } diagnostics: {
            """
            @MachineEvent enum Move {
                case move(x: Int), move(y: Int)
                                   ┬───
                                   ╰─ 🛑 'move' is declared twice; a machine's key needs distinct case names
                case stop
                @Expanded case stop(Reason)
                               ┬───
                               ╰─ 🛑 'stop' is declared twice; a machine's key needs distinct case names
            }
            """
        }
    }

    @Test func publicKeyedEventInAnInternalType() {
        assertMacro {
            """
            struct Screen {
                @MachineEvent public enum Event {
                    case tap(Int), close
                    @Expanded case fail(Reason)
                }
            }
            """
        } expansion: {
            #"""
            struct Screen {
                public enum Event {
                    case tap(Int), close
                    case fail(Reason)
                }
            }

            extension Screen.Event: FSM.MachineEvent, Swift.Sendable, Swift.CustomStringConvertible {
                /// The case of a `Screen.Event`, what the machine's table is keyed by.
                enum Key: Swift.Hashable, Swift.Sendable, Swift.CaseIterable, Swift.CustomStringConvertible, FSM.DenseIndexed, FSM.MachineEvent {
                    /// The key of every `Screen.Event.tap(_:)`, whatever its payload.
                    case tap
                    /// The key of `Screen.Event.close`.
                    case close
                    /// The key of `Screen.Event.fail(_:)`, one per value of its payload.
                    case fail(Reason)

                    /// Every value, in declaration order, each case with a payload expanded in place (one
                    /// value per value of its payload).
                    static let allCases: [Screen.Event.Key] = [.tap, .close] + Reason.allCases.map { .fail($0) }

                    /// The case's name, followed by its payload's description in parentheses if it has a
                    /// payload: `failure(network)`.
                    var description: Swift.String {
                        switch self {
                        case .tap: "tap"
                        case .close: "close"
                        case let .fail(value): "fail(\(Swift.String(describing: value)))"
                        }
                    }

                    /// The value's position in `allCases`, found by a `switch` (no search, no allocation).
                    var denseIndex: Swift.Int {
                        switch self {
                        case .tap: 0
                        case .close: 1
                        case let .fail(value): 2 + value.denseIndex
                        }
                    }
                }

                /// The key of this event, the column of the machine's table it is dispatched by: its case,
                /// with its payload if the case is `@Expanded`.
                var key: Key {
                    switch self {
                    case .tap: .tap
                    case .close: .close
                    case let .fail(value): .fail(value)
                    }
                }

                /// The case's name, followed by its payload values' descriptions in parentheses, labels
                /// kept: `unlock(code: 1234)`.
                var description: Swift.String {
                    switch self {
                    case let .tap(value): "tap(\(Swift.String(describing: value)))"
                    case .close: "close"
                    case let .fail(value): "fail(\(Swift.String(describing: value)))"
                    }
                }
            }
            """#
        }
    }

    @Test func privateAndGenericNestedEvents() {
        assertMacro {
            """
            struct Screen {
                @MachineEvent private enum Hidden {
                    case tap(Int)
                }
            }
            struct Box<T> {
                @MachineEvent enum Event {
                    case tap(Int)
                }
            }
            """
        } diagnostics: {
            """
            struct Screen {
                @MachineEvent private enum Hidden {
                              ┬──────
                              ╰─ 🛑 make 'Hidden' fileprivate (or wider): the members @MachineEvent writes live in an extension outside 'Screen'
                                 ✏️ replace 'private' with 'fileprivate'
                    case tap(Int)
                }
            }
            struct Box<T> {
                @MachineEvent enum Event {
                ┬────────────
                ╰─ 🛑 @MachineEvent does not support generic enums: the enclosing type 'Box' is generic, so this enum is too
                    case tap(Int)
                }
            }
            """
        }
    }
}
