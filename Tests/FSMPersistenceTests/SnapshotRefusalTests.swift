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

/// A machine with states it never rests in: `checking` goes on at once to `ready`;
/// `sorting` goes to `ready` when its guard holds, and otherwise to `idle`.
private let passing = MachineDefinition<String, String, Never, Void>(name: "passing", initial: "idle", events: ["go", "sort"]) {
    In("idle") { On("go", to: "checking"); On("sort", to: "sorting") }
    In("checking") { Always(to: "ready"); Ignore("go", "sort") }
    In("sorting") { Always(to: "ready", guard: Guard("small") { _ in true }); Always(to: "idle"); Ignore("go", "sort") }
    In("ready") { On("go", to: "idle"); Ignore("sort") }
}

/// A jukebox-like player whose parent `on` has both histories: leaving it sets both.
private let twoHistories = MachineDefinition<String, String, Never, Void>(name: "two", initial: "off", events: ["power", "wake", "next", "zap"]) {
    In("off") { On("power", to: "a", resuming: .deep("on")); On("wake", to: "a", resuming: .shallow("on")); Ignore("next", "zap") }
    Parent("on") { On("power", to: "off"); Ignore("wake") } children: {
        In("a") { On("next", to: "b"); Ignore("zap") }
        Parent("inner") { On("next", to: "a") } children: {
            In("b") { On("zap", to: "c") }
            In("c") { On("zap", to: "b") }
        }
    }
}

/// A parent with a child state and a child parent of one name, `x`: what its shallow history
/// remembers cannot be told apart by name.
private let clash = MachineDefinition<String, String, Never, Void>(name: "clash", initial: "out", events: ["in", "out", "go"]) {
    In("out") { On("in", to: "a", resuming: .shallow("P")); Ignore("out", "go") }
    Parent("P") { On("out", to: "out"); Ignore("in") } children: {
        In("a") { On("go", to: "x") }
        In("x") { On("go", to: "y") }
        Parent("x") { Ignore("go") } children: {
            In("y") {}
        }
    }
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
        #expect(error?.reason == .unsupportedFormat(2))
        #expect(error?.description == "cannot restore 'usb': the snapshot is written in format 2; this library reads format 1; nothing was restored")
        var none = snapshot
        none.format = 0
        #expect(try refusal(usbDevice, none)?.reason == .unsupportedFormat(0))
        let changed = try refusal(usbWithRefresh, snapshot)
        #expect(changed?.reason == .otherStructure(snapshot: usbDevice.fingerprint, definition: usbWithRefresh.fingerprint))
        #expect(changed?.description.contains("it is restored only when matching names is asked for (`matching: .names`)") == true)
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
        #expect(try refusal(usbDevice, edited { $0.parents = [] })?.description == "cannot restore 'usb': 'Suspended' is inside 'Powered' now, not the top (no parent); nothing was restored")
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
        // Its first line guarded, its last not: it leaves whatever the guard says.
        transient.state = "sorting"
        #expect(try refusal(passing, transient)?.reason == .transientState("sorting", leadsTo: "idle"))
    }

    @Test("a history's memory whose name is a child state's and a child parent's: refused as ambiguous")
    func ambiguousMemory() throws {
        var live = try Machine(clash)
        for event in ["in", "go", "out"] { try live.send(event, context: ()) }
        let snapshot = live.snapshot()
        #expect(snapshot.history == [MachineSnapshot.Memory(parent: "P", deep: false, remembers: "x")])
        #expect(try refusal(clash, snapshot)?.reason == .ambiguousState("x"))
    }

    @Test("a parent's shallow and deep histories that no run leaves together are refused; together, both come back")
    func twoHistoriesOfOneParent() throws {
        var live = try Machine(twoHistories)
        for event in ["power", "next", "zap", "power"] { try live.send(event, context: ()) }
        let snapshot = live.snapshot()
        #expect(snapshot.history == [MachineSnapshot.Memory(parent: "on", deep: true, remembers: "c"), MachineSnapshot.Memory(parent: "on", deep: false, remembers: "inner")])
        var restored = try Machine(twoHistories, restoring: snapshot)
        try restored.send("power", context: ())
        #expect(restored.state == "c", "the deep history came back")
        var wake = try Machine(twoHistories, restoring: snapshot)
        try wake.send("wake", context: ())
        #expect(wake.state == "b", "the shallow one: inner, entered at its first state")
        var contradicting = snapshot
        contradicting.history[1].remembers = "a"  // shallow: a, deep: c (inside inner)
        let error = try refusal(twoHistories, contradicting)
        #expect(error?.reason == .contradictoryHistory(parent: "on"))
        var half = snapshot
        half.history[1].remembers = nil
        #expect(try refusal(twoHistories, half)?.reason == .contradictoryHistory(parent: "on"))
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
        #expect(usbDevice.fingerprint == "2b86a6f967751006")
    }
}
