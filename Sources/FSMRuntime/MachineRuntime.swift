import FSM
import Observation

/// Runs a machine over time: events one at a time, effects performed in order by the app's
/// handler, timers (`After` lines) started when their state is entered and cancelled when it is
/// left, on a clock the app gives it (`ContinuousClock` in an app, ``ManualClock`` in tests).
///
/// ```swift
/// let runtime = MachineRuntime(try Machine(Session.definition), clock: ContinuousClock()) { effect, send in
///     switch effect {
///     case .callLogIn: send(await api.logIn() ? .succeeded : .failed)
///     case .showWarning: banner.show()
///     }
/// }
/// runtime.send(.activity)   // on the main actor
///
/// // In a test: nothing sleeps for real.
/// let clock = ManualClock()
/// let runtime = MachineRuntime(try Machine(Session.definition), clock: clock) { _, _ in }
/// clock.advance(by: .seconds(30))
/// await runtime.settle()
/// ```
///
/// Rules, in order of what happens:
///
/// - **Run to completion.** `send` takes the event at once when the runtime is idle; an event
///   sent while a transition's effects are being performed (by the handler itself, or by
///   anyone else) is queued and taken after them, in the order sent. Nothing interleaves.
/// - **Effects in order.** The handler performs one effect at a time, in the order the
///   transition emits them (exit, own, entry effects), awaiting each.
/// - **Timers.** After each step the state's timers are armed: one that was armed and
///   survives the step keeps running (a parent's timer while the machine moves between the
///   parent's children; any timer on an internal or ignored step); every other one starts
///   now. A timer of a state that was left is cancelled, so it never fires. A timer that
///   runs out is taken like an event, in the queue's order; its guard is decided on the
///   context then, and when it does not hold the timer is spent until its state is entered
///   again.
/// - **Rejections** do not throw (`send` is called from anywhere): each goes to
///   `onRejection`, and the state does not change (the machine's own `policy` is set to
///   `.throw` for this).
/// - **Finished.** When the machine reaches a final state, its timers stop and the
///   ``transitions()`` sequences end; events sent afterwards are rejected (`finalState`)
///   without being queued.
/// - **Stopping.** ``stop()`` (or dropping the runtime) cancels the timer task and the
///   effect task (the handler's awaits see the cancellation), ends the sequences and drops
///   queued events.
/// - **A clock that jumps** (a manual clock advanced by minutes, a device waking up): the
///   timers due are taken deadline by deadline, each group re-arming its states' timers at
///   its own deadline, as the REPL's `:advance` does.
///
/// The state is observable (`Observable`): SwiftUI views reading ``state`` update after each
/// step.
@MainActor
public final class MachineRuntime<State: Hashable & Sendable, Event: MachineEvent, Effect: Sendable, Context>: Observable {
    /// The current state.
    @inlinable
    public var state: State {
        registrar.access(self, keyPath: stateKey)
        return storedState
    }

    /// Whether the machine reached a final state.
    @inlinable
    public var isFinished: Bool {
        registrar.access(self, keyPath: finishedKey)
        return storedIsFinished
    }

    // Observation by hand rather than with `@Observable`: the macro names the key path at
    // each access, and in a generic class that instantiates it at run time, 15 allocations
    // per step (fsm-benchmarks 3d); these are made once per runtime.
    @usableFromInline let registrar = ObservationRegistrar()
    @usableFromInline var storedState: State
    @usableFromInline var storedIsFinished: Bool
    @usableFromInline let stateKey: KeyPath<MachineRuntime, State>
    @usableFromInline let finishedKey: KeyPath<MachineRuntime, Bool>

    @inlinable func set(state: State, isFinished: Bool) {
        if storedState != state { registrar.withMutation(of: self, keyPath: stateKey) { storedState = state } }
        if storedIsFinished != isFinished { registrar.withMutation(of: self, keyPath: finishedKey) { storedIsFinished = isFinished } }
    }

    /// What the handler is given to send events back (queued after the current effects).
    public typealias Send = @MainActor (Event) -> Void
    /// Performs one effect; awaited before the next.
    public typealias Handler = @MainActor (Effect, _ send: Send) async -> Void

    @usableFromInline var machine: Machine<State, Event, Effect, Context>
    @usableFromInline let context: @MainActor () -> Context
    @usableFromInline let handler: Handler
    @usableFromInline let elapsed: @Sendable () -> Duration
    @usableFromInline let sleep: @Sendable (Duration) async throws -> Void
    /// Called with each rejected event's error.
    public var onRejection: @MainActor (TransitionError<State, Event.Key>) -> Void = { _ in }

