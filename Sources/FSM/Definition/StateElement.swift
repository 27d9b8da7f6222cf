/// One line inside a state's block, as produced by ``On``, ``Internal``, ``Ignore``,
/// ``Illegal``, ``IgnoreOtherEvents``, ``IllegalOtherEvents``, ``OnEntry``, ``OnExit`` and ``Overrides``.
///
/// Opaque: ``StateBuilder`` collects the lines of a block as elements. A helper that returns
/// several lines is a function marked `@StateBuilder` returning `StateBuilder.Component`.
public struct _StateElement<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>: Sendable {
    /// What the line declares.
    @usableFromInline let line: Line

    @inlinable
    init(_ line: Line) { self.line = line }

    /// The kinds of line.
    @usableFromInline
    enum Line: Sendable {
        /// An external transition.
        case transition(Event.Key, to: State, guard: TransitionGuard<Context, Event>?, effects: [Effect], history: History? = nil)
        /// An internal transition.
        case internalTransition(Event.Key, guard: TransitionGuard<Context, Event>?, effects: [Effect])
        /// Events accepted and ignored.
        case ignore([Event.Key])
        /// Events declared illegal.
        case illegal([Event.Key])
        /// Every otherwise unhandled event is ignored.
        case ignoreOthers
        /// Every other event is declared illegal.
        case illegalOthers
        /// Entry effects.
        case entry([Effect])
        /// Exit effects.
        case exit([Effect])
        /// Events handled here on purpose although a parent declares them too.
        case overrides([Event.Key])
        /// A delayed transition (``After``).
        case after(Duration, to: State, guard: TransitionGuard<Context, Event>?, effects: [Effect])
        /// An ``Always`` line (`completion` false) or an ``OnDone`` line.
        case eventless(to: State, guard: TransitionGuard<Context, Event>?, effects: [Effect], completion: Bool)
    }
}
