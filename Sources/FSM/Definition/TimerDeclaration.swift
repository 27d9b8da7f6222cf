/// One `After` line of a state or a parent, as declared.
@usableFromInline package struct TimerDeclaration<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>: Sendable {
    /// How long the state (or parent) must have been active.
    @usableFromInline package let duration: Duration
    @usableFromInline package let target: State
    @usableFromInline package let `guard`: TransitionGuard<Context, Event>?
    @usableFromInline package let effects: [Effect]

    @inlinable
    package init(duration: Duration, target: State, guard: TransitionGuard<Context, Event>? = nil, effects: [Effect] = []) {
        self.duration = duration
        self.target = target
        self.guard = `guard`
        self.effects = effects
    }
}
