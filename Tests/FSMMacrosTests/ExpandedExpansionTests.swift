import MacroTesting
import Testing

/// Every expansion and every diagnostic of the `@Expanded` marker on its own.
@Suite(.macros(MacroSpecs.all))
struct ExpandedExpansionTests {
    @Test func markerInAnEnumWithNeitherMacroWarns() {
        assertMacro {
            """
            enum Plain {
                @Expanded case fail(HomeFailure)
            }
            """
        } diagnostics: {
            """
            enum Plain {
                @Expanded case fail(HomeFailure)
                ┬────────
                ╰─ ⚠️ @Expanded does nothing in 'Plain', which is not marked @MachineEvent; only @MachineEvent reads it
                   ✏️ remove '@Expanded'
            }
            """
        } fixes: {
            """
            enum Plain {
                case fail(HomeFailure)
            }
            """
        } expansion: {
            """
            enum Plain {
                case fail(HomeFailure)
            }
            """
        }
    }

    @Test func markerInAFiniteEnumWarns() {
        assertMacro {
            """
            @Finite enum Status {
                case idle
                @Expanded case failed(HomeFailure)
            }
            """
        } diagnostics: {
            """
            @Finite enum Status {
                case idle
                @Expanded case failed(HomeFailure)
                ┬────────
                ╰─ ⚠️ @Expanded does nothing in a @Finite enum, which expands every payload already; only @MachineEvent reads it
                   ✏️ remove '@Expanded'
            }
            """
        } fixes: {
            """
            @Finite enum Status {
                case idle
                case failed(HomeFailure)
            }
            """
        } expansion: {
            #"""
            enum Status {
                case idle
                case failed(HomeFailure)
            }

            extension Status: Swift.Hashable, Swift.Sendable, Swift.CaseIterable, Swift.CustomStringConvertible, FSM.DenseIndexed {
                /// Every value, in declaration order, each case with a payload expanded in place (one
                /// value per value of its payload).
                static let allCases: [Status] = [.idle] + HomeFailure.allCases.map { .failed($0) }

                /// The case's name, followed by its payload's description in parentheses if it has a
                /// payload: `failure(network)`.
                var description: Swift.String {
                    switch self {
                    case .idle: "idle"
                    case let .failed(value): "failed(\(Swift.String(describing: value)))"
                    }
                }

                /// The value's position in `allCases`, found by a `switch` (no search, no allocation).
                var denseIndex: Swift.Int {
                    switch self {
                    case .idle: 0
                    case let .failed(value): 1 + value.denseIndex
                    }
                }
            }
            """#
        }
    }

    /// Inside a `@MachineEvent` enum, even one naming the macro by its module, the marker is read:
    /// no warning. (The test harness knows the macro by its bare name only, so it leaves the
    /// qualified attribute unexpanded.)
    @Test func markerInAMachineEventIsRead() {
        assertMacro {
            """
            @FSMMacros.MachineEvent enum Tap {
                @Expanded case fail(HomeFailure)
            }
            """
        } expansion: {
            """
            @FSMMacros.MachineEvent enum Tap {
                case fail(HomeFailure)
            }
            """
        }
    }

    @Test func notAnEnumCase() {
        assertMacro {
            """
            struct S {
                @Expanded var x: Int
                @Expanded func f() {}
            }
            """
        } diagnostics: {
            """
            struct S {
                @Expanded var x: Int
                ┬────────
                ╰─ 🛑 @Expanded marks an enum case with one finite payload
                   ✏️ remove '@Expanded'
                @Expanded func f() {}
                ┬────────
                ╰─ 🛑 @Expanded marks an enum case with one finite payload
                   ✏️ remove '@Expanded'
            }
            """
        } fixes: {
            """
            struct S {
                var x: Int
                func f() {}
            }
            """
        } expansion: {
            """
            struct S {
                var x: Int
                func f() {}
            }
            """
        }
    }

    @Test func caseWithoutOnePayloadValue() {
        assertMacro {
            """
            enum Plain {
                @Expanded case a
                @Expanded case b(Int, Int), c(Reason)
            }
            """
        } diagnostics: {
            """
            enum Plain {
                @Expanded case a
                ┬────────
                ╰─ 🛑 @Expanded marks an enum case with one finite payload; 'a' has none
                   ✏️ remove '@Expanded'
                @Expanded case b(Int, Int), c(Reason)
                ┬────────
                ╰─ 🛑 @Expanded marks an enum case with one finite payload; 'b' has 2 payload values
                   ✏️ remove '@Expanded'
            }
            """
        } fixes: {
            """
            enum Plain {
                case a
                case b(Int, Int), c(Reason)
            }
            """
        } expansion: {
            """
            enum Plain {
                case a
                case b(Int, Int), c(Reason)
            }
            """
        }
    }
}
