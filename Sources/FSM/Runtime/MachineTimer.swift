/// A timer armed in a machine's current state: an ``After`` line of the state or of one of its
/// parents. The machine keeps no time; whoever runs it (a runtime with a clock, the REPL, a
/// test) starts the timer when it is armed and tells the machine when it runs out
/// (``Machine/fire(_:context:)``).
///
/// Two values are equal when they are the same line: a parent's timer is the same timer in
/// every child of the parent, so moving between the children keeps it running.
public struct MachineTimer: Hashable, Sendable {
    /// How long the state (or the parent) must have been active.
    public let duration: Duration
    /// The name of the state or parent that declares it.
    public let owner: String
    /// Who declares it: a parent's index, or `-1 - s` for the state at index `s`.
    @usableFromInline let node: Int32
    /// Its position among its owner's `After` lines.
    @usableFromInline let position: Int32
    /// The owner's depth among a state's parents (0: the outermost), `Int32.max` for the
    /// state itself.
    @usableFromInline let depth: Int32

    /// Its place among its owner's `After` lines, from 0: with ``owner``, how a snapshot names it.
    package var place: Int { Int(position) }

    init(duration: Duration, owner: String, node: Int32, position: Int32, depth: Int32) {
        self.duration = duration
        self.owner = owner
        self.node = node
        self.position = position
        self.depth = depth
    }

    /// Whether the timer keeps running through a transition that stays inside `kept` of the
    /// source's parents (outermost first; `Int32.max`: an internal or ignored step, nothing left).
    @inlinable
    func survives(keeping kept: Int32) -> Bool {
        kept == Int32.max || depth < kept
    }
}

extension MachineTimer: CustomStringConvertible {
    /// `after 30 s (session)`: the duration, and who declares the timer.
    public var description: String { "after \(DurationText.words(duration)) (\(owner))" }
}
