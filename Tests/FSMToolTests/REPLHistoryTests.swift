import FSM
import FSMREPL
import Testing
import TestSupport

@Suite("The REPL says when a line resumes a history")
struct REPLHistoryTests {
    @Test(":events names the history a line resumes beside the state the memory gives; other lines say nothing of it")
    func resumes() throws {
        let session = try REPLSession(usbDevice)
        for line in ["powerOn", "address", "suspend"] {
            let output = session.handle(line)
            #expect(!output.isError, "\(line): \(output.text)")
        }
        #expect(session.stateName == "Suspended")
        let suspended = session.handle(":events").text
        #expect(suspended.contains("  busActivity -> Address (resumes history(Awake))"), "\(suspended)")
        #expect(!session.handle("busActivity").isError)
        #expect(session.stateName == "Address")
        let address = session.handle(":events").text.split(separator: "\n")
        #expect(address.contains("  configure -> Configured"), "\(address)")
        // The parent's line resuming its own history says so, and that it is the parent's.
        #expect(address.contains("  refresh -> Address (resumes history(Awake)) (inherited from Awake)"), "\(address)")
    }
}
