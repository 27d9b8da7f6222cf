import MacroTesting
import Testing

/// Every expansion and every diagnostic of the `@Expanded` marker on its own.
@Suite(.macros(MacroSpecs.all))
struct ExpandedExpansionTests {
    @Test func markerWritesNothing() {
        assertMacro {
            """
            enum Plain {
                @Expanded case fail(HomeFailure)
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
