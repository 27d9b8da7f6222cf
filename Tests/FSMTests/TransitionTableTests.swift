import FSM
import Testing

/// A light switch whose names need escaping in every format.
enum Lamp: String, Hashable, Sendable, CustomStringConvertible {
    case off, on = "on|\"bright\", warm"
    var description: String { rawValue }
}

enum Flip: String, MachineEvent, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case toggle, dim, unplug
    var description: String { rawValue }
}

let powered = Guard<Bool>("powered") { $0 }

let lampDefinition = MachineDefinition<Lamp, Flip, String, Bool>(name: "lamp", initial: .off) {
    In(.off) {
        On(.toggle, to: .on, guard: powered, emit: "glow", "hum")
        On(.toggle, to: .off)
        Ignore(.dim)
        Illegal(.unplug)
    }
    In(.on) {
        On(.toggle, to: .off)
        Internal(.dim, emit: "dimmer")
    }
}

@Suite("TransitionTable: every cell, in three formats")
struct TransitionTableTests {
    @Test("the table has every cell in declaration order")
    func cells() throws {
        let table = lampDefinition.table
        #expect(table.rows.count == 6)
        #expect(table.rows.map(\.state) == [.off, .off, .off, .on, .on, .on])
        #expect(table.rows.map(\.event) == [.toggle, .dim, .unplug, .toggle, .dim, .unplug])
        guard case let .transitions(entries) = try #require(table.cell(.off, .toggle)) else {
            Issue.record("off + toggle is not a transition")
            return
        }
        #expect(entries.map(\.target) == [.on, .off])
        #expect(entries.map(\.guardName) == ["powered", nil])
        #expect(entries.map(\.effects) == [["glow", "hum"], []])
    }

    @Test("Markdown")
    func markdown() {
        #expect(lampDefinition.table.markdown == """
        | from | event | guard | to | effects |
        |---|---|---|---|---|
        | off | toggle | powered | on\\|"bright", warm | glow, hum |
        | off | toggle |  | off |  |
        | off | dim |  | (ignored) |  |
        | off | unplug |  | (illegal, declared) |  |
        | on\\|"bright", warm | toggle |  | off |  |
        | on\\|"bright", warm | dim |  | on\\|"bright", warm (internal) | dimmer |
        | on\\|"bright", warm | unplug |  | (illegal) |  |

        """)
    }

    @Test("CSV")
    func csv() {
        let expected = [
            "state,event,kind,guard,target,effects",
            "off,toggle,transition,powered,\"on|\"\"bright\"\", warm\",glow;hum",
            "off,toggle,transition,,off,",
            "off,dim,ignored,,,",
            "off,unplug,illegal-declared,,,",
            "\"on|\"\"bright\"\", warm\",toggle,transition,,off,",
            "\"on|\"\"bright\"\", warm\",dim,internal,,\"on|\"\"bright\"\", warm\",dimmer",
            "\"on|\"\"bright\"\", warm\",unplug,illegal,,,",
        ]
        #expect(lampDefinition.table.csv == expected.joined(separator: "\r\n") + "\r\n")
    }

    @Test("JSON")
    func json() {
        #expect(lampDefinition.table.json == """
        {
          "machine": "lamp",
          "initial": "off",
          "states": [
            {"name": "off", "final": false},
            {"name": "on|\\"bright\\", warm", "final": false}
          ],
          "events": ["toggle", "dim", "unplug"],
          "cells": [
            {"state": "off", "event": "toggle", "kind": "transition", "transitions": [{"target": "on|\\"bright\\", warm", "guard": "powered", "effects": ["glow", "hum"], "internal": false}, {"target": "off", "guard": null, "effects": [], "internal": false}]},
            {"state": "off", "event": "dim", "kind": "ignored"},
            {"state": "off", "event": "unplug", "kind": "illegal", "declared": true},
            {"state": "on|\\"bright\\", warm", "event": "toggle", "kind": "transition", "transitions": [{"target": "off", "guard": null, "effects": [], "internal": false}]},
            {"state": "on|\\"bright\\", warm", "event": "dim", "kind": "transition", "transitions": [{"target": "on|\\"bright\\", warm", "guard": null, "effects": ["dimmer"], "internal": true}]},
            {"state": "on|\\"bright\\", warm", "event": "unplug", "kind": "illegal", "declared": false}
          ]
        }

        """)
    }

    @Test("the guarded alternatives run in order at runtime too")
    func runtimeAgrees() throws {
        var lamp = try Machine(lampDefinition)
        #expect(try lamp.send(.toggle, context: false).target == .off)
        #expect(try lamp.send(.toggle, context: true).effects == ["glow", "hum"])
        #expect(lamp.state == .on)
    }
}
