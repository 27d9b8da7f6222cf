import FSM
import FSMTesting
import Foundation
import TestSupport
import Testing

/// How many walks the continuation property takes per machine: 200 in `swift test`, more in
/// CI's property gate (`FSM_CONTINUATION_WALKS`, see `.ci/deep`).
enum ContinuationGate {
    static var walks: Int {
        ProcessInfo.processInfo.environment["FSM_CONTINUATION_WALKS"].flatMap(Int.init) ?? 200
    }
}

@Suite("Snapshots continue: walks cut, saved through JSON, restored and walked on as if never stopped")
struct SnapshotContinuationTests {
    @Test("the USB device (nested parents, a parent's timer, histories resumed from inside and out)")
    func usb() {
        let counterexample = expectSnapshotContinuation(usbDevice, context: (), events: usbDevice.events, walks: ContinuationGate.walks)
        print("continuation: usb \(ContinuationGate.walks) walks, \(counterexample == nil ? 0 : 1) mismatches")
        #expect(counterexample == nil)
    }

    @Test("the elevator (three levels of parents, deep and shallow histories, guards, timers)")
    func elevator() {
        let counterexample = expectSnapshotContinuation(elevatorCar, context: (), events: elevatorCar.events, walks: ContinuationGate.walks)
        print("continuation: elevator \(ContinuationGate.walks) walks, \(counterexample == nil ? 0 : 1) mismatches")
        #expect(counterexample == nil)
    }

    @Test("the player and the jukebox (regions at the top and inside a parent), licensed or not", arguments: [true, false])
    func regions(licensed: Bool) {
        let viewer = Viewer(licensed: licensed)
        let player = expectSnapshotContinuation(playerMachine, context: viewer, events: PlayerEvent.allCases, walks: ContinuationGate.walks)
        let jukebox = expectSnapshotContinuation(jukeboxMachine, context: viewer, events: JukeboxEvent.allCases, walks: ContinuationGate.walks)
        print("continuation: player and jukebox (licensed: \(licensed)) \(ContinuationGate.walks) walks each, \((player == nil ? 0 : 1) + (jukebox == nil ? 0 : 1)) mismatches")
        #expect(player == nil && jukebox == nil)
    }

    @Test("every configuration the test machines reach round-trips through JSON and answers every event the same")
    func roundTrips() {
        let usb = expectSnapshotRoundTrip(usbDevice, context: (), events: usbDevice.events)
        let elevator = expectSnapshotRoundTrip(elevatorCar, context: (), events: elevatorCar.events)
        let player = expectSnapshotRoundTrip(playerMachine, context: Viewer(licensed: true), events: PlayerEvent.allCases)
        let jukebox = expectSnapshotRoundTrip(jukeboxMachine, context: Viewer(licensed: true), events: JukeboxEvent.allCases)
        print("round trips: usb \(usb), elevator \(elevator), player \(player), jukebox \(jukebox) configurations")
        // Each state with each memory its histories can hold on the way there.
        #expect(usb > 10 && elevator > 20 && player > 5 && jukebox > 5)
    }
}
