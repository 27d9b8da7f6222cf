import FSM
import FSMPersistence
import Foundation
import Testing
import TestSupport

/// The USB device, suspended while configured: its history remembers `Configured`.
private func suspendedUSB() throws -> Machine<String, String, String, Void> {
    var usb = try Machine(usbDevice)
    for event in ["powerOn", "address", "configure", "suspend"] { try usb.send(event, context: ()) }
    return usb
}

/// The USB device with one more line (`Attached` answers `refresh` by powering on): another
/// structure, the same states and histories.
private let usbWithRefresh = makeUSBDevice(refreshPowersOn: true)

/// A machine with a state it never rests in (`checking` goes on at once to `ready`).
private let passing = MachineDefinition<String, String, Never, Void>(name: "passing", initial: "idle", events: ["go"]) {
    In("idle") { On("go", to: "checking") }
    In("checking") { Always(to: "ready"); Ignore("go") }
    In("ready") { On("go", to: "idle") }
}

@Suite("Snapshots that do not fit are refused with what does not fit, and nothing changes")
struct SnapshotRefusalTests {
    /// Restores `snapshot` into a machine of `definition` in its initial state, expecting a
    /// refusal: the machine must be left as it was.
    func refusal<S, E, F, C>(_ definition: MachineDefinition<S, E, F, C>, _ snapshot: MachineSnapshot, matching: SnapshotMatching = .fingerprint) throws -> SnapshotError? {
        var machine = try Machine(definition)
        let before = machine.row
        do {
            try machine.restore(snapshot, matching: matching)
            return nil
        } catch {
            #expect(machine.row == before, "a refused snapshot changed the machine")
            return error
        }
    }

    @Test("another machine, a later format, another structure: refused before anything is read")
    func whole() throws {
        let snapshot = try suspendedUSB().snapshot()
        var other = snapshot
        other.machine = "usb2"
        #expect(try refusal(usbDevice, other)?.reason == .otherMachine("usb2"))
        var later = snapshot
        later.format = MachineSnapshot.currentFormat + 1
        let error = try refusal(usbDevice, later)
        #expect(error?.reason == .newerFormat(2))
        #expect(error?.description == "cannot restore 'usb': the snapshot is written in format 2; this library reads up to 1; nothing was restored")
        let changed = try refusal(usbWithRefresh, snapshot)
        #expect(changed?.reason == .otherStructure(snapshot: usbDevice.fingerprint, definition: usbWithRefresh.fingerprint))
        #expect(changed?.description.contains("migrate it, or restore matching names only") == true)
        // Matching names only, the changed machine takes it: same states, same history.
        var restored = try Machine(usbWithRefresh)
        try restored.restore(snapshot, matching: .names)
        #expect(restored.state == "Suspended")
        try restored.send("busActivity", context: ())
        #expect(restored.state == "Configured", "the memory came along")
    }

    @Test("a state not declared, declared twice, moved to other parents, or never rested in; a history not resumed, a memory it cannot hold, said twice")
    func parts() throws {
        let snapshot = try suspendedUSB().snapshot()
        func edited(_ change: (inout MachineSnapshot) -> Void) -> MachineSnapshot {
            var copy = snapshot
            change(&copy)
            return copy
        }
        #expect(try refusal(usbDevice, edited { $0.state = "Sleeping" })?.reason == .unknownState("Sleeping"))
        let moved = try refusal(usbDevice, edited { $0.parents = ["Awake"] })
        #expect(moved?.reason == .movedState("Suspended", declared: ["Powered"], saved: ["Awake"]))
        #expect(moved?.description == "cannot restore 'usb': 'Suspended' is inside 'Powered' now, not 'Awake'; nothing was restored")
        #expect(try refusal(usbDevice, edited { $0.history[0].parent = "Powered" })?.reason == .unknownHistory(parent: "Powered", deep: false))
        #expect(try refusal(usbDevice, edited { $0.history[0].deep = true })?.reason == .unknownHistory(parent: "Awake", deep: true))
        #expect(try refusal(usbDevice, edited { $0.history[0].remembers = "Suspended" })?.reason == .unknownMemory(parent: "Awake", deep: false, remembers: "Suspended"))
        #expect(try refusal(usbDevice, edited { $0.history.append($0.history[0]) })?.reason == .repeatedHistory(parent: "Awake", deep: false))
        // A history the snapshot does not mention remembers nothing.
        var forgetting = try Machine(usbDevice)
        try forgetting.restore(edited { $0.history = [] })
        try forgetting.send("busActivity", context: ())
        #expect(forgetting.state == "Default")
        // A state the machine never rests in.
        var live = try Machine(passing)
        try live.send("go", context: ())
        #expect(live.state == "ready")
        var transient = live.snapshot()
        transient.state = "checking"
        let error = try refusal(passing, transient)
        #expect(error?.reason == .transientState("checking", leadsTo: "ready"))
        #expect(error?.description == "cannot restore 'passing': the machine never rests in 'checking': it goes on to 'ready' at once; nothing was restored")
    }

