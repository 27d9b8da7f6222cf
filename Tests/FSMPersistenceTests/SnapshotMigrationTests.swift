import FSM
import FSMPersistence
import FSMTesting
import Foundation
import Testing
import TestSupport

/// The USB device's version 2: `Default` is `Unaddressed`, `Address` is `Addressed`, `Awake`
/// is `Running`, and `Configured` became a parent of `Active` (entered first) and `Resting`
/// (`rest`, back on `work`). On version 1's events it does what version 1 does.
private func makeUSBDevice(version: Int, suspended: String = "Suspended") -> MachineDefinition<String, String, String, Void> {
    MachineDefinition<String, String, String, Void>(
        name: "usb", version: version, initial: "Attached",
        events: ["powerOn", "busReset", "powerInterruption", "powerOff", "address", "configure", "deconfigure", "suspend", "busActivity", "refresh", "rest", "work"]
    ) {
        In("Attached") { On("powerOn", to: "Powered") }
        Parent(state: "Powered", initial: "Unaddressed") {
            On("busReset", to: "Unaddressed", emit: "resetDevice")
            On("powerInterruption", to: "Powered")
            On("powerOff", to: "Attached")
        } children: {
            Parent(state: "Running", initial: "Unaddressed") {
                On("suspend", to: suspended)
                On("refresh", to: "Unaddressed", resuming: .shallow("Running"))
                After(.seconds(3), to: suspended)
            } children: {
                In("Unaddressed") { On("address", to: "Addressed") }
                In("Addressed") { On("configure", to: "Configured") }
                Parent(state: "Configured", initial: "Active") {
                    On("deconfigure", to: "Addressed")
                } children: {
                    In("Active") { On("rest", to: "Resting") }
                    In("Resting") { On("work", to: "Active") }
                }
            }
            In(suspended) { On("busActivity", to: "Unaddressed", resuming: .shallow("Running")) }
        }
    }
}

private let usbV2 = makeUSBDevice(version: 2)
/// Version 3: `Suspended` is `Sleeping`.
private let usbV3 = makeUSBDevice(version: 3, suspended: "Sleeping")

/// Version 1 (``usbDevice``) to 2.
private let toVersion2 = SnapshotMigrations().from(
    1, to: 2,
    .renameState("Default", to: "Unaddressed"),
    .renameState("Address", to: "Addressed"),
    .renameState("Awake", to: "Running"),
    .splitState("Configured", into: "Active", parents: ["Powered", "Running", "Configured"])
)
/// Versions 1 to 3, one version at a time.
private let toVersion3 = toVersion2.from(2, to: 3, .renameState("Suspended", to: "Sleeping"))

/// The USB device (version 1) after `events`.
private func usbV1(after events: [String]) throws -> Machine<String, String, String, Void> {
    var usb = try Machine(usbDevice)
    for event in events { try usb.send(event, context: ()) }
    return usb
}

/// A snapshot by hand, in the USB device's names, with a timer and a context.
private func document(
    state: String = "Suspended", parents: [String] = ["Powered"], history: [MachineSnapshot.Memory] = [.init(parent: "Awake", deep: false, remembers: "Configured")],
    timers: [MachineSnapshot.Timer]? = nil, context: SnapshotValue? = nil
) -> MachineSnapshot {
    MachineSnapshot(machine: "usb", fingerprint: usbDevice.fingerprint, state: state, parents: parents, history: history, timers: timers, context: context)
}

/// Runs `step` alone on `snapshot`, as a migration from version 1 to 2.
private func run(_ step: SnapshotMigrations.Step, on snapshot: MachineSnapshot) throws(SnapshotError) -> MachineSnapshot {
    try SnapshotMigrations().from(1, to: 2, step).migrate(snapshot, to: usbV2)
}

