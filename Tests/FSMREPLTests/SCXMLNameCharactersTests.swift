import FSM
import FSMREPL
import Testing

@Suite("SCXML names keep every character through the export and back")
struct SCXMLNameCharactersTests {
    @Test("an event named with a zero-width no-break space (U+FEFF) and a control character reads back as named")
    func byteOrderMarkInsideAName() throws {
        // The input the fuzzing step's export target found: the name lost its U+FEFF when the
        // importer read fsm:events with JSONSerialization.
        let event = "\u{08}\u{FEFF}\u{FFFD} "
        let machine = MachineDefinition<String, String, String, Void>(name: "bom", initial: "a", events: [event, event + "'"]) {
            In("a") { On(event, to: "b"); Ignore(event + "'") }
            In("b") { Ignore(event, event + "'") }
        }
        let read = try SCXMLImport.machine(text: machine.scxml, file: "bom.scxml")
        #expect(read.eventNames == [event, event + "'"])
        #expect(read._outline.scxml().text == machine.scxml)
    }
}
