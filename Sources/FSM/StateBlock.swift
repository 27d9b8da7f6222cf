/// Something that declares states in the argument form of a definition: ``In``, ``Final``,
/// ``States`` or a ``StateDeclaration``.
///
/// ```swift
/// let door = MachineDefinition<Door, DoorEvent, Never, Void>(name: "door", initial: .closed,
///     In(.closed) {
///         On(.open, to: .opened)
///     },
///     In(.opened) {
///         On(.close, to: .closed)
///     }
/// )
/// ```
///
/// The argument form says the same as the trailing-closure form, and the compiler
/// type-checks it in time that grows with the number of lines: use it for big machines.
/// In Swift 6.3 the type-checking of one result-builder closure grows with the square of the
/// lines in it, nested blocks included (a 50-state machine of 1,500 lines: about 20 s in the
/// closure form, about 1 s as arguments; `swift run -c release --package-path Benchmarks
/// fsm-benchmarks` measures both).
public protocol StateBlock<State, Event, Effect, Context>: Sendable {
    /// The machine's state type.
    associatedtype State: Hashable & Sendable
    /// The machine's event type.
    associatedtype Event: MachineEvent
    /// The type of the effects its transitions emit.
    associatedtype Effect: Sendable
    /// What its guards read.
    associatedtype Context
    /// The state declarations this block stands for, in order.
    var declarations: [StateDeclaration<State, Event, Effect, Context>] { get }
}

extension In: StateBlock {
    /// The one state this block declares.
    public var declarations: [StateDeclaration<State, Event, Effect, Context>] { [declaration] }
}
extension Final: StateBlock {
    /// The one final state this block declares.
    public var declarations: [StateDeclaration<State, Event, Effect, Context>] { [declaration] }
}
extension StateDeclaration: StateBlock {
    /// This declaration.
    public var declarations: [StateDeclaration<State, Event, Effect, Context>] { [self] }
}

/// Several states as one argument of the argument form: a builder block (so `if`, `for` and
/// `switch` work between state blocks) or declarations made by a helper function.
///
/// ```swift
/// MachineDefinition<Int, Digit, Never, Void>(name: "passcode", initial: 0,
///     States { for count in 0..<4 { In(count) { On(.digit, to: count + 1) } } },
///     Final(4)
/// )
/// ```
public struct States<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>: StateBlock {
    /// The declarations, in order.
    public let declarations: [StateDeclaration<State, Event, Effect, Context>]
    /// States declared by a builder block.
    @inlinable
    public init(@MachineBuilder<State, Event, Effect, Context> _ body: () -> [StateDeclaration<State, Event, Effect, Context>]) {
        declarations = body()
    }
    /// States declared elsewhere, for example by a helper function.
    @inlinable
    public init(_ declarations: [StateDeclaration<State, Event, Effect, Context>]) {
        self.declarations = declarations
    }
}

extension MachineDefinition {
    /// Declares a machine from its state blocks given as arguments (see ``StateBlock``): the
    /// same as the trailing-closure form, and type-checked in time linear in its lines.
    /// - Parameters:
    ///   - name: The machine's name.
    ///   - summary: What the machine is for, in one line.
    ///   - initial: The initial state.
    ///   - events: Every event, in the order tables and diagrams show them.
    ///   - blocks: One ``In`` or ``Final`` block per state (or ``States`` for several).
    @inlinable
    public init(
        name: String, summary: String = "", initial: State, events: [Event.Key],
        _ blocks: any StateBlock<State, Event, Effect, Context>...
    ) {
        self.init(name: name, summary: summary, initial: initial, events: events, declarations: blocks.flatMap { $0.declarations })
    }
}

extension MachineDefinition where Event.Key: CaseIterable {
    /// Declares a machine whose events are all the cases of `Event`, from its state blocks
    /// given as arguments (see ``StateBlock``).
    /// - Parameters:
    ///   - name: The machine's name.
    ///   - summary: What the machine is for, in one line.
    ///   - initial: The initial state.
    ///   - blocks: One ``In`` or ``Final`` block per state (or ``States`` for several).
    @inlinable
    public init(
        name: String, summary: String = "", initial: State,
        _ blocks: any StateBlock<State, Event, Effect, Context>...
    ) {
        self.init(name: name, summary: summary, initial: initial, events: Array(Event.Key.allCases), declarations: blocks.flatMap { $0.declarations })
    }
}
