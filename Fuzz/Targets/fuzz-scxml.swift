// libFuzzer target: arbitrary bytes read as an SCXML document by the importer (what every
// command of the tool does with FILE.scxml).
// Invariants: no crash and no hang; a refusal names a line of the document (0: the whole
// file) and says why; a document read validates, and the document it writes back reads to
// the same machine: the same states, events and table.
import FSM
import FSMREPL

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSCXML(_ data: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: data, count: count), as: UTF8.self)
    // XML's line ends: CR LF, CR alone, LF alone (counted in bytes: CR LF is one Character).
    let bytes = Array(text.utf8)
    var lines = 1
    for (i, byte) in bytes.enumerated() where byte == 0x0A || (byte == 0x0D && (i + 1 == bytes.count || bytes[i + 1] != 0x0A)) { lines += 1 }
    do {
        let machine = try SCXMLImport.machine(text: text, file: "fuzz.scxml")
        _ = machine.validate(.strict)
        let document = machine._outline.scxml().text
        do {
            let again = try SCXMLImport.machine(text: document, file: "again.scxml")
            check(again.stateNames.count == machine.stateNames.count && again.eventNames == machine.eventNames,
                  "a document read and written reads back with other states or events: \(again.stateNames) \(again.eventNames), not \(machine.stateNames) \(machine.eventNames)")
            if machine.regionStateNames.isEmpty {
                check(again.tableText(.markdown) == machine.tableText(.markdown), "a document read and written reads back to another table")
            }
        } catch {
            check(false, "the document written from a document read is refused: \(error)")
        }
    } catch {
        check(error.line >= 0 && error.line <= lines, "a refusal names line \(error.line) of a document of \(lines) lines: \(error)")
        check(!error.message.isEmpty, "a refusal without a reason")
    }
    return 0
}
