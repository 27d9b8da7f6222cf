import MacroTesting
import Testing

/// Every expansion and every diagnostic of `@Finite`.
@Suite(.macros(MacroSpecs.all))
struct FiniteExpansionTests {
    @Test func plainCases() {
        assertMacro {
            """
            @Finite enum Light {
                case red, amber, green
            }
            """
        } expansion: {
            """
            enum Light {
                case red, amber, green
            }

            extension Light: Swift.Hashable, Swift.Sendable, Swift.CaseIterable, Swift.CustomStringConvertible, FSM.DenseIndexed {
                /// Every value, in declaration order, each case with a payload expanded in place (one
                /// value per value of its payload).
                static let allCases: [Light] = [.red, .amber, .green]

                /// The case's name, followed by its payload's description in parentheses if it has a
                /// payload: `failure(network)`.
                var description: Swift.String {
                    switch self {
                    case .red: "red"
                    case .amber: "amber"
                    case .green: "green"
                    }
                }

                /// The value's position in `allCases`, found by a `switch` (no search, no allocation).
                var denseIndex: Swift.Int {
                    switch self {
                    case .red: 0
                    case .amber: 1
                    case .green: 2
                    }
                }
            }
            """
        }
    }

    @Test func payloadExpandedInPlace() {
        assertMacro {
            """
            @Finite enum HomeLoadingState {
                case waiting, loading
                case failure(HomeFailure)
                case dismissed
            }
            """
        } expansion: {
            #"""
            enum HomeLoadingState {
                case waiting, loading
                case failure(HomeFailure)
                case dismissed
            }

            extension HomeLoadingState: Swift.Hashable, Swift.Sendable, Swift.CaseIterable, Swift.CustomStringConvertible, FSM.DenseIndexed {
                /// Every value, in declaration order, each case with a payload expanded in place (one
                /// value per value of its payload).
                static let allCases: [HomeLoadingState] = [.waiting, .loading] + HomeFailure.allCases.map { .failure($0) } + [.dismissed]

                /// The number of values of `failure`'s payload, counted once for `denseIndex`.
                static let __finiteCount_failure: Swift.Int = HomeFailure.allCases.count

                /// The case's name, followed by its payload's description in parentheses if it has a
                /// payload: `failure(network)`.
                var description: Swift.String {
                    switch self {
                    case .waiting: "waiting"
                    case .loading: "loading"
                    case let .failure(value): "failure(\(Swift.String(describing: value)))"
                    case .dismissed: "dismissed"
                    }
                }

                /// The value's position in `allCases`, found by a `switch` (no search, no allocation).
                var denseIndex: Swift.Int {
                    switch self {
                    case .waiting: 0
                    case .loading: 1
                    case let .failure(value): 2 + value.denseIndex
                    case .dismissed: 2 + Self.__finiteCount_failure
                    }
                }
            }
            """#
        }
    }

    @Test func publicEnumWithLabeledAndAdjacentPayloads() {
        assertMacro {
            """
            @Finite public enum Outcome {
                case idle
                case failed(HomeFailure), rejected(kind: Reason)
                case done
                case last(Reason)
            }
            """
        } expansion: {
            #"""
            public enum Outcome {
                case idle
                case failed(HomeFailure), rejected(kind: Reason)
                case done
                case last(Reason)
            }

            extension Outcome: Swift.Hashable, Swift.Sendable, Swift.CaseIterable, Swift.CustomStringConvertible, FSM.DenseIndexed {
                /// Every value, in declaration order, each case with a payload expanded in place (one
                /// value per value of its payload).
                public static let allCases: [Outcome] = [.idle] + HomeFailure.allCases.map { .failed($0) } + Reason.allCases.map { .rejected(kind: $0) } + [.done] + Reason.allCases.map { .last($0) }

                /// The number of values of `failed`'s payload, counted once for `denseIndex`.
                @usableFromInline static let __finiteCount_failed: Swift.Int = HomeFailure.allCases.count

                /// The number of values of `rejected`'s payload, counted once for `denseIndex`.
                @usableFromInline static let __finiteCount_rejected: Swift.Int = Reason.allCases.count

                /// The case's name, followed by its payload's description in parentheses if it has a
                /// payload: `failure(network)`.
                public var description: Swift.String {
                    switch self {
                    case .idle: "idle"
                    case let .failed(value): "failed(\(Swift.String(describing: value)))"
                    case let .rejected(kind: value): "rejected(kind: \(Swift.String(describing: value)))"
                    case .done: "done"
                    case let .last(value): "last(\(Swift.String(describing: value)))"
                    }
                }

                /// The value's position in `allCases`, found by a `switch` (no search, no allocation).
                @inlinable public var denseIndex: Swift.Int {
                    switch self {
                    case .idle: 0
                    case let .failed(value): 1 + value.denseIndex
                    case let .rejected(kind: value): 1 + Self.__finiteCount_failed + value.denseIndex
                    case .done: 1 + Self.__finiteCount_failed + Self.__finiteCount_rejected
                    case let .last(value): 2 + Self.__finiteCount_failed + Self.__finiteCount_rejected + value.denseIndex
                    }
                }
            }
            """#
        }
    }

    @Test func payloadOnlyEnum() {
        assertMacro {
            """
            @Finite enum Wrapper {
                case only(HomeFailure)
            }
            """
        } expansion: {
            #"""
            enum Wrapper {
                case only(HomeFailure)
            }

            extension Wrapper: Swift.Hashable, Swift.Sendable, Swift.CaseIterable, Swift.CustomStringConvertible, FSM.DenseIndexed {
                /// Every value, in declaration order, each case with a payload expanded in place (one
                /// value per value of its payload).
                static let allCases: [Wrapper] = HomeFailure.allCases.map { .only($0) }

                /// The case's name, followed by its payload's description in parentheses if it has a
                /// payload: `failure(network)`.
                var description: Swift.String {
                    switch self {
                    case let .only(value): "only(\(Swift.String(describing: value)))"
                    }
                }

                /// The value's position in `allCases`, found by a `switch` (no search, no allocation).
                var denseIndex: Swift.Int {
                    switch self {
                    case let .only(value): value.denseIndex
                    }
                }
            }
            """#
        }
    }

    @Test func privateEnumGetsFileprivateMembers() {
        assertMacro {
            """
            @Finite private enum Step {
                case one, two(Reason), three
            }
            """
        } expansion: {
            #"""
            private enum Step {
                case one, two(Reason), three
            }

            extension Step: Swift.Hashable, Swift.Sendable, Swift.CaseIterable, Swift.CustomStringConvertible, FSM.DenseIndexed {
                /// Every value, in declaration order, each case with a payload expanded in place (one
                /// value per value of its payload).
                fileprivate static let allCases: [Step] = [.one] + Reason.allCases.map { .two($0) } + [.three]

                /// The number of values of `two`'s payload, counted once for `denseIndex`.
                static let __finiteCount_two: Swift.Int = Reason.allCases.count

                /// The case's name, followed by its payload's description in parentheses if it has a
                /// payload: `failure(network)`.
                fileprivate var description: Swift.String {
                    switch self {
                    case .one: "one"
                    case let .two(value): "two(\(Swift.String(describing: value)))"
                    case .three: "three"
                    }
                }

                /// The value's position in `allCases`, found by a `switch` (no search, no allocation).
                fileprivate var denseIndex: Swift.Int {
                    switch self {
                    case .one: 0
                    case let .two(value): 1 + value.denseIndex
                    case .three: 1 + Self.__finiteCount_two
                    }
                }
            }
            """#
        }
    }

    @Test func fileprivateAndPackageEnums() {
        assertMacro {
            """
            @Finite fileprivate enum A {
                case one
            }
            @Finite package enum B {
                case one
            }
            """
        } expansion: {
            """
            fileprivate enum A {
                case one
            }
            package enum B {
                case one
            }

            extension A: Swift.Hashable, Swift.Sendable, Swift.CaseIterable, Swift.CustomStringConvertible, FSM.DenseIndexed {
                /// Every value, in declaration order, each case with a payload expanded in place (one
                /// value per value of its payload).
                static let allCases: [A] = [.one]

                /// The case's name, followed by its payload's description in parentheses if it has a
                /// payload: `failure(network)`.
                var description: Swift.String {
                    switch self {
                    case .one: "one"
                    }
                }

                /// The value's position in `allCases`, found by a `switch` (no search, no allocation).
                var denseIndex: Swift.Int {
                    switch self {
                    case .one: 0
                    }
                }
            }

            extension B: Swift.Hashable, Swift.Sendable, Swift.CaseIterable, Swift.CustomStringConvertible, FSM.DenseIndexed {
                /// Every value, in declaration order, each case with a payload expanded in place (one
                /// value per value of its payload).
                package static let allCases: [B] = [.one]

                /// The case's name, followed by its payload's description in parentheses if it has a
                /// payload: `failure(network)`.
                package var description: Swift.String {
                    switch self {
                    case .one: "one"
                    }
                }

                /// The value's position in `allCases`, found by a `switch` (no search, no allocation).
                package var denseIndex: Swift.Int {
                    switch self {
                    case .one: 0
                    }
                }
            }
            """
        }
    }

    @Test func rawValueEnumDescribesByCaseName() {
        assertMacro {
            """
            @Finite enum HomeFailure: String {
                case authentication = "auth", network
            }
            """
        } expansion: {
            """
            enum HomeFailure: String {
                case authentication = "auth", network
            }

            extension HomeFailure: Swift.Hashable, Swift.Sendable, Swift.CaseIterable, Swift.CustomStringConvertible, FSM.DenseIndexed {
                /// Every value, in declaration order, each case with a payload expanded in place (one
                /// value per value of its payload).
                static let allCases: [HomeFailure] = [.authentication, .network]

                /// The case's name, followed by its payload's description in parentheses if it has a
                /// payload: `failure(network)`.
                var description: Swift.String {
                    switch self {
                    case .authentication: "authentication"
                    case .network: "network"
                    }
                }

                /// The value's position in `allCases`, found by a `switch` (no search, no allocation).
                var denseIndex: Swift.Int {
                    switch self {
                    case .authentication: 0
                    case .network: 1
                    }
                }
            }
            """
        }
    }

    @Test func alreadyConformingWithOwnDescription() {
        assertMacro(MacroSpecs.finite(missing: ["Sendable", "CaseIterable", "DenseIndexed"])) {
            """
            @Finite enum Mode: Hashable, CustomStringConvertible {
                case on, off
                var description: String { "mode" }
            }
            """
        } expansion: {
            """
            enum Mode: Hashable, CustomStringConvertible {
                case on, off
                var description: String { "mode" }
            }

            extension Mode: Swift.Sendable, Swift.CaseIterable, FSM.DenseIndexed {
                /// Every value, in declaration order, each case with a payload expanded in place (one
                /// value per value of its payload).
                static let allCases: [Mode] = [.on, .off]

                /// The value's position in `allCases`, found by a `switch` (no search, no allocation).
                var denseIndex: Swift.Int {
                    switch self {
                    case .on: 0
                    case .off: 1
                    }
                }
            }
            """
        }
    }

    @Test func ownDescriptionWithoutConformance() {
        assertMacro {
            """
            @Finite enum Mode {
                case on, off
                var description: String { "mode" }
            }
            """
        } expansion: {
            """
            enum Mode {
                case on, off
                var description: String { "mode" }
            }

            extension Mode: Swift.Hashable, Swift.Sendable, Swift.CaseIterable, Swift.CustomStringConvertible, FSM.DenseIndexed {
                /// Every value, in declaration order, each case with a payload expanded in place (one
                /// value per value of its payload).
                static let allCases: [Mode] = [.on, .off]

                /// The value's position in `allCases`, found by a `switch` (no search, no allocation).
                var denseIndex: Swift.Int {
                    switch self {
                    case .on: 0
                    case .off: 1
                    }
                }
            }
            """
        }
    }

    @Test func conformingToEverything() {
        assertMacro(MacroSpecs.finite(missing: [])) {
            """
            @Finite enum Mode: Hashable, Sendable, CaseIterable, CustomStringConvertible, DenseIndexed {
                case on, off(Reason)
                var description: String { "mode" }
                var denseIndex: Int { 0 }
            }
            """
        } expansion: {
            """
            enum Mode: Hashable, Sendable, CaseIterable, CustomStringConvertible, DenseIndexed {
                case on, off(Reason)
                var description: String { "mode" }
                var denseIndex: Int { 0 }
            }

            extension Mode {
                /// Every value, in declaration order, each case with a payload expanded in place (one
                /// value per value of its payload).
                static let allCases: [Mode] = [.on] + Reason.allCases.map { .off($0) }

                /// The value's position in `allCases`, found by a `switch` (no search, no allocation).
                var denseIndex: Swift.Int {
                    switch self {
                    case .on: 0
                    case let .off(value): 1 + value.denseIndex
                    }
                }
            }
            """
        }
    }

    @Test func keywordCaseNamesAndNestedType() {
        assertMacro {
            """
            struct Outer {
                @Finite enum Inner {
                    case `default`, `func`(Reason)
                    case end
                }
            }
            """
        } expansion: {
            #"""
            struct Outer {
                enum Inner {
                    case `default`, `func`(Reason)
                    case end
                }
            }

            extension Outer.Inner: Swift.Hashable, Swift.Sendable, Swift.CaseIterable, Swift.CustomStringConvertible, FSM.DenseIndexed {
                /// Every value, in declaration order, each case with a payload expanded in place (one
                /// value per value of its payload).
                static let allCases: [Outer.Inner] = [.`default`] + Reason.allCases.map { .`func`($0) } + [.end]

                /// The number of values of `func`'s payload, counted once for `denseIndex`.
                static let __finiteCount_func: Swift.Int = Reason.allCases.count

                /// The case's name, followed by its payload's description in parentheses if it has a
                /// payload: `failure(network)`.
                var description: Swift.String {
                    switch self {
                    case .`default`: "default"
                    case let .`func`(value): "func(\(Swift.String(describing: value)))"
                    case .end: "end"
                    }
                }

                /// The value's position in `allCases`, found by a `switch` (no search, no allocation).
                var denseIndex: Swift.Int {
                    switch self {
                    case .`default`: 0
                    case let .`func`(value): 1 + value.denseIndex
                    case .end: 1 + Self.__finiteCount_func
                    }
                }
            }
            """#
        }
    }

    @Test func notAnEnum() {
        assertMacro {
            """
            @Finite struct Cell {}
            @Finite final class Box {}
            @Finite actor Worker {}
            @Finite protocol Shape {}
            """
        } diagnostics: {
            """
            @Finite struct Cell {}
            ┬──────
            ╰─ 🛑 @Finite applies to an enum; 'Cell' is a struct
               ✏️ remove '@Finite'
            @Finite final class Box {}
            ┬──────
            ╰─ 🛑 @Finite applies to an enum; 'Box' is a class
               ✏️ remove '@Finite'
            @Finite actor Worker {}
            ┬──────
            ╰─ 🛑 @Finite applies to an enum; 'Worker' is an actor
               ✏️ remove '@Finite'
            @Finite protocol Shape {}
            ┬──────
            ╰─ 🛑 @Finite applies to an enum; 'Shape' is a protocol
               ✏️ remove '@Finite'
            """
        } fixes: {
            """
            struct Cell {}
            final class Box {}
            actor Worker {}
            protocol Shape {}
            """
        } expansion: {
            """
            struct Cell {}
            final class Box {}
            actor Worker {}
            protocol Shape {}
            """
        }
    }

    @Test func extensionOfAnEnum() {
        assertMacro {
            """
            @Finite extension Light {}
            """
        } diagnostics: {
            """
            @Finite extension Light {}
            ┬──────
            ╰─ 🛑 @Finite applies to an enum; attach it to the declaration of 'Light', not to an extension
               ✏️ remove '@Finite'
            """
        } fixes: {
            """
            extension Light {}
            """
        } expansion: {
            """
            extension Light {}
            """
        }
    }

    @Test func genericEnum() {
        assertMacro {
            """
            @Finite enum Box<T> {
                case empty, full
            }
            """
        } diagnostics: {
            """
            @Finite enum Box<T> {
                            ┬──
                            ╰─ 🛑 @Finite does not support generic enums
                case empty, full
            }
            """
        }
    }

    @Test func noCases() {
        assertMacro {
            """
            @Finite enum Never {
                static let x = 1
            }
            """
        } diagnostics: {
            """
            @Finite enum Never {
                         ┬────
                         ╰─ 🛑 @Finite needs at least one case
                static let x = 1
            }
            """
        }
    }

    @Test func severalPayloadValues() {
        assertMacro {
            """
            @Finite enum Pair {
                case c(HomeFailure, Reason)
                case d(a: Reason, b: Reason, c: Reason)
            }
            """
        } diagnostics: {
            """
            @Finite enum Pair {
                case c(HomeFailure, Reason)
                      ┬────────────────────
                      ╰─ 🛑 'c' has 2 payload values; @Finite expands one: wrap them in a @Finite enum
                case d(a: Reason, b: Reason, c: Reason)
                      ┬────────────────────────────────
                      ╰─ 🛑 'd' has 3 payload values; @Finite expands one: wrap them in a @Finite enum
            }
            """
        }
    }

    @Test func unboundedPayloads() {
        assertMacro {
            """
            @Finite enum Input {
                case typed(String)
                case count(Int)
                case byte(UInt8)
                case ratio(Double)
                case flag(Bool)
                case when(Date)
                case id(UUID)
                case link(Swift.String)
                case list([Reason])
                case table([String: Reason])
                case maybe(Reason?)
                case pair((Reason, Reason))
                case action(@Sendable () -> Void)
                case thing(any Error)
                case kind(Reason.Type)
                case ok(Reason)
                case alsoOk((Reason))
            }
            """
        } diagnostics: {
            """
            @Finite enum Input {
                case typed(String)
                           ┬─────
                           ╰─ 🛑 'typed(String)': a String payload has no finite list of values, so 'typed' cannot be listed; use a @Finite enum as the payload (for an event, use @MachineEvent, which keys such a case by its name)
                case count(Int)
                           ┬──
                           ╰─ 🛑 'count(Int)': an Int payload has no finite list of values, so 'count' cannot be listed; use a @Finite enum as the payload (for an event, use @MachineEvent, which keys such a case by its name)
                case byte(UInt8)
                          ┬────
                          ╰─ 🛑 'byte(UInt8)': a UInt8 payload has no finite list of values, so 'byte' cannot be listed; use a @Finite enum as the payload (for an event, use @MachineEvent, which keys such a case by its name)
                case ratio(Double)
                           ┬─────
                           ╰─ 🛑 'ratio(Double)': a Double payload has no finite list of values, so 'ratio' cannot be listed; use a @Finite enum as the payload (for an event, use @MachineEvent, which keys such a case by its name)
                case flag(Bool)
                          ┬───
                          ╰─ 🛑 'flag(Bool)': a Bool payload has no finite list of values, so 'flag' cannot be listed; use a @Finite enum as the payload (for an event, use @MachineEvent, which keys such a case by its name)
                case when(Date)
                          ┬───
                          ╰─ 🛑 'when(Date)': a Date payload has no finite list of values, so 'when' cannot be listed; use a @Finite enum as the payload (for an event, use @MachineEvent, which keys such a case by its name)
                case id(UUID)
                        ┬───
                        ╰─ 🛑 'id(UUID)': a UUID payload has no finite list of values, so 'id' cannot be listed; use a @Finite enum as the payload (for an event, use @MachineEvent, which keys such a case by its name)
                case link(Swift.String)
                          ┬───────────
                          ╰─ 🛑 'link(Swift.String)': a Swift.String payload has no finite list of values, so 'link' cannot be listed; use a @Finite enum as the payload (for an event, use @MachineEvent, which keys such a case by its name)
                case list([Reason])
                          ┬───────
                          ╰─ 🛑 'list([Reason])': a [Reason] payload has no finite list of values, so 'list' cannot be listed; use a @Finite enum as the payload (for an event, use @MachineEvent, which keys such a case by its name)
                case table([String: Reason])
                           ┬───────────────
                           ╰─ 🛑 'table([String: Reason])': a [String: Reason] payload has no finite list of values, so 'table' cannot be listed; use a @Finite enum as the payload (for an event, use @MachineEvent, which keys such a case by its name)
                case maybe(Reason?)
                           ┬──────
                           ╰─ 🛑 'maybe(Reason?)': a Reason? payload has no finite list of values, so 'maybe' cannot be listed; use a @Finite enum as the payload (for an event, use @MachineEvent, which keys such a case by its name)
                case pair((Reason, Reason))
                          ┬───────────────
                          ╰─ 🛑 'pair((Reason, Reason))': a (Reason, Reason) payload has no finite list of values, so 'pair' cannot be listed; use a @Finite enum as the payload (for an event, use @MachineEvent, which keys such a case by its name)
                case action(@Sendable () -> Void)
                            ┬───────────────────
                            ╰─ 🛑 'action(@Sendable () -> Void)': a @Sendable () -> Void payload has no finite list of values, so 'action' cannot be listed; use a @Finite enum as the payload (for an event, use @MachineEvent, which keys such a case by its name)
                case thing(any Error)
                           ┬────────
                           ╰─ 🛑 'thing(any Error)': an any Error payload has no finite list of values, so 'thing' cannot be listed; use a @Finite enum as the payload (for an event, use @MachineEvent, which keys such a case by its name)
                case kind(Reason.Type)
                          ┬──────────
                          ╰─ 🛑 'kind(Reason.Type)': a Reason.Type payload has no finite list of values, so 'kind' cannot be listed; use a @Finite enum as the payload (for an event, use @MachineEvent, which keys such a case by its name)
                case ok(Reason)
                case alsoOk((Reason))
            }
            """
        }
    }

    @Test func everyOtherKnownUnboundedType() {
        assertMacro {
            """
            @Finite enum Input {
                case c0(Substring)
                case c1(Character)
                case c2(StaticString)
                case c3(Unicode.Scalar)
                case c4(Int8)
                case c5(Int16)
                case c6(Int32)
                case c7(Int64)
                case c8(Int128)
                case c9(UInt)
                case c10(UInt16)
                case c11(UInt32)
                case c12(UInt64)
                case c13(UInt128)
                case c14(Float)
                case c15(Float16)
                case c16(Float32)
                case c17(Float64)
                case c18(Float80)
                case c19(CGFloat)
                case c20(Decimal)
                case c21(Data)
                case c22(URL)
                case c23(Duration)
                case c24(Foundation.Date)
                case c25(Array<Reason>)
                case c26(ContiguousArray<Reason>)
                case c27(Dictionary<Reason, Reason>)
                case c28(Set<Reason>)
                case c29(Optional<Reason>)
                case c30(Any)
                case c31(AnyObject)
                case c32(AnyHashable)
                case c33(Error)
                case c34(some Sequence)
                case c35(Reason & Other)
                case c36(() -> Void)
                case c37((label: Reason))
            }
            """
        } diagnostics: {
            """
            @Finite enum Input {
                case c0(Substring)
                        ┬────────
                        ╰─ 🛑 'c0(Substring)': a Substring payload has no finite list of values, so 'c0' cannot be listed; use a @Finite enum as the payload (for an event, use @MachineEvent, which keys such a case by its name)
                case c1(Character)
                        ┬────────
                        ╰─ 🛑 'c1(Character)': a Character payload has no finite list of values, so 'c1' cannot be listed; use a @Finite enum as the payload (for an event, use @MachineEvent, which keys such a case by its name)
                case c2(StaticString)
                        ┬───────────
                        ╰─ 🛑 'c2(StaticString)': a StaticString payload has no finite list of values, so 'c2' cannot be listed; use a @Finite enum as the payload (for an event, use @MachineEvent, which keys such a case by its name)
                case c3(Unicode.Scalar)
                        ┬─────────────
                        ╰─ 🛑 'c3(Unicode.Scalar)': a Unicode.Scalar payload has no finite list of values, so 'c3' cannot be listed; use a @Finite enum as the payload (for an event, use @MachineEvent, which keys such a case by its name)
                case c4(Int8)
                        ┬───
                        ╰─ 🛑 'c4(Int8)': an Int8 payload has no finite list of values, so 'c4' cannot be listed; use a @Finite enum as the payload (for an event, use @MachineEvent, which keys such a case by its name)
                case c5(Int16)
                        ┬────
                        ╰─ 🛑 'c5(Int16)': an Int16 payload has no finite list of values, so 'c5' cannot be listed; use a @Finite enum as the payload (for an event, use @MachineEvent, which keys such a case by its name)
                case c6(Int32)
                        ┬────
                        ╰─ 🛑 'c6(Int32)': an Int32 payload has no finite list of values, so 'c6' cannot be listed; use a @Finite enum as the payload (for an event, use @MachineEvent, which keys such a case by its name)
                case c7(Int64)
                        ┬────
                        ╰─ 🛑 'c7(Int64)': an Int64 payload has no finite list of values, so 'c7' cannot be listed; use a @Finite enum as the payload (for an event, use @MachineEvent, which keys such a case by its name)
                case c8(Int128)
                        ┬─────
                        ╰─ 🛑 'c8(Int128)': an Int128 payload has no finite list of values, so 'c8' cannot be listed; use a @Finite enum as the payload (for an event, use @MachineEvent, which keys such a case by its name)
                case c9(UInt)
                        ┬───
                        ╰─ 🛑 'c9(UInt)': a UInt payload has no finite list of values, so 'c9' cannot be listed; use a @Finite enum as the payload (for an event, use @MachineEvent, which keys such a case by its name)
                case c10(UInt16)
                         ┬─────
                         ╰─ 🛑 'c10(UInt16)': a UInt16 payload has no finite list of values, so 'c10' cannot be listed; use a @Finite enum as the payload (for an event, use @MachineEvent, which keys such a case by its name)
                case c11(UInt32)
                         ┬─────
                         ╰─ 🛑 'c11(UInt32)': a UInt32 payload has no finite list of values, so 'c11' cannot be listed; use a @Finite enum as the payload (for an event, use @MachineEvent, which keys such a case by its name)
                case c12(UInt64)
                         ┬─────
                         ╰─ 🛑 'c12(UInt64)': a UInt64 payload has no finite list of values, so 'c12' cannot be listed; use a @Finite enum as the payload (for an event, use @MachineEvent, which keys such a case by its name)
                case c13(UInt128)
                         ┬──────
                         ╰─ 🛑 'c13(UInt128)': a UInt128 payload has no finite list of values, so 'c13' cannot be listed; use a @Finite enum as the payload (for an event, use @MachineEvent, which keys such a case by its name)
                case c14(Float)
                         ┬────
                         ╰─ 🛑 'c14(Float)': a Float payload has no finite list of values, so 'c14' cannot be listed; use a @Finite enum as the payload (for an event, use @MachineEvent, which keys such a case by its name)
                case c15(Float16)
                         ┬──────
                         ╰─ 🛑 'c15(Float16)': a Float16 payload has no finite list of values, so 'c15' cannot be listed; use a @Finite enum as the payload (for an event, use @MachineEvent, which keys such a case by its name)
                case c16(Float32)
                         ┬──────
                         ╰─ 🛑 'c16(Float32)': a Float32 payload has no finite list of values, so 'c16' cannot be listed; use a @Finite enum as the payload (for an event, use @MachineEvent, which keys such a case by its name)
                case c17(Float64)
                         ┬──────
                         ╰─ 🛑 'c17(Float64)': a Float64 payload has no finite list of values, so 'c17' cannot be listed; use a @Finite enum as the payload (for an event, use @MachineEvent, which keys such a case by its name)
                case c18(Float80)
                         ┬──────
                         ╰─ 🛑 'c18(Float80)': a Float80 payload has no finite list of values, so 'c18' cannot be listed; use a @Finite enum as the payload (for an event, use @MachineEvent, which keys such a case by its name)
                case c19(CGFloat)
                         ┬──────
                         ╰─ 🛑 'c19(CGFloat)': a CGFloat payload has no finite list of values, so 'c19' cannot be listed; use a @Finite enum as the payload (for an event, use @MachineEvent, which keys such a case by its name)
                case c20(Decimal)
                         ┬──────
                         ╰─ 🛑 'c20(Decimal)': a Decimal payload has no finite list of values, so 'c20' cannot be listed; use a @Finite enum as the payload (for an event, use @MachineEvent, which keys such a case by its name)
                case c21(Data)
                         ┬───
                         ╰─ 🛑 'c21(Data)': a Data payload has no finite list of values, so 'c21' cannot be listed; use a @Finite enum as the payload (for an event, use @MachineEvent, which keys such a case by its name)
                case c22(URL)
                         ┬──
                         ╰─ 🛑 'c22(URL)': a URL payload has no finite list of values, so 'c22' cannot be listed; use a @Finite enum as the payload (for an event, use @MachineEvent, which keys such a case by its name)
                case c23(Duration)
                         ┬───────
                         ╰─ 🛑 'c23(Duration)': a Duration payload has no finite list of values, so 'c23' cannot be listed; use a @Finite enum as the payload (for an event, use @MachineEvent, which keys such a case by its name)
                case c24(Foundation.Date)
                         ┬──────────────
                         ╰─ 🛑 'c24(Foundation.Date)': a Foundation.Date payload has no finite list of values, so 'c24' cannot be listed; use a @Finite enum as the payload (for an event, use @MachineEvent, which keys such a case by its name)
                case c25(Array<Reason>)
                         ┬────────────
                         ╰─ 🛑 'c25(Array<Reason>)': an Array<Reason> payload has no finite list of values, so 'c25' cannot be listed; use a @Finite enum as the payload (for an event, use @MachineEvent, which keys such a case by its name)
                case c26(ContiguousArray<Reason>)
                         ┬──────────────────────
                         ╰─ 🛑 'c26(ContiguousArray<Reason>)': a ContiguousArray<Reason> payload has no finite list of values, so 'c26' cannot be listed; use a @Finite enum as the payload (for an event, use @MachineEvent, which keys such a case by its name)
                case c27(Dictionary<Reason, Reason>)
                         ┬─────────────────────────
                         ╰─ 🛑 'c27(Dictionary<Reason, Reason>)': a Dictionary<Reason, Reason> payload has no finite list of values, so 'c27' cannot be listed; use a @Finite enum as the payload (for an event, use @MachineEvent, which keys such a case by its name)
                case c28(Set<Reason>)
                         ┬──────────
                         ╰─ 🛑 'c28(Set<Reason>)': a Set<Reason> payload has no finite list of values, so 'c28' cannot be listed; use a @Finite enum as the payload (for an event, use @MachineEvent, which keys such a case by its name)
                case c29(Optional<Reason>)
                         ┬───────────────
                         ╰─ 🛑 'c29(Optional<Reason>)': an Optional<Reason> payload has no finite list of values, so 'c29' cannot be listed; use a @Finite enum as the payload (for an event, use @MachineEvent, which keys such a case by its name)
                case c30(Any)
                         ┬──
                         ╰─ 🛑 'c30(Any)': an Any payload has no finite list of values, so 'c30' cannot be listed; use a @Finite enum as the payload (for an event, use @MachineEvent, which keys such a case by its name)
                case c31(AnyObject)
                         ┬────────
                         ╰─ 🛑 'c31(AnyObject)': an AnyObject payload has no finite list of values, so 'c31' cannot be listed; use a @Finite enum as the payload (for an event, use @MachineEvent, which keys such a case by its name)
                case c32(AnyHashable)
                         ┬──────────
                         ╰─ 🛑 'c32(AnyHashable)': an AnyHashable payload has no finite list of values, so 'c32' cannot be listed; use a @Finite enum as the payload (for an event, use @MachineEvent, which keys such a case by its name)
                case c33(Error)
                         ┬────
                         ╰─ 🛑 'c33(Error)': an Error payload has no finite list of values, so 'c33' cannot be listed; use a @Finite enum as the payload (for an event, use @MachineEvent, which keys such a case by its name)
                case c34(some Sequence)
                         ┬────────────
                         ╰─ 🛑 'c34(some Sequence)': a some Sequence payload has no finite list of values, so 'c34' cannot be listed; use a @Finite enum as the payload (for an event, use @MachineEvent, which keys such a case by its name)
                case c35(Reason & Other)
                         ┬─────────────
                         ╰─ 🛑 'c35(Reason & Other)': a Reason & Other payload has no finite list of values, so 'c35' cannot be listed; use a @Finite enum as the payload (for an event, use @MachineEvent, which keys such a case by its name)
                case c36(() -> Void)
                         ┬─────────
                         ╰─ 🛑 'c36(() -> Void)': a () -> Void payload has no finite list of values, so 'c36' cannot be listed; use a @Finite enum as the payload (for an event, use @MachineEvent, which keys such a case by its name)
                case c37((label: Reason))
                         ┬──────────────
                         ╰─ 🛑 'c37((label: Reason))': a (label: Reason) payload has no finite list of values, so 'c37' cannot be listed; use a @Finite enum as the payload (for an event, use @MachineEvent, which keys such a case by its name)
            }
            """
        }
    }

    @Test func indirectCases() {
        assertMacro {
            """
            @Finite enum Tree {
                case leaf
                indirect case node(Tree)
            }
            @Finite indirect enum List {
                case empty, cons(List)
            }
            """
        } diagnostics: {
            """
            @Finite enum Tree {
                case leaf
                indirect case node(Tree)
                ┬───────
                ╰─ 🛑 indirect cases cannot be listed; remove 'indirect' from 'node'
                   ✏️ remove 'indirect'
            }
            @Finite indirect enum List {
                    ┬───────
                    ╰─ 🛑 indirect cases cannot be listed; remove 'indirect' from 'List'
                       ✏️ remove 'indirect'
                case empty, cons(List)
            }
            """
        } fixes: {
            """
            @Finite enum Tree {
                case leaf
                case node(Tree)
            }
            @Finite enum List {
                case empty, cons(List)
            }
            """
        } expansion: {
            #"""
            enum Tree {
                case leaf
                case node(Tree)
            }
            enum List {
                case empty, cons(List)
            }

            extension Tree: Swift.Hashable, Swift.Sendable, Swift.CaseIterable, Swift.CustomStringConvertible, FSM.DenseIndexed {
                /// Every value, in declaration order, each case with a payload expanded in place (one
                /// value per value of its payload).
                static let allCases: [Tree] = [.leaf] + Tree.allCases.map { .node($0) }

                /// The case's name, followed by its payload's description in parentheses if it has a
                /// payload: `failure(network)`.
                var description: Swift.String {
                    switch self {
                    case .leaf: "leaf"
                    case let .node(value): "node(\(Swift.String(describing: value)))"
                    }
                }

                /// The value's position in `allCases`, found by a `switch` (no search, no allocation).
                var denseIndex: Swift.Int {
                    switch self {
                    case .leaf: 0
                    case let .node(value): 1 + value.denseIndex
                    }
                }
            }

            extension List: Swift.Hashable, Swift.Sendable, Swift.CaseIterable, Swift.CustomStringConvertible, FSM.DenseIndexed {
                /// Every value, in declaration order, each case with a payload expanded in place (one
                /// value per value of its payload).
                static let allCases: [List] = [.empty] + List.allCases.map { .cons($0) }

                /// The case's name, followed by its payload's description in parentheses if it has a
                /// payload: `failure(network)`.
                var description: Swift.String {
                    switch self {
                    case .empty: "empty"
                    case let .cons(value): "cons(\(Swift.String(describing: value)))"
                    }
                }

                /// The value's position in `allCases`, found by a `switch` (no search, no allocation).
                var denseIndex: Swift.Int {
                    switch self {
                    case .empty: 0
                    case let .cons(value): 1 + value.denseIndex
                    }
                }
            }
            """#
        }
    }

    @Test func indirectEnumWithoutPayloadIsHarmless() {
        assertMacro {
            """
            @Finite indirect enum Flag {
                case on, off
            }
            """
        } expansion: {
            """
            indirect enum Flag {
                case on, off
            }

            extension Flag: Swift.Hashable, Swift.Sendable, Swift.CaseIterable, Swift.CustomStringConvertible, FSM.DenseIndexed {
                /// Every value, in declaration order, each case with a payload expanded in place (one
                /// value per value of its payload).
                static let allCases: [Flag] = [.on, .off]

                /// The case's name, followed by its payload's description in parentheses if it has a
                /// payload: `failure(network)`.
                var description: Swift.String {
                    switch self {
                    case .on: "on"
                    case .off: "off"
                    }
                }

                /// The value's position in `allCases`, found by a `switch` (no search, no allocation).
                var denseIndex: Swift.Int {
                    switch self {
                    case .on: 0
                    case .off: 1
                    }
                }
            }
            """
        }
    }

    @Test func everyErrorAtOnce() {
        assertMacro {
            """
            @Finite enum Bad<T> {
                case a(String)
                case b(Reason, Reason)
                indirect case c(Reason)
            }
            """
        } diagnostics: {
            """
            @Finite enum Bad<T> {
                            ┬──
                            ╰─ 🛑 @Finite does not support generic enums
                case a(String)
                       ┬─────
                       ╰─ 🛑 'a(String)': a String payload has no finite list of values, so 'a' cannot be listed; use a @Finite enum as the payload (for an event, use @MachineEvent, which keys such a case by its name)
                case b(Reason, Reason)
                      ┬───────────────
                      ╰─ 🛑 'b' has 2 payload values; @Finite expands one: wrap them in a @Finite enum
                indirect case c(Reason)
                ┬───────
                ╰─ 🛑 indirect cases cannot be listed; remove 'indirect' from 'c'
                   ✏️ remove 'indirect'
            }
            """
        }
    }

    @Test func privateEnumNestedInAType() {
        assertMacro {
            """
            struct Outer {
                @Finite private enum Inner {
                    case a, b
                }
            }
            extension Outer {
                @Finite private enum InExtension {
                    case a
                }
            }
            """
        } diagnostics: {
            """
            struct Outer {
                @Finite private enum Inner {
                        ┬──────
                        ╰─ 🛑 make 'Inner' fileprivate (or wider): the members @Finite writes live in an extension outside 'Outer'
                           ✏️ replace 'private' with 'fileprivate'
                    case a, b
                }
            }
            extension Outer {
                @Finite private enum InExtension {
                        ┬──────
                        ╰─ 🛑 make 'InExtension' fileprivate (or wider): the members @Finite writes live in an extension outside 'Outer'
                           ✏️ replace 'private' with 'fileprivate'
                    case a
                }
            }
            """
        } fixes: {
            """
            struct Outer {
                @Finite fileprivate enum Inner {
                    case a, b
                }
            }
            extension Outer {
                @Finite fileprivate enum InExtension {
                    case a
                }
            }
            """
        } expansion: {
            """
            struct Outer {
                fileprivate enum Inner {
                    case a, b
                }
            }
            extension Outer {
                fileprivate enum InExtension {
                    case a
                }
            }

            extension Outer.Inner: Swift.Hashable, Swift.Sendable, Swift.CaseIterable, Swift.CustomStringConvertible, FSM.DenseIndexed {
                /// Every value, in declaration order, each case with a payload expanded in place (one
                /// value per value of its payload).
                static let allCases: [Outer.Inner] = [.a, .b]

                /// The case's name, followed by its payload's description in parentheses if it has a
                /// payload: `failure(network)`.
                var description: Swift.String {
                    switch self {
                    case .a: "a"
                    case .b: "b"
                    }
                }

                /// The value's position in `allCases`, found by a `switch` (no search, no allocation).
                var denseIndex: Swift.Int {
                    switch self {
                    case .a: 0
                    case .b: 1
                    }
                }
            }

            extension Outer.InExtension: Swift.Hashable, Swift.Sendable, Swift.CaseIterable, Swift.CustomStringConvertible, FSM.DenseIndexed {
                /// Every value, in declaration order, each case with a payload expanded in place (one
                /// value per value of its payload).
                static let allCases: [Outer.InExtension] = [.a]

                /// The case's name, followed by its payload's description in parentheses if it has a
                /// payload: `failure(network)`.
                var description: Swift.String {
                    switch self {
                    case .a: "a"
                    }
                }

                /// The value's position in `allCases`, found by a `switch` (no search, no allocation).
                var denseIndex: Swift.Int {
                    switch self {
                    case .a: 0
                    }
                }
            }
            """
        }
    }

    @Test func enumNestedInAPrivateNestedType() {
        assertMacro {
            """
            struct Outer {
                private struct Middle {
                    @Finite enum Inner {
                        case a, b
                    }
                }
            }
            """
        } diagnostics: {
            """
            struct Outer {
                private struct Middle {
                    @Finite enum Inner {
                    ┬──────
                    ╰─ 🛑 make 'Middle' fileprivate (or wider): the members @Finite writes live in an extension outside 'Outer'
                        case a, b
                    }
                }
            }
            """
        }
    }

    @Test func enumsNestedInPrivateAndFileprivateScopes() {
        assertMacro {
            """
            private struct Outer {
                @Finite public enum Inner {
                    case a, b(Reason)
                }
            }
            fileprivate struct Holder {
                @Finite enum Inner {
                    case a
                }
            }
            private extension Holder {
                @Finite enum Hidden {
                    case a
                }
            }
            """
        } expansion: {
            #"""
            private struct Outer {
                public enum Inner {
                    case a, b(Reason)
                }
            }
            fileprivate struct Holder {
                enum Inner {
                    case a
                }
            }
            private extension Holder {
                enum Hidden {
                    case a
                }
            }

            extension Outer.Inner: Swift.Hashable, Swift.Sendable, Swift.CaseIterable, Swift.CustomStringConvertible, FSM.DenseIndexed {
                /// Every value, in declaration order, each case with a payload expanded in place (one
                /// value per value of its payload).
                fileprivate static let allCases: [Outer.Inner] = [.a] + Reason.allCases.map { .b($0) }

                /// The case's name, followed by its payload's description in parentheses if it has a
                /// payload: `failure(network)`.
                fileprivate var description: Swift.String {
                    switch self {
                    case .a: "a"
                    case let .b(value): "b(\(Swift.String(describing: value)))"
                    }
                }

                /// The value's position in `allCases`, found by a `switch` (no search, no allocation).
                fileprivate var denseIndex: Swift.Int {
                    switch self {
                    case .a: 0
                    case let .b(value): 1 + value.denseIndex
                    }
                }
            }

            extension Holder.Inner: Swift.Hashable, Swift.Sendable, Swift.CaseIterable, Swift.CustomStringConvertible, FSM.DenseIndexed {
                /// Every value, in declaration order, each case with a payload expanded in place (one
                /// value per value of its payload).
                fileprivate static let allCases: [Holder.Inner] = [.a]

                /// The case's name, followed by its payload's description in parentheses if it has a
                /// payload: `failure(network)`.
                fileprivate var description: Swift.String {
                    switch self {
                    case .a: "a"
                    }
                }

                /// The value's position in `allCases`, found by a `switch` (no search, no allocation).
                fileprivate var denseIndex: Swift.Int {
                    switch self {
                    case .a: 0
                    }
                }
            }

            extension Holder.Hidden: Swift.Hashable, Swift.Sendable, Swift.CaseIterable, Swift.CustomStringConvertible, FSM.DenseIndexed {
                /// Every value, in declaration order, each case with a payload expanded in place (one
                /// value per value of its payload).
                static let allCases: [Holder.Hidden] = [.a]

                /// The case's name, followed by its payload's description in parentheses if it has a
                /// payload: `failure(network)`.
                var description: Swift.String {
                    switch self {
                    case .a: "a"
                    }
                }

                /// The value's position in `allCases`, found by a `switch` (no search, no allocation).
                var denseIndex: Swift.Int {
                    switch self {
                    case .a: 0
                    }
                }
            }
            """#
        }
    }

    @Test func enumNestedInAGenericType() {
        assertMacro {
            """
            struct Box<T> {
                @Finite enum Inner {
                    case a, b
                }
            }
            final class Tree<Leaf> {
                struct Node {
                    @Finite enum Side {
                        case left, right
                    }
                }
            }
            extension Box where T: Equatable {
                @Finite enum Constrained {
                    case a
                }
            }
            extension Box<Int> {
                @Finite enum Specialized {
                    case a
                }
            }
            extension Array {
                @Finite enum Standard {
                    case a
                }
            }
            """
        } diagnostics: {
            """
            struct Box<T> {
                @Finite enum Inner {
                ┬──────
                ╰─ 🛑 @Finite does not support generic enums: the enclosing type 'Box' is generic, so this enum is too
                    case a, b
                }
            }
            final class Tree<Leaf> {
                struct Node {
                    @Finite enum Side {
                    ┬──────
                    ╰─ 🛑 @Finite does not support generic enums: the enclosing type 'Tree' is generic, so this enum is too
                        case left, right
                    }
                }
            }
            extension Box where T: Equatable {
                @Finite enum Constrained {
                ┬──────
                ╰─ 🛑 @Finite does not support generic enums: the enclosing type 'Box' is generic, so this enum is too
                    case a
                }
            }
            extension Box<Int> {
                @Finite enum Specialized {
                ┬──────
                ╰─ 🛑 @Finite does not support generic enums: the enclosing type 'Box<Int>' is generic, so this enum is too
                    case a
                }
            }
            extension Array {
                @Finite enum Standard {
                ┬──────
                ╰─ 🛑 @Finite does not support generic enums: the enclosing type 'Array' is generic, so this enum is too
                    case a
                }
            }
            """
        }
    }

    @Test func enumInANonGenericExtension() {
        assertMacro {
            """
            extension Outer {
                @Finite enum Inner {
                    case a, b
                }
            }
            """
        } expansion: {
            """
            extension Outer {
                enum Inner {
                    case a, b
                }
            }

            extension Outer.Inner: Swift.Hashable, Swift.Sendable, Swift.CaseIterable, Swift.CustomStringConvertible, FSM.DenseIndexed {
                /// Every value, in declaration order, each case with a payload expanded in place (one
                /// value per value of its payload).
                static let allCases: [Outer.Inner] = [.a, .b]

                /// The case's name, followed by its payload's description in parentheses if it has a
                /// payload: `failure(network)`.
                var description: Swift.String {
                    switch self {
                    case .a: "a"
                    case .b: "b"
                    }
                }

                /// The value's position in `allCases`, found by a `switch` (no search, no allocation).
                var denseIndex: Swift.Int {
                    switch self {
                    case .a: 0
                    case .b: 1
                    }
                }
            }
            """
        }
    }

    @Test func publicEnumInAnInternalType() {
        assertMacro {
            """
            struct Outer {
                @Finite public enum Inner {
                    case a, b(Reason), c
                }
            }
            """
        } expansion: {
            #"""
            struct Outer {
                public enum Inner {
                    case a, b(Reason), c
                }
            }

            extension Outer.Inner: Swift.Hashable, Swift.Sendable, Swift.CaseIterable, Swift.CustomStringConvertible, FSM.DenseIndexed {
                /// Every value, in declaration order, each case with a payload expanded in place (one
                /// value per value of its payload).
                static let allCases: [Outer.Inner] = [.a] + Reason.allCases.map { .b($0) } + [.c]

                /// The number of values of `b`'s payload, counted once for `denseIndex`.
                static let __finiteCount_b: Swift.Int = Reason.allCases.count

                /// The case's name, followed by its payload's description in parentheses if it has a
                /// payload: `failure(network)`.
                var description: Swift.String {
                    switch self {
                    case .a: "a"
                    case let .b(value): "b(\(Swift.String(describing: value)))"
                    case .c: "c"
                    }
                }

                /// The value's position in `allCases`, found by a `switch` (no search, no allocation).
                var denseIndex: Swift.Int {
                    switch self {
                    case .a: 0
                    case let .b(value): 1 + value.denseIndex
                    case .c: 1 + Self.__finiteCount_b
                    }
                }
            }
            """#
        }
    }

    @Test func publicEnumInAPublicType() {
        assertMacro {
            """
            public struct Outer {
                @Finite public enum Inner {
                    case a, b(Reason), c
                }
            }
            """
        } expansion: {
            #"""
            public struct Outer {
                public enum Inner {
                    case a, b(Reason), c
                }
            }

            extension Outer.Inner: Swift.Hashable, Swift.Sendable, Swift.CaseIterable, Swift.CustomStringConvertible, FSM.DenseIndexed {
                /// Every value, in declaration order, each case with a payload expanded in place (one
                /// value per value of its payload).
                public static let allCases: [Outer.Inner] = [.a] + Reason.allCases.map { .b($0) } + [.c]

                /// The number of values of `b`'s payload, counted once for `denseIndex`.
                @usableFromInline static let __finiteCount_b: Swift.Int = Reason.allCases.count

                /// The case's name, followed by its payload's description in parentheses if it has a
                /// payload: `failure(network)`.
                public var description: Swift.String {
                    switch self {
                    case .a: "a"
                    case let .b(value): "b(\(Swift.String(describing: value)))"
                    case .c: "c"
                    }
                }

                /// The value's position in `allCases`, found by a `switch` (no search, no allocation).
                @inlinable public var denseIndex: Swift.Int {
                    switch self {
                    case .a: 0
                    case let .b(value): 1 + value.denseIndex
                    case .c: 1 + Self.__finiteCount_b
                    }
                }
            }
            """#
        }
    }

    @Test func enumInAPublicExtension() {
        assertMacro {
            """
            public extension Outer {
                @Finite enum Inner {
                    case a, b
                }
            }
            """
        } expansion: {
            """
            public extension Outer {
                enum Inner {
                    case a, b
                }
            }

            extension Outer.Inner: Swift.Hashable, Swift.Sendable, Swift.CaseIterable, Swift.CustomStringConvertible, FSM.DenseIndexed {
                /// Every value, in declaration order, each case with a payload expanded in place (one
                /// value per value of its payload).
                public static let allCases: [Outer.Inner] = [.a, .b]

                /// The case's name, followed by its payload's description in parentheses if it has a
                /// payload: `failure(network)`.
                public var description: Swift.String {
                    switch self {
                    case .a: "a"
                    case .b: "b"
                    }
                }

                /// The value's position in `allCases`, found by a `switch` (no search, no allocation).
                @inlinable public var denseIndex: Swift.Int {
                    switch self {
                    case .a: 0
                    case .b: 1
                    }
                }
            }
            """
        }
    }

    @Test func packageAndPublicNestings() {
        assertMacro {
            """
            public enum Outer {
                @Finite package enum PackageInPublic {
                    case a
                }
            }
            package struct Holder {
                @Finite public enum PublicInPackage {
                    case a
                }
            }
            """
        } expansion: {
            """
            public enum Outer {
                package enum PackageInPublic {
                    case a
                }
            }
            package struct Holder {
                public enum PublicInPackage {
                    case a
                }
            }

            extension Outer.PackageInPublic: Swift.Hashable, Swift.Sendable, Swift.CaseIterable, Swift.CustomStringConvertible, FSM.DenseIndexed {
                /// Every value, in declaration order, each case with a payload expanded in place (one
                /// value per value of its payload).
                package static let allCases: [Outer.PackageInPublic] = [.a]

                /// The case's name, followed by its payload's description in parentheses if it has a
                /// payload: `failure(network)`.
                package var description: Swift.String {
                    switch self {
                    case .a: "a"
                    }
                }

                /// The value's position in `allCases`, found by a `switch` (no search, no allocation).
                package var denseIndex: Swift.Int {
                    switch self {
                    case .a: 0
                    }
                }
            }

            extension Holder.PublicInPackage: Swift.Hashable, Swift.Sendable, Swift.CaseIterable, Swift.CustomStringConvertible, FSM.DenseIndexed {
                /// Every value, in declaration order, each case with a payload expanded in place (one
                /// value per value of its payload).
                package static let allCases: [Holder.PublicInPackage] = [.a]

                /// The case's name, followed by its payload's description in parentheses if it has a
                /// payload: `failure(network)`.
                package var description: Swift.String {
                    switch self {
                    case .a: "a"
                    }
                }

                /// The value's position in `allCases`, found by a `switch` (no search, no allocation).
                package var denseIndex: Swift.Int {
                    switch self {
                    case .a: 0
                    }
                }
            }
            """
        }
    }

    @Test func duplicateCaseNames() {
        assertMacro {
            """
            @Finite enum Move {
                case move(x: Reason), move(y: Reason)
                case halt, halt(Reason)
                case `move`
            }
            """
        } diagnostics: {
            """
            @Finite enum Move {
                case move(x: Reason), move(y: Reason)
                                      ┬───
                                      ╰─ 🛑 'move' is declared twice; @Finite needs distinct case names
                case halt, halt(Reason)
                           ┬───
                           ╰─ 🛑 'halt' is declared twice; @Finite needs distinct case names
                case `move`
                     ┬─────
                     ╰─ 🛑 'move' is declared twice; @Finite needs distinct case names
            }
            """
        }
    }
}
