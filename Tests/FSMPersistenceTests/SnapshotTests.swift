import Entities
import FSM
import FSMCoverage
import FSMPersistence
import FSMTesting
import Foundation
import Testing
import TestSupport
import UseCases

/// The JSON a snapshot is stored as: sorted keys, so the same snapshot gives the same bytes.
func encoded(_ snapshot: MachineSnapshot) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return try encoder.encode(snapshot)
}

/// Random walks through `definition`: before each step the machine is saved as JSON, read
/// back and restored into a fresh machine, which must be in the same row of the compiled
/// table (its state and what its histories remember) and take the next event exactly as the
/// live one does. Returns the rows met and the number of round trips.
func walkWithRoundTrips<S, E, F, C>(
    _ definition: MachineDefinition<S, E, F, C>, events: [E], context: C, walks: Int, steps: Int, seed: UInt64
) throws -> (rows: Set<Int>, trips: Int) {
    var random = SeededRandom(seed: seed)
    var rows = Set<Int>()
    var trips = 0
    // Compiled once: each round trip restores into a copy of it (as a server holding many
    // machines of one definition does).
    let compiled = try Machine(definition, policy: .ignore)
    for _ in 0..<walks {
        var live = try Machine(definition, policy: .ignore)
        for _ in 0..<steps {
            let bytes = try encoded(live.snapshot())
            let read = try JSONDecoder().decode(MachineSnapshot.self, from: bytes)
            #expect(try encoded(read) == bytes, "read back, the snapshot is written as the same bytes")
            var restored = compiled
            try restored.restore(read)
            #expect(restored.row == live.row, "\(definition.name): restored in another row than \(live.state)")
            #expect(restored.state == live.state)
            rows.insert(live.row)
            trips += 1
            let event = events[Int(random.next() % UInt64(events.count))]
            let expected = live.transition(on: event, context: context)
            let got = restored.transition(on: event, context: context)
            #expect(String(describing: got) == String(describing: expected), "\(definition.name): after a restore, \(event) did something else")
            if live.isFinished { break }
        }
    }
    return (rows, trips)
}

@Suite("Snapshots: a machine saved by names and restored without running anything")
struct SnapshotTests {
    @Test("every state and memory random walks reach round-trips through JSON and goes on as the live machine (histories, parents, regions inside a parent, timers' states)")
    func roundTrips() throws {
        let usb = try walkWithRoundTrips(usbDevice, events: usbDevice.events, context: (), walks: 40, steps: 30, seed: 1)
        let elevator = try walkWithRoundTrips(elevatorCar, events: elevatorCar.events, context: (), walks: 40, steps: 40, seed: 2)
        let player = try walkWithRoundTrips(playerMachine, events: PlayerEvent.allCases, context: Viewer(), walks: 40, steps: 30, seed: 3)
        let jukebox = try walkWithRoundTrips(jukeboxMachine, events: JukeboxEvent.allCases, context: Viewer(licensed: false), walks: 40, steps: 30, seed: 4)
        let login = try walkWithRoundTrips(
            LoginMachine.definition, events: [.edit, .logIn, .succeed, .fail(.login), .fail(.network), .fail(.server), .fail(.system), .closeAlert, .returnFromHome],
            context: Credentials(id: "id", password: "pw"), walks: 20, steps: 20, seed: 5
        )
        let user = User(id: User.ID(rawValue: "id"), name: "name", introduction: "")
        let home = try walkWithRoundTrips(
            HomeMachine.definition, events: [.startLoading, .finishLoading(user), .failToLoad(.network), .failToLoad(.authentication), .clearError, .logOut, .finishLogOut],
            context: (), walks: 20, steps: 20, seed: 6
        )
        // Rows with memory (row `s + states * m`: state `s` with memory `m`): the walks left
        // parents whose histories then remembered something, and were saved so.
        for (name, walked, states) in [("usb", usb, usbDevice.states.count), ("elevator", elevator, elevatorCar.states.count), ("jukebox", jukebox, jukeboxMachine.states.count)] {
            #expect(walked.rows.contains { $0 >= states }, "\(name): no walk saved a history's memory: \(walked.rows.sorted())")
            print("\(name): \(walked.rows.count) rows, \(walked.trips) round trips")
        }
        #expect(player.trips > 0 && login.trips > 0 && home.trips > 0)
        print("round trips: \([usb, elevator, player, jukebox, login, home].reduce(0) { $0 + $1.trips })")
    }

    @Test("restored under a coverage recorder: the state counted as entered, and no pair of transitions across the jump")
    func coverage() throws {
        let recorder = CoverageRecorder()
        var machine = try Machine(usbDevice)
        machine.recorder = recorder
        try machine.send("powerOn", context: ())
        var saved = try Machine(usbDevice)
        for event in ["powerOn", "address", "configure"] { try saved.send(event, context: ()) }
        try machine.restore(saved.snapshot())
        try machine.send("deconfigure", context: ())
        let coverage = try #require(recorder.coverage[machine: "usb"])
        #expect(coverage.states.first { $0.state == "Configured" }?.entered == 1)
        #expect(coverage.pairs.isEmpty, "powerOn and deconfigure were never taken one after the other: \(coverage.pairs)")
    }

    @Test("the snapshot of the USB device: its state, parents and what its history remembers, also while it is not inside the parent")
    func usbSnapshot() throws {
        var usb = try Machine(usbDevice)
        for event in ["powerOn", "address", "configure", "suspend"] { try usb.send(event, context: ()) }
        let snapshot = usb.snapshot()
        #expect(snapshot.machine == "usb")
        #expect(snapshot.state == "Suspended")
        #expect(snapshot.parents == ["Powered"])
        #expect(snapshot.history == [MachineSnapshot.Memory(parent: "Awake", deep: false, remembers: "Configured")])
        #expect(snapshot.fingerprint == usbDevice.fingerprint)
        let json = String(decoding: try encoded(snapshot), as: UTF8.self)
        #expect(json == #"{"fingerprint":"\#(usbDevice.fingerprint)","format":1,"history":[{"deep":false,"parent":"Awake","remembers":"Configured"}],"machine":"usb","parents":["Powered"],"state":"Suspended"}"#)
        // Restored, nothing runs, and bus activity resumes where the device was suspended.
        var restored = try Machine(usbDevice, restoring: snapshot)
        let resumed = try restored.send("busActivity", context: ())
        #expect(restored.state == "Configured", "\(resumed)")
        // A fresh device (never suspended) resumes at the history's default.
        var fresh = try Machine(usbDevice, startingIn: "Suspended")
        try fresh.send("busActivity", context: ())
        #expect(fresh.state == "Default")
    }
}
