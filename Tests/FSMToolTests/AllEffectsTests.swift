import FSM
import FSMTool
@testable import FSMTesting
import Foundation
import Testing
import TestSupport

/// A USB device whose states have entry and exit effects: unplugging the suspended device
/// leaves low power and powers down before its own effect.
let usbWithEffects = MachineDefinition<String, String, String, Void>(
    name: "usb-effects", initial: "Attached", events: ["powerOn", "powerOff", "address", "busActivity"]
) {
    In("Attached") { On("powerOn", to: "Powered"); Ignore("powerOff", "address", "busActivity") }
    Parent(state: "Powered", initial: "Default") {
        OnEntry("powerUp")
        OnExit("powerDown")
        On("powerOff", to: "Attached", emit: "detach")
        Ignore("powerOn")
    } children: {
        Parent(state: "Awake", initial: "Default") {
            After(.milliseconds(3), to: "Suspended", emit: "idleBus")
            Ignore("busActivity")
        } children: {
            In("Default") { OnEntry("listenAtZero"); On("address", to: "Address", emit: "storeAddress") }
            In("Address") { Ignore("address") }
        }
        In("Suspended") {
            OnEntry("enterLowPower")
            OnExit("leaveLowPower")
            On("busActivity", to: "Default", resuming: .shallow("Awake"), emit: "wake")
            Ignore("address")
        }
    }
}

/// Where every transition's `performed` effects (what `fsm table --all-effects` prints)
/// differ from the effects derived by the test helpers' table oracle (from the declarations,
/// by the documented order) and from what a machine started in the row's state emits taking
/// that transition; and how many were compared.
func performedMismatches<Effect: Equatable>(_ definition: MachineDefinition<String, String, Effect, Void>) throws -> (compared: Int, mismatches: [String]) {
    let table = definition.table
    let oracle = TableOracle(definition)
    var compared = 0
    var mismatches: [String] = []
    let start = try Machine(definition)
    func machine(in state: String) throws -> Machine<String, String, Effect, Void> {
        try #require(start.starting(in: state))
    }
    func compare(_ what: String, _ performed: [Effect], oracle expected: [Effect], machine emitted: [Effect]?) {
        compared += 1
        if performed != expected { mismatches.append("\(what): table \(performed), oracle \(expected)") }
        if let emitted, performed != emitted { mismatches.append("\(what): table \(performed), machine \(emitted)") }
    }
    // A chain of transitions without an event adds its own effects at the machine.
    let chains = !table.eventlessRows.isEmpty
    for row in table.rows {
        let entries: [TransitionTable<String, String, Effect>.Entry]
        switch row.cell {
        case let .transitions(list), let .guarded(list, _): entries = list
        case .ignored, .illegal: continue
        }
        for (index, entry) in entries.enumerated() where !entries[..<index].contains(where: { $0.guardName == entry.guardName }) {
            let what = "\(row.state) + \(row.event) [\(entry.guardName ?? "")]"
            // With eventless lines (never with histories), the oracle's step includes the chain.
            let expected: [Effect]
            if chains {
                expected = entry.isInternal ? entry.effects : oracle.effects(from: row.state, to: entry.target, own: entry.effects, declaredBy: row.inheritedFrom)
            } else if case let .taken(_, effects, _) = oracle.expected(row.state, row.event, holds: { $0 == entry.guardName }) {
                expected = effects
            } else {
                mismatches.append("\(what): the oracle takes no transition")
                continue
            }
            var machine = try machine(in: row.state)
            let emitted = chains ? nil : try machine.sendKeeping(row.event) { $0.name == entry.guardName }.transition.effects
            compare(what, entry.performed, oracle: expected, machine: emitted.map(Array.init))
        }
    }
    for timer in table.timerRows {
        let what = "\(timer.state) after \(timer.duration)"
        let expected = oracle.effects(from: timer.state, to: timer.entry.target, own: timer.entry.effects, declaredBy: timer.inheritedFrom)
        var machine = try machine(in: timer.state)
        let owner = timer.inheritedFrom ?? timer.state
        let armed = machine.timers.first { $0.owner == owner && $0.duration == timer.duration }
        let emitted = chains ? nil : armed.flatMap { machine.fire($0, guards: { _ in true }) }.map { Array($0.effects) }
        if !chains, emitted == nil { mismatches.append("\(what): the machine does not fire it") }
        compare(what, timer.entry.performed, oracle: expected, machine: emitted)
    }
    for line in table.eventlessRows {
        let expected = oracle.effects(from: line.state, to: line.entry.target, own: line.entry.effects, declaredBy: line.inheritedFrom)
        compare("\(line.state) \(line.isCompletion ? "(done)" : "(always)") -> \(line.entry.target)", line.entry.performed, oracle: expected, machine: nil)
    }
    return (compared, mismatches)
}

