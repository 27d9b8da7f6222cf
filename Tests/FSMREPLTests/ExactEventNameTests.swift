import FSM
import FSMREPL
import Testing

@Suite("An event is found by its exact name before a space is read as a payload")
struct ExactEventNameTests {
    let definition = MachineDefinition<String, String, String, Void>(name: "shop", initial: "open", events: ["fish & chips", "fail(network)", "close"]) {
        In("open") {
            On("fish & chips", to: "open", emit: "fry")
            On("fail(network)", to: "closed")
            On("close", to: "closed")
        }
        Final("closed") { IgnoreOtherEvents() }
    }

    @Test("a name with spaces is sent as it is (the explorer sends names so); 'fail network' still means fail(network)")
    func exactNameFirst() throws {
        let session = try REPLSession(definition)
        #expect(session.handle("fish & chips").text == "open --fish & chips--> open / fry")
        #expect(session.script == ["fish & chips"])
        #expect(session.handle("fail network").text == "open --fail(network)--> closed")
    }
}