@Suite("Migrations: a snapshot of an earlier version brought to the machine's by named steps over its names, then checked again")
struct SnapshotMigrationTests {
    /// Restores `snapshot` into a machine of `definition` after `walk`, expecting a refusal
    /// that leaves it as it was.
    func refusal(
        _ definition: MachineDefinition<String, String, String, Void>, _ snapshot: MachineSnapshot, migrating migrations: SnapshotMigrations = SnapshotMigrations(),
        walk: [String] = ["powerOn"]
    ) throws -> SnapshotError? {
        var machine = try Machine(definition)
        for event in walk { try machine.send(event, context: ()) }
        let before = machine.row
        do {
            try machine.restore(snapshot, migrating: migrations)
            return nil
        } catch {
            #expect(machine.row == before, "a refused snapshot changed the machine")
            return error
        }
    }

    @Test("a version is declared on the definition, written in its snapshots and SCXML unless it is 1, and changes no fingerprint or diagram")
    func version() throws {
        #expect(usbDevice.version == 1)
        #expect(usbV2.version == 2)
        let same = makeUSBDevice(version: 1)
        #expect(same.fingerprint == usbV2.fingerprint)
        #expect(same.dot() == usbV2.dot() && same.mermaid() == usbV2.mermaid())
        // The SCXML export says the version (fsm:version) when it is not 1, and nothing else differs.
        #expect(same.scxml == usbV2.scxml.replacingOccurrences(of: #" fsm:version="2""#, with: ""))
        #expect(usbV2.scxml.contains(#" fsm:version="2""#))
        #expect(try Machine(same).snapshot().version == nil)
        let v2 = try Machine(usbV2).snapshot()
        #expect(v2.version == 2)
        let json = String(decoding: try encoded(v2), as: UTF8.self)
        #expect(json == #"{"fingerprint":"\#(usbV2.fingerprint)","format":1,"history":[{"deep":false,"parent":"Running"}],"machine":"usb","parents":[],"state":"Attached","version":2}"#)
        #expect(try JSONDecoder().decode(MachineSnapshot.self, from: Data(json.utf8)) == v2)
        // A snapshot without a version is of version 1.
        let old = try JSONDecoder().decode(MachineSnapshot.self, from: encoded(try usbV1(after: []).snapshot()))
        #expect(old.version == nil)
        #expect(!String(decoding: try encoded(old), as: UTF8.self).contains("version"))
    }

    @Test("renaming a state renames it everywhere: the state, its parents, the histories' parents and memories, the timers' owners; nothing else")
    func rename() throws {
        let timers = [MachineSnapshot.Timer(owner: "Awake", position: 0, afterNanoseconds: 3_000_000_000, remainingNanoseconds: 1), .init(owner: "Powered", position: 0, afterNanoseconds: 1, remainingNanoseconds: nil)]
        let before = document(state: "Default", parents: ["Powered", "Awake"], history: [.init(parent: "Awake", deep: false, remembers: "Awake"), .init(parent: "Powered", deep: true, remembers: "Configured")], timers: timers)
        let after = try run(.renameState("Awake", to: "Running"), on: before)
        #expect(after.state == "Default")
        #expect(after.parents == ["Powered", "Running"])
        #expect(after.history == [.init(parent: "Running", deep: false, remembers: "Running"), .init(parent: "Powered", deep: true, remembers: "Configured")])
        #expect(after.timers?.map(\.owner) == ["Running", "Powered"])
        #expect(after.timers?.map(\.remainingNanoseconds) == [1, nil])
        let state = try run(.renameState("Default", to: "Unaddressed"), on: before)
        #expect(state.state == "Unaddressed" && state.parents == before.parents && state.history == before.history)
        #expect(SnapshotMigrations.Step.renameState("Default", to: "Unaddressed").name == "rename 'Default' to 'Unaddressed'")
        // Migrated: version and fingerprint are the definition's; the rest as it was.
        #expect(after.version == 2 && after.fingerprint == usbV2.fingerprint && after.machine == "usb" && after.format == 1)
    }

