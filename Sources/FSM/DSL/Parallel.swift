/// Declares a parallel parent: a state, anywhere in a machine, made of orthogonal regions
/// that are all active at once while the machine is in it.
///
/// ```swift
/// enum Player: Hashable, Sendable { case stopped, playing(Media) }
/// struct Media: Hashable, Sendable { var audio: Audio; var video: Video }
///
/// Parallel("playing", Player.playing, initial: Media(audio: .on, video: .running),
///          regions: Region("audio", \.audio, audio), Region("video", \.video, video)) {
///     On(.stop, to: .stopped)          // every combination inherits it
/// }
/// ```
///
/// Its children are every combination of its regions' states (the first region's changing
/// slowest), each an ordinary state of the machine, `.playing(Media(audio: .on, video: .paused))`,
/// written into a copy of `initial` through the regions' key paths and wrapped by `embed`.
/// The machine still runs one dense table. Its configuration reads
/// `playing > (audio: on | video: paused)`.
///
/// - Within the parent, an event moves every region that takes a transition on it, as in a
///   parallel machine (``MachineDefinition/init(name:summary:version:initial:events:regions:)``): the
///   regions that move leave their state and enter the next (their own exit, transition and
///   entry effects, region by region); the others stay and emit nothing.
/// - Entering the parent (a transition to `state`, to `embed(initial)`, or to any child)
///   enters every region: each region's parents' and state's entry effects, region by region.
///   Leaving it leaves every region, the last region first, each state's exit effects before
///   its parents'. Then the parent's own `OnEntry`/`OnExit` effects, outside those.
/// - The parent's body declares what every child inherits, as a ``Parent``'s does (its
///   children's own lines, the regions' moves, win). Where a region's `Ignore`, `Illegal`,
///   guard-only or `Internal` line would decide an event otherwise than an SCXML interpreter
///   (which passes what a region does not take on to the parents around it), validation
///   refuses it.
/// - A child in which every region is in a final state is not final: the machine stays in
///   the parent, which still takes its lines (as in SCXML; its completion, `OnDone`, is not
///   supported on a parallel parent yet).
/// - Not yet: `After` and transitions without an event on the parent or in its regions,
///   resuming a history of the parent or of a region, and a parallel parent inside a region.
///   Validation refuses them and says so.
public struct Parallel<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>: _StateBlock {
    /// The children's declarations (every combination of the regions' states), each carrying
    /// this parent.
    @usableFromInline package let declarations: [_StateDeclaration<State, Event, Effect, Context>]
    /// The declarations, for the result builders.
    public var _declarations: [_StateDeclaration<State, Event, Effect, Context>] { declarations }

    /// Declares a parallel parent.
    /// - Parameters:
    ///   - name: The parent's name, for diagrams, tables and configurations.
    ///   - state: A value that names the parent: a transition to it enters the regions'
    ///     initial states. Optional: a transition to `embed(initial)` does the same.
    ///   - embed: Makes a state of the machine from the regions' combined state (usually an
    ///     enum case with an associated value). Two combinations must not give one state.
    ///   - initial: The combined state entered with the parent: each region's part is that
    ///     region's initial state.
    ///   - regions: The regions, in order: each a definition of its own and the part of the
    ///     combined state it keeps.
    ///   - body: What every child inherits: ``On``, ``Internal``, ``Ignore``, ``Illegal``,
    ///     ``IgnoreOtherEvents``, ``IllegalOtherEvents``, ``OnEntry`` and ``OnExit`` lines.
    public init<Combined: Hashable & Sendable>(
        _ name: String, state: State? = nil, _ embed: @escaping @Sendable (Combined) -> State, initial: Combined,
        regions: Region<Combined, Event, Effect, Context>...,
        @StateBuilder<State, Event, Effect, Context> body: () -> [_StateElement<State, Event, Effect, Context>] = { [] }
    ) {
        self.init(name, state: state, embed, initial: initial, regionList: regions, body: body)
    }

    /// A parallel parent of regions given as an array (a machine read from a document).
    package init<Combined: Hashable & Sendable>(
        _ name: String, state: State? = nil, _ embed: @escaping @Sendable (Combined) -> State, initial: Combined,
        regionList regions: [Region<Combined, Event, Effect, Context>],
        @StateBuilder<State, Event, Effect, Context> body: () -> [_StateElement<State, Event, Effect, Context>] = { [] }
    ) {
        let inner = MachineDefinition<Combined, Event, Effect, Context>(name: name, initial: initial, regionList: regions)
        let resolution = inner.resolution
        let digits = inner.parallel?.digits ?? []
        var children: [_StateDeclaration<State, Event, Effect, Context>] = []
        children.reserveCapacity(resolution.declarations.count)
        for (index, declaration) in resolution.declarations.enumerated() where index < digits.count {
            let combination = zip(regions, digits[index])
            let transitions = declaration.transitions.map { move in
                TransitionDeclaration<State, Event, Effect, Context>(
                    source: embed(move.source), event: move.event, target: embed(move.target), guard: move.guard,
                    effects: move.effects, isInternal: move.isInternal, withinRegions: true
                )
            }
            children.append(_StateDeclaration(
                // Not final when every region is: the parent stays, and takes its lines, as in
                // SCXML (which raises its completion, not supported here yet).
                state: embed(declaration.state), isFinal: false, transitions: transitions,
                ignored: declaration.ignored, illegal: declaration.illegal,
                entryEffects: combination.flatMap { $0.entryEffects($1) },
                exitEffects: combination.reversed().flatMap { $0.exitEffects($1) }
            ))
        }
        // A machine too large to flatten still declares its initial combination, so that the
        // parent exists and validation reports why (so does one without regions: its one
        // child is `embed(initial)`).
        if children.isEmpty { children = [_StateDeclaration(state: embed(initial))] }
        let parent = ParentDeclaration(
            name: name, state: state, initial: embed(initial),
            body: _StateDeclaration(state: children[0].state, isFinal: false, elements: body()),
            regions: EmbeddedRegions(inner: inner, embed: embed)
        )
        declarations = children.map { $0.nested(in: parent) }
    }
}

