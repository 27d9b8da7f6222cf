import FSM
import FSMPersistence
import FSMREPL
import FSMTool
import Foundation
import Testing
import TestSupport

/// Swift's own bytes for a snapshot, as `:snapshot` writes them.
private func swiftText(_ snapshot: MachineSnapshot) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return String(decoding: try encoder.encode(snapshot), as: UTF8.self) + "\n"
}

private func decoded(_ text: String?) throws -> MachineSnapshot {
    try JSONDecoder().decode(MachineSnapshot.self, from: Data(try #require(text).utf8))
}

/// The snapshot without what only a runner with a clock writes: what `machine.snapshot()` says.
private func names(_ snapshot: MachineSnapshot) -> MachineSnapshot {
    var names = snapshot
    names.timers = nil
    names.takenAt = nil
    return names
}

/// The snapshot `Machine(definition, restoring:)` of `text` takes of itself: where it landed.
private func restoredInSwift<S, E, F, C>(_ definition: MachineDefinition<S, E, F, C>, _ text: String?) throws -> MachineSnapshot {
    try Machine(definition, restoring: try decoded(text)).snapshot()
}

/// What the REPL's `:snapshot` writes after `lines`.
private func replSnapshot(_ machine: any MachineDescribing, _ lines: [String]) throws -> MachineSnapshot {
    var written = ""
    let session = try machine.makeSession { _, contents in written = contents }
    for line in lines { _ = session.handle(line) }
    #expect(session.handle(":snapshot s.json").isError == false)
    return try decoded(written)
}

/// A step clicked in the page, and the line the REPL reads for it.
private typealias Step = (action: ExplorerBrowser.Action, line: String)
private func event(_ name: String) -> Step { (.event(name), name) }
private func advance(_ words: String) -> Step { (.advance, ":advance " + words) }
private func guardOff(_ name: String) -> Step { (.toggleGuard(name), ":guard \(name) off") }

private func timer(_ owner: String, _ position: Int, _ after: Int64, _ left: Int64?) -> MachineSnapshot.Timer {
    MachineSnapshot.Timer(owner: owner, position: position, afterNanoseconds: after, remainingNanoseconds: left)
}

private let second: Int64 = 1_000_000_000

@Suite("The explorer downloads and uploads snapshots (in Chromium)", .enabled(if: ExplorerBrowser.runs, "Chromium or python3 with Playwright is not installed (the judges tier installs them), or a sanitizer run"))
struct ExplorerSnapshotTests {
    /// Clicks `steps` in the page of `definition`, downloading a snapshot after each one in
    /// `at` (and at the start): each is Swift's bytes for it, restores in Swift where the REPL
    /// is after the same lines, and carries the timers `timers[i]` says (when given).
    private func downloads<S, E, F, C>(
        _ definition: MachineDefinition<S, E, F, C>, _ steps: [Step], timers expected: [Int: [MachineSnapshot.Timer]] = [:]
    ) throws {
        let page = try ExplorerPage.html(for: definition)
        var actions: [ExplorerBrowser.Action] = [.download, .read]
        for step in steps { actions += [step.action, .download, .read] }
        let results = try ExplorerBrowser.run(page: page, actions)
        try #require(results.count == actions.count)
        let header = try Machine(definition).snapshot()
        for checkpoint in 0...steps.count {
            let lines = steps.prefix(checkpoint).map(\.line)
            let text = try #require(results[3 * checkpoint].downloaded, "no download after \(lines): \(results[3 * checkpoint])")
            let reading = try #require(results[3 * checkpoint + 1].reading)
            #expect(text == reading.snapshot, "the download is the snapshot of where the page is")
            let snapshot = try decoded(text)
            // Byte for byte what Swift's JSONEncoder (.sortedKeys) writes, with a line break.
            #expect(text == (try swiftText(snapshot)), "after \(lines)")
            #expect(snapshot.format == header.format && snapshot.machine == header.machine && snapshot.fingerprint == header.fingerprint)
            #expect(snapshot.takenAt == nil && snapshot.timers != nil)
            // Restored in Swift, the machine is where the snapshot says, which is where the REPL
            // is after the same lines (its own snapshot's names).
            #expect(try restoredInSwift(definition, text) == names(snapshot), "after \(lines)")
            // The REPL's `:snapshot` after the same lines: the same document, timers included.
            #expect(try replSnapshot(definition, lines) == snapshot, "after \(lines)")
            if let timers = expected[checkpoint] { #expect(snapshot.timers == timers, "after \(lines)") }
        }
    }

    @Test("USB device: parents, a parent's history remembered while outside it, a parent's timer with its time left")
    func usbDownloads() throws {
        try downloads(usbDevice, [
            event("powerOn"), event("address"), event("configure"), event("suspend"), event("busActivity"), event("deconfigure"), advance("3 s"), event("powerOff"),
        ], timers: [
            0: [], 1: [timer("Awake", 0, 3 * second, 3 * second)], 2: [timer("Awake", 0, 3 * second, 3 * second)], 4: [],
            7: [], 8: [],
        ])
    }

    @Test("timers of a state and its parent: one spent (its guard did not hold), the other with 58.5 s left")
    func spentTimerDownloads() throws {
        try downloads(scxmlTimed, [event("go"), guardOff("patient"), advance("1500 ms"), event("go")], timers: [
            1: [timer("waiting", 0, 1_500_000_000, 1_500_000_000), timer("busy", 0, 60 * second, 60 * second)],
            3: [timer("waiting", 0, 1_500_000_000, nil), timer("busy", 0, 60 * second, 58_500_000_000)],
            4: [timer("busy", 0, 60 * second, 58_500_000_000)],
        ])
    }

    @Test("jukebox and elevator: regions inside a parent, deep and shallow histories, three levels of parents with timers")
    func historiesAndRegions() throws {
        try downloads(jukeboxMachine, [
            event("power"), event("play"), event("mute"), event("pause"), event("power"), event("wake"), event("power"), event("power"),
        ])
        try downloads(elevatorCar, [
            event("start"), event("call"), event("doorsShut"), event("atSpeed"), event("emergencyStop"), event("release"), advance("30 s"),
            event("fireAlarm"), event("allClear"),
        ], timers: [3: [timer("moving", 0, 30 * second, 30 * second), timer("trip", 0, 90 * second, 90 * second)]])
    }

    @Test("hostile names are written as Swift writes them (slashes, line separators, bidi controls)")
    func hostileNamesWritten() throws {
        let machine = hostileMachine()
        try downloads(machine, [event(hostileNames[2]), event(hostileNames[9])])
    }

    @Test("a snapshot written by Swift uploads: the page shows its state and what its history remembers; the history resumes; Undo takes it back; the export says :restore")
    func swiftSnapshotUploads() throws {
        var usb = try Machine(usbDevice)
        for name in ["powerOn", "address", "configure", "suspend"] { try usb.send(name, context: ()) }
        let suspended = try swiftText(usb.snapshot())
        var address = try Machine(usbDevice)
        for name in ["powerOn", "address"] { try address.send(name, context: ()) }
        var withTimers = address.snapshot()
        withTimers.timers = [timer("Awake", 0, 3 * second, 3 * second)]
        let page = try ExplorerPage.html(for: usbDevice)
        let results = try ExplorerBrowser.run(page: page, [
            .event("powerOn"), .read,
            .upload(name: "usb.json", text: suspended), .read, .download,
            .event("busActivity"), .read,
            .undo, .undo, .read,
            .upload(name: "address.json", text: try swiftText(withTimers)), .read, .advance, .read,
        ])
        try #require(results.count == 14)
        let before = try #require(results[1].reading)
        #expect(results[2].status == "Restored usb.json: \(try #require(results[3].reading).current).")
        let restored = try #require(results[3].reading)
        #expect(restored.state == "Suspended")
        #expect(restored.memory == "Remembered: history(Awake): Configured")
        #expect(names(try decoded(restored.snapshot)) == usb.snapshot())
        #expect(try decoded(results[4].downloaded).timers == [])
        // What the REPL prints for `:restore` of the same file (a snapshot without timers).
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fsm-snap-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(suspended.utf8).write(to: folder.appendingPathComponent("usb.json"))
        let session = try usbDevice.makeSession()
        _ = session.handle("powerOn")
        let replied = session.handle(":restore " + folder.appendingPathComponent("usb.json").path)
        #expect(restored.transcript == before.transcript + "\n> :restore usb.json\n" + replied.text)
        #expect(restored.script == before.script + ":restore usb.json\n")
        #expect(restored.swiftTest.contains(#"#expect(session.handle(":restore usb.json").text == "\#(replied.text)")"#))
        #expect(restored.hint.contains(#"Its :restore lines read "usb.json" from the folder it is replayed in"#))
        // The history restored is the one bus activity resumes.
        #expect(try #require(results[6].reading).state == "Configured")
        // Undo takes back the event, then the restore.
        let undone = try #require(results[9].reading)
        #expect(undone.state == before.state && undone.situation == before.situation && undone.script == before.script)
        // A snapshot with timers: they go on with the time they had left.
        let timed = try #require(results[11].reading)
        #expect(results[10].status == "Restored address.json: \(timed.current).")
        #expect(timed.state == "Address")
        #expect(timed.timers.contains("after 3 s (Awake), 3 s left"))
        #expect(timed.transcript.hasSuffix("> :restore address.json\nrestored: \(timed.current) (nothing ran; its timers resume with the time they had left)"))
        #expect(try decoded(timed.snapshot) == withTimers)
        #expect(try #require(results[13].reading).state == "Suspended", "the restored timer runs out after its 3 s")
    }

    @Test("a snapshot the page downloaded uploads back to the same situation, timers' time left included")
    func roundTrip() throws {
        let page = try ExplorerPage.html(for: elevatorCar)
        // Moving's 30 s timer ran out: trip's 90 s one has 60 s left.
        let walk: [ExplorerBrowser.Action] = [.event("start"), .event("call"), .event("doorsShut"), .advance]
        let first = try ExplorerBrowser.run(page: page, walk + [.download, .read])
        let text = try #require(first.first { $0.downloaded != nil }?.downloaded)
        let there = try #require(first.last?.reading)
        #expect(try decoded(text).timers?.contains { $0.remainingNanoseconds != $0.afterNanoseconds } == true, "a timer part-way: \(text)")
        let second = try ExplorerBrowser.run(page: page, [.event("start"), .upload(name: "elevator.json", text: text), .read])
        let back = try #require(second.last?.reading)
        #expect(back.situation == there.situation && back.snapshot == text)
    }

    @Test("refused, each with its reason, nothing changed: not JSON, not a snapshot, another machine, format or structure, a configuration or timers the page has no situation for")
    func refusals() throws {
        var address = try Machine(usbDevice)
        for name in ["powerOn", "address"] { try address.send(name, context: ()) }
        let good = address.snapshot()
        func edited(_ change: (inout MachineSnapshot) -> Void) throws -> String {
            var snapshot = good
            change(&snapshot)
            return try swiftText(snapshot)
        }
        let changed = try Machine(makeUSBDevice(refreshPowersOn: true)).snapshot()
        // Swift restores this one (a state and a memory no run from the start leaves together).
        let unreached = try edited { $0.state = "Suspended"; $0.parents = ["Powered"]; $0.history = [] }
        _ = try restoredInSwift(usbDevice, unreached)
        let cases: [(name: String, text: String, message: String)] = [
            ("broken.json", "{\"format\": 1,", "broken.json is not JSON; nothing changed."),
            ("list.json", "[1, 2]", "list.json is not a snapshot (not a JSON object); nothing changed."),
            ("nostate.json", #"{"fingerprint":"x","format":1,"history":[],"machine":"usb","parents":[]}"#, "nostate.json is not a snapshot (no 'state'); nothing changed."),
            ("printer.json", try edited { $0.machine = "printer" }, "printer.json cannot be restored into 'usb': the snapshot is of the machine 'printer'; nothing changed."),
            ("future.json", try edited { $0.format = 2 }, "future.json cannot be restored into 'usb': the snapshot is written in format 2; this page reads format 1; nothing changed."),
            ("version.json", try edited { $0.version = 3 }, "version.json cannot be restored into 'usb': the snapshot is of version 3 of the machine, later than this one's (1); nothing changed."),
            ("taken.json", #"{"fingerprint":"x","format":1,"history":[],"machine":"usb","parents":[],"state":"Attached","takenAt":"noon"}"#,
             "taken.json is not a snapshot (a value of the wrong kind at takenAt); nothing changed."),
            ("changed.json", try swiftText(changed),
             "changed.json cannot be restored into 'usb': the machine changed since the snapshot was taken (fingerprint \(changed.fingerprint), this page's \(usbDevice.fingerprint)): make the page again from the machine the snapshot was taken from; nothing changed."),
            ("unknown.json", try edited { $0.state = "Sleeping" },
             "unknown.json cannot be restored into 'usb': the page has no situation of 'Sleeping' inside 'Powered' > 'Awake' with no history remembering anything (it holds the situations a run from the initial state reaches); nothing changed."),
            ("unreached.json", unreached,
             "unreached.json cannot be restored into 'usb': the page has no situation of 'Suspended' inside 'Powered' with no history remembering anything (it holds the situations a run from the initial state reaches); nothing changed."),
            ("history.json", try edited { $0.history = [MachineSnapshot.Memory(parent: "Powered", deep: true, remembers: nil)] },
             "history.json cannot be restored into 'usb': no transition resumes the deep history of 'Powered'; nothing changed."),
            ("late.json", try edited { $0.timers = [timer("Awake", 0, 3 * second, second)] },
             "late.json cannot be restored into 'usb': the page has no situation of 'Address' inside 'Powered' > 'Awake' with the timers after 3 s (Awake, line 0), 1 s left (it holds the times left that advancing to each deadline reaches; a snapshot without timers starts them afresh); nothing changed."),
        ]
        let page = try ExplorerPage.html(for: usbDevice)
        let results = try ExplorerBrowser.run(page: page, [.event("powerOn"), .event("address"), .read] + cases.flatMap { [.upload(name: $0.name, text: $0.text), .read] })
        try #require(results.count == 3 + 2 * cases.count)
        let before = try #require(results[2].reading)
        for (index, refusal) in cases.enumerated() {
            #expect(results[3 + 2 * index].status == refusal.message)
            let after = try #require(results[4 + 2 * index].reading)
            #expect(after.state == before.state && after.situation == before.situation && after.snapshot == before.snapshot, "\(refusal.name) changed the page")
            #expect(after.transcript == before.transcript && after.script == before.script && after.timers == before.timers, "\(refusal.name) changed the session")
        }
    }
}