    @Test("splitting a state: a machine in it goes to the new state and parents; a deep history remembers the new state, a shallow one its child on the way")
    func split() throws {
        let step = SnapshotMigrations.Step.splitState("Configured", into: "Active", parents: ["Powered", "Awake", "Configured"])
        #expect(step.name == "split 'Configured' into 'Active' inside 'Powered' > 'Awake' > 'Configured'")
        let history: [MachineSnapshot.Memory] = [
            .init(parent: "Awake", deep: false, remembers: "Configured"), .init(parent: "Powered", deep: true, remembers: "Configured"),
            .init(parent: "Configured", deep: false, remembers: "Configured"), .init(parent: "Elsewhere", deep: true, remembers: "Configured"),
            .init(parent: "Awake", deep: true, remembers: "Address"),
        ]
        let timers = [MachineSnapshot.Timer(owner: "Configured", position: 0, afterNanoseconds: 1, remainingNanoseconds: 1)]
        let inside = try run(step, on: document(state: "Configured", parents: ["Powered", "Awake"], history: history, timers: timers))
        #expect(inside.state == "Active")
        #expect(inside.parents == ["Powered", "Awake", "Configured"])
        #expect(inside.history.map(\.remembers) == ["Configured", "Active", "Active", "Configured", "Address"])
        #expect(inside.timers?.first?.owner == "Configured", "the state became a parent: it keeps its lines")
        // Moved rather than split: its timers go with it.
        let moved = try run(.splitState("Configured", into: "Ready", parents: ["Powered"]), on: document(state: "Configured", parents: ["Powered", "Awake"], timers: timers))
        #expect(moved.state == "Ready" && moved.parents == ["Powered"])
        #expect(moved.timers?.first?.owner == "Ready")
        #expect(moved.history == [.init(parent: "Awake", deep: false, remembers: "Configured")], "a history of a parent not on the new path is left as it was")
        // Not in the state: only the memories change.
        let outside = try run(step, on: document())
        #expect(outside.state == "Suspended" && outside.parents == ["Powered"])
    }

