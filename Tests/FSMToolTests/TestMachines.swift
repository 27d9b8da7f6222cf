import ArgumentParser
import FSM
import FSMREPL
import FSMTool
import Foundation
import Testing

enum Turnstile: String, Hashable, Sendable, CustomStringConvertible {
    case locked, unlocked, broken
    var description: String { rawValue }
}

enum TurnstileEvent: String, MachineEvent, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case coin, push, kick
    var description: String { rawValue }
}

enum TurnstileEffect: String, Hashable, Sendable, CustomStringConvertible {
    case unlock, lock, refund, alarm
    var description: String { rawValue }
}

/// A turnstile: an internal transition, an ignored event, an effect, a final state.
let turnstile = MachineDefinition<Turnstile, TurnstileEvent, TurnstileEffect, Void>(
    name: "turnstile", summary: "A coin unlocks it, a push locks it again.", initial: .locked
) {
    In(.locked) {
        On(.coin, to: .unlocked, emit: .unlock)
        Illegal(.push)
        On(.kick, to: .broken, emit: .alarm)
    }
    In(.unlocked) {
        On(.push, to: .locked, emit: .lock)
        Internal(.coin, emit: .refund)
        Ignore(.kick)
    }
    Final(.broken) { IgnoreOtherEvents() }
}

enum Bulb: String, Hashable, Sendable, CustomStringConvertible {
    case off, on
    var description: String { rawValue }
}

/// A lamp over `String` events whose switching on is guarded by a context (mains power).
let lamp = MachineDefinition<Bulb, String, Never, Bool>(name: "lamp", initial: .off, events: ["switch", "unplug"]) {
    In(.off) {
        On("switch", to: .on, guard: Guard("has power") { $0 })
        Ignore("unplug")
    }
    In(.on) {
        On("switch", to: .off)
        On("unplug", to: .off)
    }
}

/// The tool's test catalog: two machines of different types, no Login Challenge.
let toolMachines: [any MachineDescribing] = [turnstile, lamp]

/// Output written by a tool run, collected for a test.
final class Captured: @unchecked Sendable {
    private let lock = NSLock()
    private var out = ""
    private var err = ""
    private var input: [String]

    init(input: [String] = []) { self.input = input }

    var stdout: String { lock.withLock { out } }
    var stderr: String { lock.withLock { err } }

    func io(interactive: Bool = false, in directory: URL = FileManager.default.temporaryDirectory) -> ToolIO {
        ToolIO(
            write: { text in self.lock.withLock { self.out += text } },
            writeError: { text in self.lock.withLock { self.err += text } },
            readLine: { self.lock.withLock { self.input.isEmpty ? nil : self.input.removeFirst() } },
            isInteractive: interactive,
            currentDirectory: directory
        )
    }
}

/// What one run of a test tool did.
struct ToolRun {
    let status: Int32
    let stdout: String
    let stderr: String
}

/// Runs the test tool (named `machines`) in-process.
func tool(
    _ arguments: [String],
    machines: [any MachineDescribing] = toolMachines,
    input: [String] = [],
    in directory: URL = FileManager.default.temporaryDirectory,
    subcommands: [any ParsableCommand.Type] = []
) async -> ToolRun {
    let captured = Captured(input: input)
    let status = await FSMTool.run(arguments, name: "machines", machines: machines, subcommands: subcommands, io: captured.io(in: directory))
    return ToolRun(status: status, stdout: captured.stdout, stderr: captured.stderr)
}
