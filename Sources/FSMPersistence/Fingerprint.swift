import FSM

extension MachineDefinition {
    /// A digest of the definition's structure, the same in every process and on every
    /// platform (FNV-1a, 64 bits, 16 hexadecimal digits; not `Hasher`, whose seed changes
    /// from one run to the next). It changes with the states and their parents, the initial
    /// state, the histories resumed, every cell's outcome (targets, guards' names, every
    /// effect performed in order), the timers' delays and the lines without an event; not with
    /// the summary, a diagram's direction, or the order of declarations that do not change
    /// what the machine does. A snapshot records it, and restoring compares it. Made from the
    /// definition's table each time: a machine's ``FSM/Machine/snapshot()`` and
    /// ``FSM/Machine/restore(_:matching:)`` make it once per compiled definition.
    public var fingerprint: String { structureDigest }
}
