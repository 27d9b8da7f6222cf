/// A transition without an event: an ``Always`` line, taken as soon as the machine rests in
/// its state and its guard holds, or an ``OnDone`` line of a parent, taken as soon as one of
/// the parent's final children is reached.
@usableFromInline package struct EventlessDeclaration<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>: Sendable {
    /// Where it goes (a parent: its initial leaf).
    @usableFromInline package let target: State
    /// The condition it waits for, if any (on the context only: there is no event).
    @usableFromInline package let `guard`: TransitionGuard<Context, Event>?
    /// Its own effects, in order.
    @usableFromInline package let effects: [Effect]
    /// Whether it is a parent's completion line (``OnDone``) rather than an ``Always`` line.
    @usableFromInline package let isCompletion: Bool

    @inlinable
    package init(target: State, guard: TransitionGuard<Context, Event>? = nil, effects: [Effect] = [], isCompletion: Bool = false) {
        self.target = target
        self.guard = `guard`
        self.effects = effects
        self.isCompletion = isCompletion
    }
}
