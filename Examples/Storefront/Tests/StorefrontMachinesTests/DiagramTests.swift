import FSMTesting
import StorefrontMachines
import Testing

// example:snapshot-test:start
@Suite("diagrams")
struct DiagramTests {
    /// The committed `Diagrams/` must match the machines: change a transition without
    /// regenerating (`swift package --allow-writing-to-package-directory generate-diagrams`,
    /// or `FSM_RECORD_DIAGRAMS=1 swift test`) and this fails, naming the stale file.
    @Test("the committed diagrams match the code")
    func committedDiagrams() {
        #expect(expectDiagramsMatch([Door.definition, Checkout.definition]) == [])
    }
}
// example:snapshot-test:end