    /// What is waiting: events sent while effects ran, and timers that ran out.
    @usableFromInline enum Item {
        case event(Event)
        /// A timer that ran out: this arming of it, taken at its deadline.
        case timer(TimerSchedule.Entry)
    }
    @usableFromInline var queue: [Item] = []
    @usableFromInline var head = 0
    /// Effects of the step being carried out, still to perform.
    @usableFromInline var effectTask: Task<Void, Never>?
    @usableFromInline var schedule = TimerSchedule()
    @usableFromInline var timerTask: Task<Void, Never>?
    /// The deadline `timerTask` sleeps until.
    @usableFromInline var timerDeadline: Duration?
    @usableFromInline var observers: [Int: AsyncStream<Transition<State, Event.Key, Effect>>.Continuation] = [:]
    @usableFromInline var nextObserver = 0
    @usableFromInline var stopped = false

    /// A runtime for a machine that starts in its initial state.
    ///
    /// - Parameters:
    ///   - machine: The machine (a value: the runtime owns its copy).
    ///   - clock: Where time comes from.
    ///   - context: What guards read, asked for at each step.
    ///   - perform: Performs one effect; it may send events back.
    public init<C: Clock>(
        _ machine: Machine<State, Event, Effect, Context>, clock: C, context: @escaping @MainActor () -> Context,
        perform: @escaping Handler
    ) where C.Duration == Duration {
        // Rejections go to `onRejection`, whatever the machine's own policy says.
        var machine = machine
        machine.policy = .throw
        self.machine = machine
        storedState = machine.state
        storedIsFinished = machine.isFinished
        stateKey = \MachineRuntime.state
        finishedKey = \MachineRuntime.isFinished
        self.context = context
        handler = perform
        let start = clock.now
        elapsed = { start.duration(to: clock.now) }
        sleep = { deadline in try await clock.sleep(until: start.advanced(by: deadline), tolerance: nil) }
        schedule.rearm(machine.timers, kept: Int32.max, now: .zero)
        armTimerTask()
    }

    isolated deinit {
        timerTask?.cancel()
        effectTask?.cancel()
        for observer in observers.values { observer.finish() }
    }

    /// Sends an event: taken now when the runtime is idle, otherwise queued (see the rules).
    @inlinable
    public func send(_ event: Event) {
        guard !stopped else { return }
        if storedIsFinished {
            if case let .failure(error) = machine.check(event, context: context()) { onRejection(error) }
            return
        }
        queue.append(.event(event))
        drain()
    }

