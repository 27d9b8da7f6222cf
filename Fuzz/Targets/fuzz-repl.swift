// libFuzzer target: arbitrary bytes, split into lines, typed into a REPL session over a
// machine with guards, payload-like names, ignored and final states.
// Invariants: no crash; after every line the session is in a declared state; a bad line
// changes nothing; `:save` writes (into memory) a script that, replayed in a new session,
// reaches the same state.
import FSM
import FSMREPL

enum Phase: Hashable, Sendable, CustomStringConvertible {
    case idle, busy, failed(String), done
    var description: String {
        switch self {
        case .idle: "idle"
        case .busy: "busy"
        case let .failed(kind): "failed(\(kind))"
        case .done: "done"
        }
    }
}

let kinds = ["network", "server"]
let fuzzMachine = MachineDefinition<Phase, String, String, Bool>(
    name: "fuzz", initial: .idle, events: ["start", "finish", "fail(network)", "fail(server)", "close", "stop"]
) {
    In(.idle) {
        On("start", to: .busy, guard: Guard("ready") { $0 }, emit: "spin")
        Ignore("close")
    }
    In(.busy) {
        On("finish", to: .idle, emit: "stop spin")
        for kind in kinds { On("fail(\(kind))", to: .failed(kind), emit: "alert \(kind)") }
        On("stop", to: .done)
        Ignore("start")
    }
    for kind in kinds { In(.failed(kind)) { On("close", to: .idle) } }
    Final(.done) { IgnoreOtherEvents() }
}
let stateNames = Set(fuzzMachine.stateNames)

final class Saved: @unchecked Sendable { var files: [String: String] = [:] }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzREPL(_ data: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: data, count: count), as: UTF8.self)
    let saved = Saved()
    guard let session = try? fuzzMachine.makeSession(writeFile: { path, contents in saved.files[path] = contents }) else {
        fatalError("the fuzz machine must run")
    }
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).prefix(64) {
        let before = session.stateName
        let output = session.handle(String(line))
        check(stateNames.contains(session.stateName), "left the declared states: \(session.stateName)")
        if output.isError { check(session.stateName == before, "a refused line changed the state") }
        if output.quits { break }
    }
    _ = session.handle(":save fuzz.script")
    if let script = saved.files["fuzz.script"], let replay = try? fuzzMachine.makeSession(writeFile: { _, _ in }) {
        for line in script.split(separator: "\n") { _ = replay.handle(String(line)) }
        check(replay.stateName == session.stateName, "a saved script replays to \(replay.stateName), not \(session.stateName)")
    }
    return 0
}
