import FSM
import FSMTool
import Foundation
import Testing
import TestSupport

/// A USB device, as a new user declared it: two nested parents whose lines target their own
/// states (a reset to a child, a power cut back to the parent itself, a refresh resuming the
/// parent's own history), a timer and a completion-free history from outside.
let usbDevice = MachineDefinition<String, String, String, Void>(
    name: "usb", initial: "Attached",
    events: ["powerOn", "busReset", "powerInterruption", "powerOff", "address", "configure", "deconfigure", "suspend", "busActivity", "refresh"]
) {
    In("Attached") { On("powerOn", to: "Powered") }
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

/// An elevator car, written by a helper who had not seen the exporter's code, as a new user
/// would (three levels of parents, each with lines to its own children, to itself, to its
/// own history, and timers to its own children; lines out of parents, guards, histories
/// resumed from outside). The judges found every parent's line drawn from its parent.
private let loadOK = Guard<Void>("load ok") { _ in true }
private let keyOn = Guard<Void>("key on") { _ in true }
private let targetFloor = Guard<Void>("target floor") { _ in true }

let elevatorCar = MachineDefinition<String, String, String, Void>(
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

@Suite("A parent's lines drawn from the parent, judged on Graphviz's layout")
struct ParentLinesDrawnTests {
    @Test("the USB device: its parents' lines to their own states start inside the parent, away from every child; each state's line on its state",
          .enabled(if: Graphviz.find() != nil, "Graphviz (dot) is not installed; CI installs it"))
    func usb() throws {
        let graphviz = try #require(Graphviz.find())
        #expect(usbDevice.validate().filter { $0.severity == .error }.isEmpty)
        let (problems, judged) = try EdgeGeometry.misdrawn(usbDevice, graphviz: graphviz)
        #expect(problems == [])
        // powerOn, busReset, powerInterruption, powerOff, suspend, refresh, after 3 s,
        // address, configure, deconfigure, busActivity: every line is judged.
        #expect(judged == 11)
    }

    @Test("the DOT text: a line to a state inside its parent leaves from the parent's point, before its initial child; a line out of it from its border")
    func dotText() {
        let dot = usbDevice.dot()
        // Powered's point, ranked before Default (through Awake), and Awake's.
        #expect(dot.contains("p0i [shape=point, width=0.06, height=0.06, label=\"\", color=\"gray25\"];\n"))
        #expect(dot.contains("p0i -> s1 [style=invis];"))
        #expect(dot.contains("p1i -> s1 [style=invis];"))
        #expect(dot.contains("p0i -> s1 [label=\"busReset\\n/ resetDevice\"];"))
        #expect(dot.contains("p0i -> s1 [label=\"powerInterruption\"];"))
        #expect(dot.contains("p1i -> p1h [label=\"refresh\"];"))
        // Lines that leave the parent keep the border (ltail).
        #expect(dot.contains("s0 -> s1 [label=\"powerOff\", lhead=cluster_p0, dir=back];"))
        #expect(dot.contains("s1 -> s4 [label=\"suspend\", ltail=cluster_p1];"))
        // No line of a parent is drawn as a child's loop.
        #expect(!dot.contains("s1 -> s1"))
    }

    @Test("every machine of the tool's tests (parents, history, timers, eventless lines, regions, hostile names) draws each line from where it is declared",
          .enabled(if: Graphviz.find() != nil, "Graphviz (dot) is not installed; CI installs it"))
    func everyMachine() throws {
        let graphviz = try #require(Graphviz.find())
        let (problems, judged) = try EdgeGeometry.misdrawn(
            usbDevice, elevatorCar, scxmlNested, scxmlParallel, scxmlTimed, scxmlHistory, scxmlEventless, regionWithParent,
            trickyMachine, trickyNested, trickyParallel, MermaidJudgeTests.namesMachine(holding: mermaidNames[...]), explorerLab, turnstile, lamp, graphviz: graphviz
        )
        #expect(problems == [])
        #expect(judged > 60, "only \(judged) lines judged")
    }

    @Test("real Mermaid draws every line of the machines with parents, histories or regions, each from the state the text names; a parent's line to its own state from the parent's point, not as an empty path",
          .enabled(if: MermaidJudge.runs, "python3 with mermaidx is not installed (CI installs it), or a sanitizer run"))
    func mermaid() throws {
        // The machines with parents, histories or regions (Mermaid takes about 5 s a drawing
        // here; the others' drawings are judged by the other Mermaid suites).
        let machines: [any MachineDescribing] = [usbDevice, elevatorCar, scxmlNested, scxmlParallel, scxmlHistory, scxmlEventless, regionWithParent, trickyNested]
        let (problems, judged) = try MermaidEdgeGeometry.misdrawn(machines)
        #expect(problems == [])
        #expect(judged > 40, "only \(judged) lines judged")
        let usb = usbDevice.mermaid()
        #expect(usb.contains("    state \"·\" as p0i\n"))
        #expect(usb.contains("  p0i --> s1 : busReset<br>/ resetDevice\n"))
        #expect(usb.contains("  p1i --> p1h : refresh\n"))
        #expect(usb.contains("  p0 --> s0 : powerOff\n"), "a line out of the parent still leaves its border")
        #expect(usb.contains("  class p0i,p1i parentPoint\n"))
    }
}