    @Test("adding a region: the state inside the parallel and what deep histories remember are combined with the new region's state")
    func addRegion() throws {
        let step = SnapshotMigrations.Step.addRegion("caption", to: "playing") { name in
            name.hasPrefix("playing(") && name.hasSuffix(")") ? String(name.dropLast()) + ", off)" : nil
        }
        #expect(step.name == "add the region 'caption' to 'playing'")
        let snapshot = MachineSnapshot(
            machine: "usb", fingerprint: "", state: "playing(on, running)", parents: ["on", "playing"],
            history: [.init(parent: "on", deep: true, remembers: "playing(muted, blank)"), .init(parent: "on", deep: false, remembers: "playing")]
        )
        let added = try run(step, on: snapshot)
        #expect(added.state == "playing(on, running, off)")
        #expect(added.parents == ["on", "playing"])
        #expect(added.history.map(\.remembers) == ["playing(muted, blank, off)", "playing"])
        // Outside the parallel, the state stays; a name the closure does not know inside it fails the step.
        var stopped = snapshot
        stopped.state = "stopped"
        stopped.parents = ["on"]
        #expect(try run(step, on: stopped).state == "stopped")
        var odd = snapshot
        odd.state = "paused"
        #expect(throws: SnapshotError(machine: "usb", reason: .stepFailed(step: step.name, from: 1, to: 2, error: "'paused' is not a combination of 'playing'"))) {
            try run(step, on: odd)
        }
    }

    @Test("adding a region to a parallel machine: restored, it goes on as the new machine started in that combination")
    func addRegionToAParallelMachine() throws {
        var old = try Machine(pair)
        for event: PlayerEvent in [.mute, .pause] { try old.send(event, context: Viewer()) }
        let snapshot = old.snapshot()
        #expect(snapshot.state == "muted, paused")
        let migrations = SnapshotMigrations().from(1, to: 2, .addRegion("caption", to: nil) { "\($0), off" })
        var restored = try Machine(triple, restoring: snapshot, migrating: migrations)
        #expect(restored.state == Screen(.muted, .paused, .off))
        var started = try Machine(triple, startingIn: Screen(.muted, .paused, .off))
        #expect(restored.row == started.row)
        for event: PlayerEvent in [.blank, .unmute, .resume] {
            #expect(String(describing: try restored.send(event, context: Viewer())) == String(describing: try started.send(event, context: Viewer())))
        }
    }

    @Test("mapping the context and a custom step: each sees the snapshot as the steps before left it; what they throw is cited with the step's name")
    func contextAndCustom() throws {
        let percent = SnapshotMigrations.Step.mapContext("volume in percent") { context in
            guard case let .object(fields)? = context, case let .integer(volume)? = fields["volume"] else { throw Unreadable() }
            return .object(["volume": .integer(volume * 10)])
        }
        #expect(percent.name == "volume in percent")
        let loud = try run(percent, on: document(context: .object(["volume": .integer(7)])))
        #expect(loud.context == .object(["volume": .integer(70)]))
        let error = #expect(throws: SnapshotError.self) { try run(percent, on: document()) }
        #expect(error?.reason == .stepFailed(step: "volume in percent", from: 1, to: 2, error: "no volume"))
        #expect(error?.description == #"cannot restore 'usb': the migration from version 1 to 2 failed at its step "volume in percent": no volume; nothing was restored"#)
        let tidy = SnapshotMigrations.Step.custom("drop the queued refreshes") { snapshot in
            snapshot.events = snapshot.events?.filter { $0 != .string("refresh") }
        }
        var queued = document()
        queued.events = [.string("refresh"), .string("suspend"), .string("refresh")]
        let chained = try SnapshotMigrations().from(1, to: 2, .renameState("Suspended", to: "Asleep"), tidy, .custom("see the rename") { snapshot in
            guard snapshot.state == "Asleep" else { throw Unreadable() }
        }).migrate(queued, to: usbV2)
        #expect(chained.events == [.string("suspend")])
        #expect(chained.state == "Asleep")
    }

    @Test("versions 1 to 2 to 3, one at a time or skipping one; a snapshot of the machine's own version as it is")
    func chained() throws {
        let v1 = try usbV1(after: ["powerOn", "address", "configure", "suspend"]).snapshot()
        var three = try Machine(usbV3, restoring: v1, migrating: toVersion3)
        #expect(three.state == "Sleeping")
        #expect(three.snapshot().version == 3)
        try three.send("busActivity", context: ())
        #expect(three.state == "Active", "the history's memory came along: Configured, entered at Active")
        let migrated = try toVersion3.migrate(v1, to: usbV3)
        #expect(migrated.version == 3 && migrated.fingerprint == usbV3.fingerprint)
        #expect(migrated.state == "Sleeping" && migrated.parents == ["Powered"])
        #expect(migrated.history == [.init(parent: "Running", deep: false, remembers: "Configured")])
        // A migration that skips a version.
        let skipping = SnapshotMigrations().from(1, to: 3, .renameState("Awake", to: "Running"), .renameState("Suspended", to: "Sleeping"))
        #expect(try Machine(usbV3, restoring: v1, migrating: skipping).state == "Sleeping")
        // From version 2, only the second migration runs.
        let v2 = try Machine(usbV2, restoring: v1, migrating: toVersion2).snapshot()
        #expect(try toVersion3.migrate(v2, to: usbV3).state == "Sleeping")
        // The machine's own version: not migrated, matched by fingerprint as always.
        #expect(try toVersion3.migrate(v2, to: usbV2) == v2)
        var own = try Machine(usbV2)
        try own.restore(v2, migrating: toVersion3)
        #expect(own.row == (try Machine(usbV2, restoring: v2)).row)
        let otherStructure = try refusal(makeUSBDevice(version: 2, suspended: "Dozing"), v2, migrating: toVersion3)
        #expect(otherStructure.map { if case .otherStructure = $0.reason { true } else { false } } == true)
        // Bumped without a step: nothing to change by names.
        var bumped = v2
        bumped.version = nil
        bumped.state = "Attached"
        bumped.parents = []
        #expect(try Machine(usbV2, restoring: bumped, migrating: SnapshotMigrations().from(1, to: 2)).state == "Attached")
    }

    @Test("refused: a later version, no migration from a version, two from one, a step that fails, a migrated snapshot that does not fit; the machine unchanged")
    func refusals() throws {
        let v1 = try usbV1(after: ["powerOn", "address", "configure", "suspend"]).snapshot()
        let v2 = try Machine(usbV2, restoring: v1, migrating: toVersion2).snapshot()
        let later = try refusal(usbDevice, v2)
        #expect(later?.reason == .laterVersion(snapshot: 2, machine: 1))
        #expect(later?.description == "cannot restore 'usb': the snapshot is of version 2 of the machine, later than this one's (1); nothing was restored")
        #expect(throws: SnapshotError(machine: "usb", reason: .laterVersion(snapshot: 3, machine: 2))) { try toVersion3.migrate(try toVersion3.migrate(v1, to: usbV3), to: usbV2) }
        // Without migrations, an earlier version is refused too, even by names.
        let none = try refusal(usbV2, v1)
        #expect(none?.reason == .noMigration(from: 1, to: 2))
        #expect(none?.description == "cannot restore 'usb': no migration goes on from version 1 towards the machine's version 2; nothing was restored")
        var byNames = try Machine(usbV2)
        #expect(throws: SnapshotError(machine: "usb", reason: .noMigration(from: 1, to: 2))) { try byNames.restore(v1, matching: .names) }
        #expect(try refusal(usbV3, v1, migrating: toVersion2)?.reason == .noMigration(from: 2, to: 3))
        #expect(try refusal(usbV2, v1, migrating: SnapshotMigrations().from(1, to: 3))?.reason == .noMigration(from: 1, to: 2), "past the machine's version")
        #expect(try refusal(usbV2, v1, migrating: SnapshotMigrations().from(1, to: 1))?.reason == .noMigration(from: 1, to: 2), "not forward")
        let twice = try refusal(usbV3, v1, migrating: toVersion3.from(2, to: 3))
        #expect(twice?.reason == .repeatedMigration(from: 2))
        #expect(twice?.description == "cannot restore 'usb': two migrations go on from version 2; nothing was restored")
        // A step that fails: its name, its versions, its error.
        let failing = toVersion2.from(2, to: 3, .custom("check the bus") { _ in throw Unreadable() })
        let failed = try refusal(usbV3, v1, migrating: failing)
        #expect(failed?.reason == .stepFailed(step: "check the bus", from: 2, to: 3, error: "no volume"))
        // The migrated snapshot does not fit: which steps ran, and why.
        let forgetful = SnapshotMigrations().from(1, to: 2, .renameState("Awake", to: "Running"))
        let powered = try usbV1(after: ["powerOn"]).snapshot()
        let misfit = try refusal(usbV2, powered, migrating: forgetful)
        #expect(misfit?.reason == .migratedMisfit(from: 1, to: 2, steps: ["rename 'Awake' to 'Running'"], reason: .unknownState("Default")))
        #expect(misfit?.description == #"cannot restore 'usb': migrated from version 1 to 2 by "rename 'Awake' to 'Running'", no state is named 'Default'; nothing was restored"#)
        // Suspended, the device needs no more: Configured is a child of Running still (a parent now).
        #expect(try Machine(usbV2, restoring: v1, migrating: forgetful).state == "Suspended")
        let stepless = try refusal(usbV2, v1, migrating: SnapshotMigrations().from(1, to: 2))
        #expect(stepless?.reason == .migratedMisfit(from: 1, to: 2, steps: [], reason: .unknownHistory(parent: "Awake", deep: false)))
        #expect(stepless?.description.contains("migrated from version 1 to 2 without a step, no transition resumes the history of 'Awake'") == true)
        // Another machine is refused before any step runs.
        var other = v1
        other.machine = "printer"
        #expect(try refusal(usbV2, other, migrating: failing)?.reason == .otherMachine("printer"))
        // A step that renames the machine: refused after the steps.
        let renaming = toVersion2.from(2, to: 3, .custom("rename the machine") { $0.machine = "usb3" })
        #expect(try refusal(usbV3, v1, migrating: renaming)?.reason == .migratedMisfit(from: 1, to: 3, steps: toVersion2Steps + ["rename the machine"], reason: .otherMachine("usb3")))
    }

    @Test("the USB device: snapshots of version 1 taken along random walks, migrated to version 2, go on as version 2 driven by the same events")
    func usbWalks() throws {
        let events = usbDevice.events
        var random = SeededRandom(seed: 7)
        let compiled = try Machine(usbV2, policy: .ignore)
        var rows = Set<Int>()
        var states = Set<String>()
        for _ in 0..<40 {
            var v1 = try Machine(usbDevice, policy: .ignore)
            var v2 = try Machine(usbV2, policy: .ignore)
            for _ in 0..<30 {
                let read = try JSONDecoder().decode(MachineSnapshot.self, from: encoded(v1.snapshot()))
                var restored = compiled
                try restored.restore(read, migrating: toVersion2)
                #expect(restored.row == v2.row, "version 1 in \(v1.state) restored in \(restored.state), version 2 is in \(v2.state)")
                #expect(restored.snapshot() == v2.snapshot())
                rows.insert(v2.row)
                states.insert(v1.state)
                let event = events[Int(random.next() % UInt64(events.count))]
                _ = v1.transition(on: event, context: ())
                let expected = v2.transition(on: event, context: ())
                let got = restored.transition(on: event, context: ())
                #expect(String(describing: got) == String(describing: expected))
            }
        }
        #expect(states == Set(usbDevice.states), "every state of version 1 was saved: \(states.sorted())")
        #expect(rows.contains { $0 >= usbV2.states.count }, "some walk saved the history's memory")
    }
}

