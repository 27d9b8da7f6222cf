import FSM
import FSMPersistence
import FSMREPL
import Foundation
import Testing

/// A media box: `on` has a shallow history that `power` resumes from `standby`.
private let box = MachineDefinition<String, String, String, Void>(name: "box", initial: "standby", events: ["power", "next", "sleep"]) {
    In("standby") { On("power", to: "tv", resuming: .shallow("on")); Ignore("next", "sleep") }
    Parent("on") {
        On("power", to: "standby", emit: "off")
        After(.seconds(60), to: "standby", emit: "timeout")
    } children: {
        In("tv") { On("next", to: "radio"); Ignore("sleep") }
        In("radio") { On("next", to: "tv"); On("sleep", to: "standby") }
    }
}

@Suite("REPL: :snapshot and :restore")
struct SnapshotREPLTests {
    /// A session whose files are written into a fresh folder.
    func session() throws -> (REPLSession, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("repl-snapshot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return (try REPLSession(box), folder)
    }

    @Test(":snapshot writes the machine with its history's memory; :restore puts it back without running anything; :undo goes back before it")
    func roundTrip() throws {
        let (session, folder) = try session()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("box.json").path
        _ = session.handle("power")
        _ = session.handle("next")
        _ = session.handle("power")  // standby, the history remembers radio
        #expect(session.handle(":snapshot " + file).text == "saved a snapshot of standby to \(file); restore with: fsm repl box --restore \(file)")
        let json = try String(contentsOfFile: file, encoding: .utf8)
        #expect(json.hasSuffix("\"history\":[{\"deep\":false,\"parent\":\"on\",\"remembers\":\"radio\"}],\"machine\":\"box\",\"parents\":[],\"state\":\"standby\",\"timers\":[]}\n"))
        _ = session.handle(":reset")
        #expect(session.handle(":restore " + file).text == "restored: standby (nothing ran)")
        #expect(session.handle("power").text == "standby --power--> radio [on > radio]")
        #expect(session.handle(":undo").text.hasPrefix("undid 'power'"))
        #expect(session.handle(":undo").text == "undid ':restore \(file)'; state: standby")
        #expect(session.handle("power").text == "standby --power--> tv [on > tv]", "before the restore the history remembered nothing")
        // In on > tv 20 s after entering it, the parent's timer has 40 s left: saved, and
        // resumed with 40 s left 30 s later.
        _ = session.handle(":advance 20s")
        _ = session.handle(":snapshot " + file)
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains(#""timers":[{"afterNanoseconds":60000000000,"owner":"on","position":0,"remainingNanoseconds":40000000000}]"#))
        _ = session.handle(":advance 30s")
        #expect(session.handle(":restore " + file).text == "restored: on > tv (nothing ran; its timers resume with the time they had left)")
        #expect(session.handle(":advance 39s").text == "time 89 s: no timer ran out; next: after 60 s (on) in 1 s")
        // A machine's own snapshot holds no timers: they start again.
        var bare = try JSONDecoder().decode(MachineSnapshot.self, from: Data(contentsOf: URL(fileURLWithPath: file)))
        bare.timers = nil
        try JSONEncoder().encode(bare).write(to: URL(fileURLWithPath: file))
        #expect(session.handle(":restore " + file).text == "restored: on > tv (nothing ran; its timers start again now)")
        #expect(session.handle(":advance 59s").text == "time 148 s: no timer ran out; next: after 60 s (on) in 1 s")
    }

    @Test("a machine's version goes through SCXML (fsm:version): the REPL of the document writes and requires it")
    func versionThroughSCXML() throws {
        let box2 = MachineDefinition<String, String, String, Void>(name: "box", version: 2, initial: "standby", events: ["power", "next", "sleep"]) {
            In("standby") { On("power", to: "tv", resuming: .shallow("on")); Ignore("next", "sleep") }
            Parent("on") { On("power", to: "standby", emit: "off") } children: {
                In("tv") { On("next", to: "radio"); Ignore("sleep") }
                In("radio") { On("next", to: "tv"); On("sleep", to: "standby") }
            }
        }
        #expect(box2.scxml.contains(#" fsm:version="2""#))
        #expect(!box.scxml.contains("fsm:version"), "version 1 is not written: documents of unversioned machines are unchanged")
        let imported = try SCXMLImport.machine(text: box2.scxml, file: "box.scxml")
        var written = ""
        let session = try imported.makeSession { _, contents in written = contents }
        _ = session.handle("power")
        #expect(session.handle(":snapshot box.json").isError == false)
        let snapshot = try JSONDecoder().decode(MachineSnapshot.self, from: Data(written.utf8))
        #expect(snapshot.version == 2)
        #expect(snapshot.fingerprint == box2.fingerprint)
        #expect(throws: (any Error).self) { try SCXMLImport.machine(text: box2.scxml.replacingOccurrences(of: #"fsm:version="2""#, with: #"fsm:version="0""#), file: "box.scxml") }
    }

    @Test("a file name in quotes, with a space: the quotes are not part of it")
    func quotedPath() throws {
        let (session, folder) = try session()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("my box.json").path
        _ = session.handle("power")
        #expect(session.handle(":snapshot \"\(file)\"").text.hasPrefix("saved a snapshot of on > tv to \(file); "))
        #expect(FileManager.default.fileExists(atPath: file))
        _ = session.handle(":reset")
        #expect(session.handle(":restore '\(file)'").text == "restored: on > tv (nothing ran; its timers resume with the time they had left)")
        // A runtime's snapshot with events it had queued: named, not taken.
        var queued = try JSONDecoder().decode(MachineSnapshot.self, from: Data(contentsOf: URL(fileURLWithPath: file)))
        queued.events = [.string("next"), .object(["power": .integer(2)])]
        try JSONEncoder().encode(queued).write(to: URL(fileURLWithPath: file))
        #expect(session.handle(":restore \(file)").text == #"restored: on > tv (nothing ran; its timers resume with the time they had left; the 2 event(s) it had queued are not taken (send them as the next lines): next, {"power":2})"#)
    }

    @Test("a missing name, a missing file, a file that is not a snapshot, a snapshot of another machine: an error, nothing changed")
    func refusals() throws {
        let (session, folder) = try session()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = session.handle("power")
        #expect(session.handle(":snapshot").isError)
        #expect(session.handle(":restore").text == "error: :restore needs a file name, e.g. :restore device.json")
        let missing = folder.appendingPathComponent("missing.json").path
        let read = session.handle(":restore " + missing)
        #expect(read.isError && read.text.hasPrefix("error: cannot read \(missing): "))
        let text = folder.appendingPathComponent("notes.json").path
        try "hello".write(toFile: text, atomically: true, encoding: .utf8)
        #expect(session.handle(":restore " + text).text == "error: the file is not a snapshot (not valid JSON for a snapshot); nothing changed")
        let fraction = folder.appendingPathComponent("fraction.json").path
        try #"{"fingerprint":"0","format":1.5,"history":[],"machine":"box","parents":[],"state":"standby"}"#.write(toFile: fraction, atomically: true, encoding: .utf8)
        #expect(session.handle(":restore " + fraction).text == "error: the file is not a snapshot (not valid JSON for a snapshot); nothing changed")
        let other = folder.appendingPathComponent("other.json").path
        try #"{"fingerprint":"0","format":1,"history":[],"machine":"tv","parents":[],"state":"standby"}"#.write(toFile: other, atomically: true, encoding: .utf8)
        #expect(session.handle(":restore " + other).text == "error: cannot restore 'box': the snapshot is of the machine 'tv'; nothing was restored")
        #expect(session.stateName == "tv")
        #expect(session.script == ["power"], "no refused line in the history")
    }
}