    @Test("a snapshot read from damaged JSON is a decoding error; from a definition with errors, the definition's")
    func damaged() throws {
        let bytes = try encoded(try suspendedUSB().snapshot())
        for cut in [0, 1, bytes.count / 2, bytes.count - 1] {
            #expect(throws: DecodingError.self) { try JSONDecoder().decode(MachineSnapshot.self, from: bytes.prefix(cut)) }
        }
        let broken = MachineDefinition<String, String, Never, Void>(name: "usb", initial: "nowhere", events: ["go"]) { In("a") { Ignore("go") } }
        let snapshot = try suspendedUSB().snapshot()
        do {
            _ = try Machine(broken, restoring: snapshot, matching: .names)
            Issue.record("a definition with errors restored a snapshot")
        } catch {
            guard case .invalidDefinition = error.reason else { Issue.record("\(error)"); return }
        }
    }
}

@Suite("The fingerprint: the same in every process, changed by structure only")
struct FingerprintTests {
    /// Two states and a timer, declared in a given order, with a guard and effects given.
    static func lamp(order: Bool, guardName: String = "has power", effects: [String] = ["click", "glow"], delay: Duration = .seconds(5), summary: String = "") -> MachineDefinition<String, String, String, Void> {
        let power = Guard<Void>(guardName) { _ in true }
        let off = In<String, String, String, Void>("off") { On("switch", to: "on", guard: power, emit: effects[0], effects[1]); On("switch", to: "off") }
        let on = In<String, String, String, Void>("on") { On("switch", to: "off"); After(delay, to: "off") }
        let states = order ? [off, on] : [on, off]
        return MachineDefinition(name: "lamp", summary: summary, initial: "off", events: ["switch"]) {
            states[0]
            states[1]
        }
    }

    @Test("unchanged by the order of unrelated declarations, the summary, the direction; changed by a guard's name, the effects' order, a delay, a target")
    func changes() {
        let base = Self.lamp(order: true).fingerprint
        #expect(base.count == 16 && base.allSatisfy(\.isHexDigit))
        #expect(Self.lamp(order: true).fingerprint == base, "made again: the same")
        #expect(Self.lamp(order: false).fingerprint == base, "the states declared the other way round")
        #expect(Self.lamp(order: true, summary: "A lamp.").fingerprint == base)
        #expect(Self.lamp(order: true).drawn(.topToBottom).fingerprint == base)
        #expect(Self.lamp(order: true, guardName: "plugged in").fingerprint != base)
        #expect(Self.lamp(order: true, effects: ["glow", "click"]).fingerprint != base)
        #expect(Self.lamp(order: true, delay: .seconds(6)).fingerprint != base)
        #expect(usbWithRefresh.fingerprint != usbDevice.fingerprint)
    }

    @Test("the USB device's fingerprint is this value, in this process and any other (a digest of its structure's text, not Hasher's)")
    func stable() {
        #expect(usbDevice.fingerprint == "7cfb856185028963")
    }
}