/// The steps of ``toVersion2``, by name.
private let toVersion2Steps = ["rename 'Default' to 'Unaddressed'", "rename 'Address' to 'Addressed'", "rename 'Awake' to 'Running'", "split 'Configured' into 'Active' inside 'Powered' > 'Running' > 'Configured'"]

/// A context a step cannot read.
private struct Unreadable: Error, CustomStringConvertible {
    var description: String { "no volume" }
}

/// A caption, the region version 2 of ``pair`` adds.
private enum Caption: String, Hashable, Sendable, CustomStringConvertible {
    case off, on
    var description: String { rawValue }
}

/// The player's audio, video and caption.
private struct Screen: Hashable, Sendable, CustomStringConvertible {
    var audio: Audio
    var video: Video
    var caption: Caption
    init(_ audio: Audio, _ video: Video, _ caption: Caption) {
        self.audio = audio
        self.video = video
        self.caption = caption
    }
    var description: String { "\(audio), \(video), \(caption)" }
}

private let captionRegion = MachineDefinition<Caption, PlayerEvent, String, Viewer>(name: "caption", initial: .off, events: [.blank]) {
    In(.off) { On(.blank, to: .on, emit: "caption+") }
    In(.on) { On(.blank, to: .off) }
}

/// A parallel machine of the player's audio and video (version 1), then also a caption (version 2).
private let pair = MachineDefinition<Media, PlayerEvent, String, Viewer>(
    name: "screen", initial: Media(.on, .running), regions: Region("audio", \.audio, audioRegion), Region("video", \.video, videoRegion)
)
private let triple = MachineDefinition<Screen, PlayerEvent, String, Viewer>(
    name: "screen", version: 2, initial: Screen(.on, .running, .off),
    regions: Region("audio", \.audio, audioRegion), Region("video", \.video, videoRegion), Region("caption", \.caption, captionRegion)
)
