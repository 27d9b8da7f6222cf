/// What a parallel machine keeps of its regions, for listings, configurations and diagrams.
@usableFromInline
struct ParallelStructure<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>: Sendable {
    /// The regions, in order.
    @usableFromInline let regions: [Region<State, Event, Effect, Context>]
    /// Per state of the parallel machine (its flattened states, in order), the state index
    /// of each region.
    @usableFromInline let digits: [[Int]]
    /// Mistakes in combining the regions (events with guards in two regions), as errors.
    @usableFromInline let conflicts: [Diagnostic]
    /// Why the machine was refused, when its flattened table would be too large (then it
    /// has no states, and this is the only finding besides the regions' own).
    @usableFromInline let tooLarge: Diagnostic?
}
