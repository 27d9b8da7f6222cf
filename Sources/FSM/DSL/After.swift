/// A delayed transition: taken when the state has been active for `duration`, without an
/// event. On a parent, it runs while the machine is anywhere inside the parent: moving between
/// its children does not restart it; leaving the parent cancels it.
///
/// ```swift
/// In(.timeWait) { After(.seconds(120), to: .closed) }
/// Parent("session") { After(.seconds(30), to: .locked, emit: .lock) } children: { ... }
/// ```
///
/// The machine itself keeps no time: it says which timers are armed in its state
/// (``Machine/timers``) and takes a timer's transition when told it ran out
/// (``Machine/fire(_:context:)``). A runtime with a clock starts a state's timers when the state is
/// entered and cancels them when it is left, so a timer of a state that was left never fires.
/// A transition back to the same state (`On(.activity, to: .active)`) leaves and re-enters it,
/// restarting its timers; an ``Internal`` transition does not.
public struct After<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>: _StateLine {
    /// The element this line stands for.
    public let _element: _StateElement<State, Event, Effect, Context>

    /// Declares a delayed transition.
    /// - Parameters:
    ///   - duration: How long the state must have been active: longer than zero (validation
    ///     refuses a timer of zero or less).
    ///   - target: The state to go to.
    ///   - guard: A named condition on the context, decided when the timer runs out; when it
    ///     does not hold, nothing happens and the timer is spent until the state is entered
    ///     again (a runner keeps that: the runtime, the REPL).
    ///   - effects: The effects to emit, in order.
    @inlinable
    public init(_ duration: Duration, to target: State, guard: Guard<Context>? = nil, emit effects: Effect...) {
        _element = _StateElement(.after(duration, to: target, guard: `guard`.map(TransitionGuard.init), effects: effects))
    }

    /// Declares a delayed transition whose effects are given as an array (a machine read
    /// from a document).
    package init(_ duration: Duration, to target: State, guard: Guard<Context>? = nil, effects: [Effect]) {
        _element = _StateElement(.after(duration, to: target, guard: `guard`.map(TransitionGuard.init), effects: effects))
    }
}