    /// A sequence of every transition taken from now on (events and timers, in order), ending
    /// when the machine finishes or the runtime stops. Each call makes a sequence of its own.
    public func transitions() -> AsyncStream<Transition<State, Event.Key, Effect>> {
        let (stream, continuation) = AsyncStream.makeStream(of: Transition<State, Event.Key, Effect>.self, bufferingPolicy: .unbounded)
        if stopped || storedIsFinished {
            continuation.finish()
            return stream
        }
        let id = nextObserver
        nextObserver += 1
        observers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.observers[id] = nil }
        }
        return stream
    }

    /// The timers running now, each with how long until it runs out (not those spent because
    /// their guard did not hold).
    public var pendingTimers: [(timer: MachineTimer, remaining: Duration)] {
        let now = elapsed()
        return schedule.running.map { ($0.timer, $0.deadline - now) }
    }

    /// Whether nothing is waiting: no effect being performed, no queued event, and no timer
    /// that has run out but not been taken yet. For tests: after ``ManualClock/advance(by:)``,
    /// `await runtime.settle()` returns once the runtime has caught up.
    public var isIdle: Bool {
        effectTask == nil && head >= queue.count && !(schedule.next.map { $0.deadline <= elapsed() } ?? false)
    }

    /// Waits until the runtime is idle (see ``isIdle``), letting the handler and the timer
    /// task run, for at most `limit` turns (a handler that waits on something that never
    /// comes does not hang a test). Returns at once when stopped.
    /// - Returns: Whether the runtime is idle (or stopped).
    @discardableResult
    public func settle(yieldingAtMost limit: Int = 100_000) async -> Bool {
        var turns = 0
        while !stopped && !isIdle && turns < limit {
            await Task.yield()
            turns += 1
        }
        return stopped || isIdle
    }

    /// Stops: cancels the timers and the effects being performed, drops queued events and
    /// ends the ``transitions()`` sequences. The state stays where it is.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        timerTask?.cancel()
        timerTask = nil
        effectTask?.cancel()
        effectTask = nil
        queue.removeAll()
        head = 0
        finishObservers()
    }

    // MARK: - Steps

    /// Takes one event or timer and starts performing its effects (in a task, when there are
    /// any). Only `drain` calls it.
    @inlinable func step(_ item: Item) {
        let outcome: (transition: Transition<State, Event.Key, Effect>, kept: Int32)?
        let currentContext = context()
        var now = elapsed()
        switch item {
        case let .event(event):
            do {
                outcome = try machine.sendKeeping(event) { $0.holds(currentContext, event) }
            } catch {
                onRejection(error)
                outcome = nil
            }
        case let .timer(entry):
            // A timer restarted or dropped since it ran out is not this one: nothing.
            guard schedule.isCurrent(entry) else { return }
            now = entry.deadline
            outcome = machine.fireKeeping(entry.timer) { $0.holds(context: currentContext) ?? false }
            if outcome == nil { schedule.spend(entry) }
        }
        guard let (transition, kept) = outcome else { return }
        set(state: machine.state, isFinished: machine.isFinished)
        schedule.rearm(storedIsFinished ? [] : machine.timers, kept: kept, now: now)
        for observer in observers.values { observer.yield(transition) }
        guard !transition.effects.isEmpty else { return }
        let effects = transition.effects
        let handler = self.handler
        let send: Send = { [weak self] event in self?.send(event) }
        effectTask = Task { [weak self] in
            for effect in effects {
                guard !Task.isCancelled else { return }
                await handler(effect, send)
            }
            self?.effectsDone()
        }
    }

    /// The effects of the last step are done: take what was queued.
    @inlinable func effectsDone() {
        effectTask = nil
        drain()
    }

    /// Takes queued items, one at a time, until the queue is empty or a step's effects run;
    /// then sleeps until the next timer. The only loop: a step never calls back into it.
    @inlinable func drain() {
        while effectTask == nil, !stopped, head < queue.count {
            let item = queue[head]
            head += 1
            if head == queue.count {
                queue.removeAll(keepingCapacity: true)
                head = 0
            }
            if storedIsFinished {
                if case let .event(event) = item, case let .failure(error) = machine.check(event, context: context()) { onRejection(error) }
                continue
            }
            step(item)
        }
        if storedIsFinished { finish() } else { armTimerTask() }
    }

    /// Keeps one task sleeping until the earliest running timer runs out; replaced only when
    /// that deadline changes.
    @inlinable func armTimerTask() {
        let next = stopped || storedIsFinished ? nil : schedule.next
        guard next?.deadline != timerDeadline || (next != nil && timerTask == nil) else { return }
        timerTask?.cancel()
        timerTask = nil
        timerDeadline = next?.deadline
        guard let next else { return }
        let sleep = self.sleep
        timerTask = Task { [weak self] in
            do {
                try await sleep(next.deadline)
            } catch {
                return
            }
            self?.timerRanOut(deadline: next.deadline)
        }
    }

    /// The timer task woke: queue the timers due first (all at one deadline, the innermost
    /// first), then take them in turn with what was queued before them. Timers due later are
    /// queued when their turn comes, after these have been taken and their states re-armed,
    /// as virtual time in the REPL does.
    @inlinable func timerRanOut(deadline: Duration) {
        guard !stopped, timerDeadline == deadline else { return }
        timerTask = nil
        timerDeadline = nil
        for entry in schedule.takeDue(by: elapsed()) { queue.append(.timer(entry)) }
        drain()
    }

    @inlinable func finish() {
        timerTask?.cancel()
        timerTask = nil
        timerDeadline = nil
        finishObservers()
    }

    @inlinable func finishObservers() {
        for observer in observers.values { observer.finish() }
        observers.removeAll()
    }
}

extension MachineRuntime where Context == Void {
    /// A runtime for a machine whose guards read no context.
    public convenience init<C: Clock>(_ machine: Machine<State, Event, Effect, Context>, clock: C, perform: @escaping Handler) where C.Duration == Duration {
        self.init(machine, clock: clock, context: {}, perform: perform)
    }
}
