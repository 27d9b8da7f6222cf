import FSM

/// What was exercised of each machine a ``CoverageRecorder`` saw, machine by machine: the
/// content of a coverage file (`Codable`; the tool writes and reads it as JSON).
public struct Coverage: Sendable, Hashable, Codable {
    /// The machines, in the order they were first recorded (files: merged in order).
    public var machines: [MachineCoverage]

    /// A coverage of these machines.
    public init(machines: [MachineCoverage] = []) {
        self.machines = machines
    }

    /// The coverage of the machine named `name`, if there is one (the first, when machines
    /// of different shapes share the name: see ``merging(_:)``).
    public subscript(machine name: String) -> MachineCoverage? {
        machines.first { $0.machine == name }
    }

    /// This coverage with `other`'s added: a machine of the same name and shape is merged;
    /// any other is appended (two machines can share a name, a passcode of 4 digits and one
    /// of 6: each keeps its own counts).
    public func merging(_ other: Coverage) -> Coverage {
        var result = self
        for machine in other.machines {
            if let index = result.machines.firstIndex(where: { $0.machine == machine.machine && $0.shapeDifference(from: machine) == nil }),
               let merged = try? result.machines[index].merging(machine) {
                result.machines[index] = merged
            } else {
                result.machines.append(machine)
            }
        }
        return result
    }
}