@Suite("Every effect a transition performs, in order: in tables, in expected cells, the same as the machine emits")
struct AllEffectsTests {
    @Test("each transition's performed effects are the oracle's and the machine's, in every machine with parents, histories, timers or eventless lines")
    func agree() throws {
        for (name, result) in [
            ("usb-effects", try performedMismatches(usbWithEffects)), ("usb", try performedMismatches(usbDevice)),
            ("elevator", try performedMismatches(elevatorCar)), ("history", try performedMismatches(scxmlHistory)),
            ("eventless", try performedMismatches(scxmlEventless)), ("timed", try performedMismatches(scxmlTimed)),
        ] {
            #expect(result.mismatches == [], "\(name)")
            #expect(result.compared > 5, "\(name): \(result.compared) compared")
        }
    }

    @Test("unplugging the suspended device: its exit, the parent's exit, its own, the entry of where it goes")
    func suspendedUnplugged() {
        expectCell(usbWithEffects, ExpectedRow("Suspended", "powerOff", .to("Attached", emitting: "leaveLowPower", "powerDown", "detach")), effects: .all)
        expectCell(usbWithEffects, ExpectedRow("Suspended", "powerOff", .to("Attached", emitting: "detach")))
        expectCell(usbWithEffects, ExpectedRow("Attached", "powerOn", .to("Default", emitting: "powerUp", "listenAtZero")), effects: .all)
        expectCell(usbWithEffects, ExpectedRow("Suspended", "busActivity", .resuming(.shallow("Awake"), default: "Default", emitting: "leaveLowPower", "wake", "listenAtZero")), effects: .all)
        withKnownIssue("own effects only: the exits are not the line's") {
            expectCell(usbWithEffects, ExpectedRow("Suspended", "powerOff", .to("Attached", emitting: "leaveLowPower", "powerDown", "detach")))
        }
        withKnownIssue("the order matters") {
            expectCell(usbWithEffects, ExpectedRow("Suspended", "powerOff", .to("Attached", emitting: "powerDown", "leaveLowPower", "detach")), effects: .all)
        }
        let differences = usbWithEffects.tableDifferences([ExpectedRow("Suspended", "powerOff", .to("Attached", emitting: "detach"))], effects: .all)
        #expect(differences.first == "Suspended + powerOff: expected Attached / detach, actual Attached / leaveLowPower, powerDown, detach")
    }

    @Test("fsm table --all-effects prints the table with every effect, in each format")
    func command() async {
        for (arguments, format) in [([String](), TableFormat.markdown), (["-f", "csv"], .csv), (["-f", "json"], .json)] {
            let run = await tool(["table", "usb-effects", "--all-effects"] + arguments, machines: [usbWithEffects])
            #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
            #expect(run.stdout == usbWithEffects.table.text(format, allEffects: true))
        }
    }

    @Test("--all-effects: one more column in Markdown and CSV, a key in JSON, the plain table unchanged")
    func formats() throws {
        let markdown = usbWithEffects.table.text(.markdown, allEffects: true)
        #expect(markdown.hasPrefix("| from | event | guard | to | effects | all effects |\n|---|---|---|---|---|---|\n"))
        #expect(markdown.contains("| Suspended | powerOff |  | Attached (inherited from Powered) | detach | leaveLowPower, powerDown, detach |\n"), "\(markdown)")
        #expect(markdown.contains("| Address | after 3 ms |  | Suspended (inherited from Awake) | idleBus | idleBus, enterLowPower |\n"), "\(markdown)")
        let csv = usbWithEffects.table.text(.csv, allEffects: true)
        #expect(csv.hasPrefix("state,event,kind,guard,target,effects,all_effects,inherited_from\r\n"))
        #expect(csv.contains("Suspended,powerOff,transition,,Attached,detach,leaveLowPower;powerDown;detach,Powered\r\n"), "\(csv)")
        let json = usbWithEffects.table.text(.json, allEffects: true)
        #expect(json.contains("\"effects\": [\"detach\"], \"allEffects\": [\"leaveLowPower\", \"powerDown\", \"detach\"], \"internal\": false"), "\(json)")
        #expect(json.contains("\"effects\": [\"idleBus\"], \"allEffects\": [\"idleBus\", \"enterLowPower\"]"), "\(json)")
        // Without the flag, no such column (the committed tables of the shipped machines,
        // Tests/UseCasesTests/Tables, are compared byte for byte elsewhere).
        #expect(usbWithEffects.tableText(.markdown).hasPrefix("| from | event | guard | to | effects |\n|---|---|---|---|---|\n"))
        #expect(usbWithEffects.tableText(.csv).hasPrefix("state,event,kind,guard,target,effects,inherited_from\r\n"))
        #expect(!usbWithEffects.tableText(.json).contains("allEffects"))
    }
}
