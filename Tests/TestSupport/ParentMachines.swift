import FSM

/// A USB device, as a new user declared it: two nested parents whose lines target their own
/// states (a reset to a child, a power cut back to the parent itself, a refresh resuming the
/// parent's own history), a timer and a completion-free history from outside.
public let usbDevice = makeUSBDevice()

/// The USB device; with `refreshPowersOn`, another structure of the same states and histories
/// (`Attached` answers `refresh` by powering on, as `powerOn`).
public func makeUSBDevice(refreshPowersOn: Bool = false) -> MachineDefinition<String, String, String, Void> {
    MachineDefinition<String, String, String, Void>(
        name: "usb", initial: "Attached",
        events: ["powerOn", "busReset", "powerInterruption", "powerOff", "address", "configure", "deconfigure", "suspend", "busActivity", "refresh"]
    ) {
        In("Attached") {
            On("powerOn", to: "Powered")
            if refreshPowersOn { On("refresh", to: "Powered") }
        }
        Parent(state: "Powered", initial: "Default") {
            On("busReset", to: "Default", emit: "resetDevice")
            On("powerInterruption", to: "Powered")
            On("powerOff", to: "Attached")
        } children: {
            Parent(state: "Awake", initial: "Default") {
                On("suspend", to: "Suspended")
                On("refresh", to: "Default", resuming: .shallow("Awake"))
                After(.seconds(3), to: "Suspended")
            } children: {
                In("Default") { On("address", to: "Address") }
                In("Address") { On("configure", to: "Configured") }
                In("Configured") { On("deconfigure", to: "Address") }
            }
            In("Suspended") { On("busActivity", to: "Default", resuming: .shallow("Awake")) }
        }
    }
}

/// An elevator car, written by a helper who had not seen the exporter's code, as a new user
/// would (three levels of parents, each with lines to its own children, to itself, to its
/// own history, and timers to its own children; lines out of parents, guards, histories
/// resumed from outside). The judges found every parent's line drawn from its parent.
private let loadOK = Guard<Void>("load ok") { _ in true }
private let keyOn = Guard<Void>("key on") { _ in true }
private let targetFloor = Guard<Void>("target floor") { _ in true }

public let elevatorCar = MachineDefinition<String, String, String, Void>(
    name: "elevator",
    initial: "parked",
    events: ["start", "call", "unload", "doorsShut", "atSpeed", "nearFloor", "arrived", "doorsOpened",
             "doorBlocked", "glitch", "overspeed", "emergencyStop", "release", "cancelAll", "reset",
             "powerBlip", "fireAlarm", "allClear", "maintenanceKey", "keyOff", "shutdown"]
) {
    In("parked") {
        On("start", to: "inService", emit: "lightsOn")                      // L1: into a parent
    }
    Parent(state: "inService", initial: "idle") {
        OnEntry("selfTest")
        OnExit("brakeOn")
        On("fireAlarm", to: "fireRecall", emit: "alarmBell")               // L2: parent leaves itself
        On("maintenanceKey", to: "maintenance", guard: keyOn)              // L3: parent leaves, guarded
        On("cancelAll", to: "idle", emit: "clearCalls")                    // L4: parent -> own child
        On("reset", to: "inService", emit: "rehome")                       // L5: parent -> itself
        On("powerBlip", to: "idle", resuming: .shallow("inService"))       // L6: parent -> own history
    } children: {
        In("idle") {
            On("call", to: "trip", guard: loadOK, emit: "chime")           // L7: guarded, into nested parent
            On("call", to: "overloaded", emit: "buzz")                     // L8: default of L7
            After(.seconds(300), to: "parked", emit: "lightsOff")          // L9: child timer leaving parent
        }
        In("overloaded") {
            On("unload", to: "idle")                                       // L10
        }
        Parent(state: "trip", initial: "doorsClosing") {
            On("emergencyStop", to: "halted")                              // L11: parent -> sibling (leaves trip)
            On("doorBlocked", to: "doorsOpening", emit: "reopen")          // L12: parent -> own child
            On("glitch", to: "doorsClosing", resuming: .deep("trip"))      // L13: parent -> own deep history
            After(.seconds(90), to: "doorsOpening", emit: "tripTimeout")   // L14: parent timer -> own child
        } children: {
            In("doorsClosing") {
                On("doorsShut", to: "moving")                              // L15: into nested parent
            }
            Parent(state: "moving", initial: "accelerating") {
                OnExit("motorOff")
                On("overspeed", to: "moving", emit: "governorTrip")        // L16: parent -> itself
                After(.seconds(30), to: "decelerating")                    // L17: parent timer -> own child
            } children: {
                In("accelerating") {
                    On("atSpeed", to: "cruising")                          // L18
                }
                In("cruising") {
                    On("nearFloor", to: "decelerating", guard: targetFloor) // L19: guarded
                    Ignore("nearFloor")                                    //      default: ignore
                }
                In("decelerating") {
                    On("arrived", to: "doorsOpening")                      // L20: child leaves moving
                }
            }
            In("doorsOpening") {
                On("doorsOpened", to: "idle")                              // L21: child leaves trip
            }
        }
        In("halted") {
            On("release", to: "doorsClosing", resuming: .deep("trip"))     // L22: sibling -> deep history
        }
    }
    In("fireRecall") {
        On("allClear", to: "inService", guard: keyOn)                      // L23: guarded, into parent
        On("allClear", to: "parked")                                       // L24: default
    }
    In("maintenance") {
        On("keyOff", to: "idle", resuming: .deep("inService"))             // L25: outside -> deep history
        On("shutdown", to: "parked")                                       // L26
    }
}
