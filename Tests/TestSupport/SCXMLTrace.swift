import FSM
import FSMREPL
import Foundation

/// Documents and seeded runs for the SCXML differential (`Judges/scxml-judge.py`), as
/// `scxml MACHINE` and `scxml MACHINE --runs N` print them, written by `swift test` for the
/// test machines, which no tool lists.
public enum SCXMLTrace {
    /// The folder `FSM_SCXML_OUT` names, if set: where CI collects documents and runs for the
    /// differential.
    public static var outputFolder: String? {
        ProcessInfo.processInfo.environment["FSM_SCXML_OUT"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Writes `NAME.scxml` and `NAME.trace.json` into a folder (created if needed).
    public static func write(_ machine: any MachineDescribing, fileName: String? = nil, to folder: String, runs count: Int = 30, steps: Int = 40, seed: UInt64 = 2026) throws {
        let runs = try SCXMLRuns.make(machine, runs: count, steps: steps, seed: seed)
        let name = fileName ?? machine.name
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try runs.document.text.write(toFile: folder + "/" + name + ".scxml", atomically: true, encoding: .utf8)
        try SCXMLRuns.json(runs, machineName: machine.name).write(toFile: folder + "/" + name + ".trace.json", atomically: true, encoding: .utf8)
    }
}
