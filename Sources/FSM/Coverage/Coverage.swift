/// What was exercised of each machine a ``CoverageRecorder`` saw, machine by machine: the
/// content of a coverage file (`Codable`; the tool writes and reads it as JSON).
public struct Coverage: Sendable, Hashable, Codable {
    /// The machines, in the order they were first recorded (files: merged in order).
    public var machines: [MachineCoverage]

    /// A coverage of these machines.
    public init(machines: [MachineCoverage] = []) {
        self.machines = machines
    }

    /// The coverage of the machine named `name`, if there is one.
    public subscript(machine name: String) -> MachineCoverage? {
        machines.first { $0.machine == name }
    }

    /// This coverage with `other`'s added: machines of the same name are merged, others
    /// appended.
    ///
    /// - Throws: ``CoverageMismatch`` when a machine of the same name has another shape.
    public func merging(_ other: Coverage) throws(CoverageMismatch) -> Coverage {
        var result = self
        for machine in other.machines {
            if let index = result.machines.firstIndex(where: { $0.machine == machine.machine }) {
                result.machines[index] = try result.machines[index].merging(machine)
            } else {
                result.machines.append(machine)
            }
        }
        return result
    }
}