/// What a machine asks the regions of one of its parallel parents, whatever their combined
/// state's type.
protocol NestedRegions<State, Event, Effect, Context>: Sendable {
    associatedtype State: Hashable & Sendable
    associatedtype Event: MachineEvent
    associatedtype Effect: Sendable
    associatedtype Context
    /// The regions' names, in order.
    var names: [String] { get }
    /// Per region, its states' names.
    var stateNames: [[String]] { get }
    /// Per region, the index of its initial state.
    var initialIndices: [Int] { get }
    /// Each region's state index in a child of the parent, or `nil` for another state.
    func digits(of state: State) -> [Int]?
    /// Each region's configuration in a child of the parent, `audio: on | video: paused`.
    func configuration(of state: State) -> String?
    /// The regions as diagrams draw them, node identifiers starting with `prefix`, then
    /// `r` and the region's position.
    func graphs(_ prefix: String) -> [(name: String, graph: MachineGraph)]
    /// The regions' and their combination's findings, each naming the parent.
    func diagnostics(_ mode: ValidationMode) -> [Diagnostic]
    /// Writes the regions as SCXML `<state>` elements (one per region): per region, its
    /// element's identifier, per region state the identifiers active in it, and its initial
    /// state's.
    func writeSCXML(_ writer: inout SCXMLWriter, indent: Int, events: [String: String]) -> [(id: String, chains: [[String]], initial: String?)]
}

/// A parallel parent's regions: the parallel machine they make on their own, and how its
/// states become the outer machine's.
struct EmbeddedRegions<State: Hashable & Sendable, Combined: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>: NestedRegions {
    let inner: MachineDefinition<Combined, Event, Effect, Context>
    /// Per outer state, the index of the combination it stands for.
    let combinations: [State: Int]
    /// The first two combinations `embed` makes one state of, if any.
    let collision: (first: String, second: String)?

    init(inner: MachineDefinition<Combined, Event, Effect, Context>, embed: (Combined) -> State) {
        self.inner = inner
        var combinations: [State: Int] = [:]
        var collision: (first: String, second: String)?
        let states = inner.resolution.states
        for (index, state) in states.enumerated() {
            let outer = embed(state)
            if let first = combinations[outer] {
                if collision == nil { collision = (inner.configuration(of: states[first]), inner.configuration(of: state)) }
            } else {
                combinations[outer] = index
            }
        }
        self.combinations = combinations
        self.collision = collision
    }

    var names: [String] { inner.regions.map(\.name) }
    var stateNames: [[String]] { inner.regions.map(\.stateNames) }
    var initialIndices: [Int] { inner.regions.map(\.initialIndex) }

    func digits(of state: State) -> [Int]? {
        guard let index = combinations[state], let digits = inner.parallel?.digits, digits.indices.contains(index) else { return nil }
        return digits[index]
    }

    func configuration(of state: State) -> String? {
        guard let index = combinations[state], inner.resolution.states.indices.contains(index) else { return nil }
        return inner.configuration(of: inner.resolution.states[index])
    }

    func graphs(_ prefix: String) -> [(name: String, graph: MachineGraph)] {
        inner.regions.enumerated().map { ($1.name, $1.graph("\(prefix)r\($0)")) }
    }

    func diagnostics(_ mode: ValidationMode) -> [Diagnostic] {
        let collided = collision.map { pair in
            [Diagnostic(.error, .regionConflict, "its embed makes one state of two combinations, (\(pair.first)) and (\(pair.second)): it must keep every region's state")]
        } ?? []
        let own = (inner.parallel?.tooLarge.map { [$0] } ?? []) + collided + (inner.parallel?.conflicts ?? [])
        let found = own + inner.regions.flatMap { $0.diagnostics(mode) }
        return found.map { Diagnostic($0.severity, $0.kind, states: $0.states, events: $0.events, "parallel \(quoting: inner.name): \($0.message)") }
    }

    func writeSCXML(_ writer: inout SCXMLWriter, indent: Int, events: [String: String]) -> [(id: String, chains: [[String]], initial: String?)] {
        inner.regions.map { region in
            let id = writer.id(for: region.name)
            let mark = writer.lines.count
            let (chains, initial) = region.body.writeSCXML(&writer, indent: indent + 1, events: events)
            let initialAttribute = initial.map { " initial=\"\($0)\"" } ?? ""
            writer.insert(indent, "<state id=\"\(id)\" \(SCXMLWriter.named(region.name)) fsm:kind=\"region\"\(initialAttribute)>", at: mark)
            writer.append(indent, "</state>")
            return (id, chains, initial)
        }
    }
}
