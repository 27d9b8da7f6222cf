import FSM
import Observation

/// Runs a machine over time: events one at a time, effects performed in order by the app's
/// handler, timers (`After` lines) started when their state is entered and cancelled when it is
/// left, on a clock the app gives it (`ContinuousClock` in an app, ``ManualClock`` in tests).
///
/// ```swift
/// let runtime = MachineRuntime(try Machine(Session.definition), clock: ContinuousClock()) { effect, send in
///     switch effect {
///     case .callLogIn:
///         // A request runs alongside the machine; its answer comes back as an event.
///         send.later { await api.logIn() ? .succeeded : .failed }
///     case .showWarning:
///         banner.show()
///     }
/// }
/// runtime.send(.activity)                 // on the main actor
/// await runtime.sendAndWait(.logIn)       // returns once the answer has been taken
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
/// - **Run to completion.** `send` takes the event at once when no step is being taken and
///   no effect performed; an event sent while a transition's effects are being performed (by
///   the handler itself, or by anyone else) or from `onTransition` and `onRejection` is
///   queued and taken after them, in the order sent. Nothing interleaves.
/// - **Effects in order.** The handler performs one effect at a time, in the order the
///   transition emits them (exit, own, entry effects), awaiting each. The first one starts
///   before `send` returns (on macOS 26, iOS 26 and Linux: `Task.immediate`; on earlier
///   systems at the main actor's next turn), so effects that do not suspend are all done
///   when `send` returns.
/// - **Work that takes time** (a request, a download) is started with `send.later { ... }`
///   rather than awaited in the handler: it runs alongside the machine, which goes on taking
///   events, and the event it returns is sent when it ends. The runtime cancels it when it
///   stops.
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
/// - **Stopping.** ``stop()`` (or dropping the runtime) cancels the timer task, the effect
///   task and the work started with `later` (their awaits see the cancellation), ends the
///   sequences, drops queued events and lets every ``sendAndWait(_:)`` return.
/// - **A clock that jumps** (a manual clock advanced by minutes, a device waking up): the
///   timers due are taken deadline by deadline, each group re-arming its states' timers at
///   its own deadline, as the REPL's `:advance` does.
///
/// The state is observable (`Observable`): SwiftUI views reading ``state`` update after each
/// step.
///
/// A view model that owns its runtime makes it in `init`, before `self` can be captured: its
/// closures reach the model through a weak reference set once `init` is done (a strong one
/// would be a cycle, the runtime being the model's):
///
/// ```swift
/// final class Owner<Value: AnyObject> { weak var value: Value? }
///
/// init(api: API) throws {
///     let owner = Owner<SearchModel>()
///     runtime = MachineRuntime(try Machine(Search.definition), clock: ContinuousClock(),
///                              context: { owner.value?.query ?? "" }) { effect, send in
///         owner.value?.perform(effect, send)
///     }
///     owner.value = self
/// }
/// ```
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

    /// What the handler is given to talk back to the machine: events sent with it are queued
    /// after the current effects; work started with ``later(_:)`` runs alongside the machine.
    /// Both count as part of what a ``MachineRuntime/sendAndWait(_:)`` that led to them waits for.
    @MainActor
    public struct Send {
        @usableFromInline weak var runtime: MachineRuntime?
        @usableFromInline let work: Work?

        @inlinable init(runtime: MachineRuntime, work: Work?) {
            self.runtime = runtime
            self.work = work
        }

        /// Sends an event, queued after the effects being performed. Dropped once the runtime
        /// is gone.
        public func callAsFunction(_ event: Event) {
            _ = runtime?.enqueue(event, work)
        }

        /// Starts work that takes time (a request) and sends the event it returns, if any, when
        /// it ends. The machine goes on taking events meanwhile; the work is cancelled when the
        /// runtime stops or is dropped, and then its event is not sent.
        public func later(_ work: @escaping @MainActor () async -> Event?) {
            runtime?.startLater(work, self.work)
        }
    }

    /// Performs one effect; awaited before the next.
    public typealias Handler = @MainActor (Effect, _ send: Send) async -> Void

    /// What ``send(_:)`` did with an event.
    public enum Delivery: Sendable, Equatable {
        /// Taken: the machine made a transition (also an internal or an ignored one).
        case taken
        /// Refused by the machine (the error went to `onRejection`); the state is unchanged.
        case rejected
        /// Queued behind the step being taken or its effects: taken (or refused) after them.
        case queued
        /// Dropped: the runtime was stopped.
        case dropped
    }

    /// What a ``sendAndWait(_:)`` waits for: how many of the steps, effects and work it led to
    /// are still to come, and what became of its own event.
    @MainActor @usableFromInline final class Work {
        @usableFromInline var pending = 0
        @usableFromInline var delivery = Delivery.dropped
        @usableFromInline var waiters: [CheckedContinuation<Void, Never>] = []
        @usableFromInline init() {}
    }

    @usableFromInline var machine: Machine<State, Event, Effect, Context>
    @usableFromInline let context: @MainActor () -> Context
    @usableFromInline let handler: Handler
    @usableFromInline let elapsed: @Sendable () -> Duration
    @usableFromInline let sleep: @Sendable (Duration) async throws -> Void
    /// Called with each rejected event's error. The runtime holds this closure, as it holds
    /// ``onTransition`` and the handler: capture the runtime, or what owns it, weakly.
    public var onRejection: @MainActor (TransitionError<State, Event.Key>) -> Void = { _ in }
    /// Called with each transition taken, and the event it was taken on (`nil` for a timer),
    /// once the state has changed and before its effects are performed: where a view state
    /// keeps what an event carries (the user that `loaded(user)` brings).
    public var onTransition: @MainActor (Transition<State, Event.Key, Effect>, Event?) -> Void = { _, _ in }

    /// What is waiting: events sent while effects ran, and timers that ran out.
    @usableFromInline enum Item {
        /// An event, with the ``sendAndWait(_:)`` it is part of.
        case event(Event, Work?)
        /// A timer that ran out: this arming of it, taken at its deadline.
        case timer(TimerSchedule.Entry)
    }
    @usableFromInline var queue: [Item] = []
    @usableFromInline var head = 0
    /// Whether a step is being taken (its callbacks run): an event sent now is queued.
    @usableFromInline var taking = false
    /// Whether `drain` is looping.
    @usableFromInline var draining = false
    /// Whether the effects of the last step are still being performed.
    @usableFromInline var performing = false
    /// Effects of the step being carried out, still to perform.
    @usableFromInline var effectTask: Task<Void, Never>?
    /// Work started with `Send.later`, by number.
    @usableFromInline var laterTasks: [Int: Task<Void, Never>] = [:]
    @usableFromInline var nextLater = 0
    /// The ``sendAndWait(_:)`` calls waiting.
    @usableFromInline var waitingWork: [Work] = []
    /// Counts what happens (steps, effects performed, work ended, timers run out), so that
    /// ``settle(yieldingAtMost:)`` sees when nothing does.
    @usableFromInline var progress = 0
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
        for task in laterTasks.values { task.cancel() }
        for observer in observers.values { observer.finish() }
        for work in waitingWork { resume(work) }
    }

    /// Sends an event: taken now when no step is being taken and no effect performed (work
    /// started with `Send.later` does not hold it up), otherwise queued (see the rules).
    /// - Returns: What became of it: taken or rejected now, queued, or dropped (stopped).
    @inlinable
    @discardableResult
    public func send(_ event: Event) -> Delivery {
        enqueue(event, nil)
    }

    /// Sends an event and returns once it has been taken (or refused) and everything it led to
    /// is over: its effects, the events they sent, the work they started with `Send.later` and
    /// the events that work sent, transitively. Timers are not waited for. Returns at once when
    /// the runtime is stopped, and when it stops meanwhile.
    ///
    /// This is how a view state's `func logIn() async` returns when the attempt is over. Not
    /// for the runtime's own handler: the event would wait behind the effect that waits for
    /// it (send it with the handler's `send`).
    /// - Returns: What became of the event itself: taken, rejected or dropped.
    @discardableResult
    public func sendAndWait(_ event: Event) async -> Delivery {
        guard !stopped else { return .dropped }
        let work = Work()
        work.delivery = enqueue(event, work)
        guard work.pending > 0, !stopped else { return work.delivery }
        waitingWork.append(work)
        await withCheckedContinuation { work.waiters.append($0) }
        return work.delivery
    }

    /// Sends an event as part of `work`: taken now when nothing runs, otherwise queued.
    @inlinable func enqueue(_ event: Event, _ work: Work?) -> Delivery {
        guard !stopped else { return .dropped }
        if storedIsFinished {
            if case let .failure(error) = machine.check(event, context: context()) { onRejection(error) }
            return .rejected
        }
        work?.pending += 1
        guard !taking, !performing, !draining, head >= queue.count else {
            queue.append(.event(event, work))
            return .queued
        }
        draining = true
        let delivery = take(.event(event, work))
        draining = false
        drain()
        return delivery
    }

    /// Starts work for `Send.later`.
    func startLater(_ body: @escaping @MainActor () async -> Event?, _ work: Work?) {
        guard !stopped else { return }
        work?.pending += 1
        let id = nextLater
        nextLater += 1
        laterTasks[id] = Task { [weak self] in
            let event = await body()
            guard let self, !self.stopped else { return }
            self.progress &+= 1
            self.laterTasks[id] = nil
            if let event, !Task.isCancelled { _ = self.enqueue(event, work) }
            if let work { self.done(work) }
        }
    }

    /// One of the things `work` waits for is over.
    @inlinable func done(_ work: Work) {
        work.pending -= 1
        if work.pending == 0 { resume(work) }
    }

    @usableFromInline func resume(_ work: Work) {
        waitingWork.removeAll { $0 === work }
        let waiters = work.waiters
        work.waiters = []
        for waiter in waiters { waiter.resume() }
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

    /// Whether nothing is waiting: no effect being performed, no queued event, no work
    /// started with `Send.later` still running, and no timer that has run out but not been
    /// taken yet. For tests: after ``ManualClock/advance(by:)``,
    /// `await runtime.settle()` returns once the runtime has caught up.
    public var isIdle: Bool {
        !performing && head >= queue.count && laterTasks.isEmpty && !(schedule.next.map { $0.deadline <= elapsed() } ?? false)
    }

    /// Waits until the runtime is idle (see ``isIdle``), letting the handler, the work started
    /// with `Send.later` and the timer task run. Returns at once when stopped, and gives up
    /// after `limit` turns, or after a thousand turns in which nothing happened (no step
    /// taken, no effect performed, no work ended): a handler or a request that waits on
    /// something the test has not answered yet (a parked fake service) does not hang the
    /// test, nor cost it a second. Answer it, then settle again, or await
    /// ``sendAndWait(_:)``.
    /// - Returns: Whether the runtime is idle (or stopped).
    @discardableResult
    public func settle(yieldingAtMost limit: Int = 100_000) async -> Bool {
        var turns = 0
        var quiet = 0
        var seen = progress
        while !stopped && !isIdle && turns < limit && quiet < 1_000 {
            await Task.yield()
            turns += 1
            if progress == seen {
                quiet += 1
            } else {
                seen = progress
                quiet = 0
            }
        }
        return stopped || isIdle
    }

    /// Stops: cancels the timers, the effects being performed (an effect not yet started is not
    /// performed) and the work started with `Send.later`, drops queued events, lets every
    /// ``sendAndWait(_:)`` return (an event of theirs still queued as `.dropped`) and
    /// ends the ``transitions()`` sequences. The state stays where it is.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        timerTask?.cancel()
        timerTask = nil
        effectTask?.cancel()
        effectTask = nil
        for task in laterTasks.values { task.cancel() }
        laterTasks.removeAll()
        performing = false
        queue.removeAll()
        head = 0
        finishObservers()
        for work in waitingWork {
            if work.delivery == .queued { work.delivery = .dropped }
            resume(work)
        }
    }

    // MARK: - Steps

    /// Takes one event or timer and starts performing its effects (in a task, when there are
    /// any). Only `drain` and `enqueue` call it.
    @inlinable func take(_ item: Item) -> Delivery {
        let outcome: (transition: Transition<State, Event.Key, Effect>, kept: Int32)?
        let currentContext = context()
        var now = elapsed()
        var work: Work?
        var event: Event?
        progress &+= 1
        taking = true
        switch item {
        case let .event(sent, sentWork):
            work = sentWork
            event = sent
            do {
                outcome = try machine.sendKeeping(sent) { $0.holds(currentContext, sent) }
            } catch {
                onRejection(error)
                outcome = nil
            }
        case let .timer(entry):
            // A timer restarted or dropped since it ran out is not this one: nothing.
            guard schedule.isCurrent(entry) else {
                taking = false
                return .taken
            }
            now = entry.deadline
            outcome = machine.fireKeeping(entry.timer) { $0.holds(context: currentContext) ?? false }
            if outcome == nil { schedule.spend(entry) }
        }
        guard let (transition, kept) = outcome else {
            taking = false
            if let work { done(work) }
            return .rejected
        }
        set(state: machine.state, isFinished: machine.isFinished)
        schedule.rearm(storedIsFinished ? [] : machine.timers, kept: kept, now: now)
        for observer in observers.values { observer.yield(transition) }
        onTransition(transition, event)
        taking = false
        // A callback may have stopped the runtime: then nothing is performed.
        guard !transition.effects.isEmpty, !stopped else {
            if let work { done(work) }
            return .taken
        }
        performing = true
        let task = perform(transition.effects, Send(runtime: self, work: work))
        // Effects that did not suspend are already done.
        if performing { effectTask = task }
        return .taken
    }

    /// Performs effects in order in a task that starts now, on this actor, where the system
    /// can (`Task.immediate`).
    @inlinable func perform(_ effects: SmallList<Effect>, _ send: Send) -> Task<Void, Never> {
        let handler = self.handler
        let body: @MainActor () async -> Void = { [weak self] in
            for effect in effects {
                guard !Task.isCancelled, self?.stopped == false else { return }
                await handler(effect, send)
                self?.progress &+= 1
            }
            self?.effectsDone(send.work)
        }
        if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
            return Task.immediate { await body() }
        }
        return Task { await body() }
    }

    /// The effects of the last step are done: take what was queued.
    @inlinable func effectsDone(_ work: Work?) {
        guard !stopped else { return }
        performing = false
        effectTask = nil
        if let work { done(work) }
        drain()
    }

    /// Takes queued items, one at a time, until the queue is empty or a step's effects run;
    /// then sleeps until the next timer. The only loop: a step that calls back into it (its
    /// effects done at once) returns to this loop.
    @inlinable func drain() {
        guard !draining else { return }
        draining = true
        while !performing, !stopped, head < queue.count {
            let item = queue[head]
            head += 1
            if head == queue.count {
                queue.removeAll(keepingCapacity: true)
                head = 0
            }
            if storedIsFinished {
                if case let .event(event, work) = item {
                    if case let .failure(error) = machine.check(event, context: context()) { onRejection(error) }
                    if let work {
                        if work.delivery == .queued { work.delivery = .rejected }
                        done(work)
                    }
                }
                continue
            }
            let delivery = take(item)
            if case let .event(_, work?) = item, work.delivery == .queued { work.delivery = delivery }
        }
        draining = false
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
        progress &+= 1
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

// MARK: - Persistence (the FSMPersistence product reads and restores a runtime through these)

extension MachineRuntime {
    /// What a snapshot of the runtime holds, now: its machine, each armed timer with the time
    /// it has left (or spent), the events queued (in order), where each timer that ran out
    /// waits among them (after how many events), and whether a step is being taken (its
    /// `onTransition` or `onRejection` running: the step is not over).
    package var persistedParts: (
        machine: Machine<State, Event, Effect, Context>, timers: [(timer: MachineTimer, saved: TimerSchedule.Saved)], queued: [Event],
        dueAfter: [MachineTimer: Int], inStep: Bool
    ) {
        var queued: [Event] = []
        var dueAfter: [MachineTimer: Int] = [:]
        for item in queue[head...] {
            switch item {
            case let .event(event, _): queued.append(event)
            // A timer restarted or dropped since it ran out does nothing when taken: not saved.
            case let .timer(entry) where schedule.isCurrent(entry): dueAfter[entry.timer] = queued.count
            case .timer: break
            }
        }
        return (machine, schedule.saved(at: elapsed()), queued, dueAfter, taking)
    }

    /// Puts back what a snapshot held, right after `init`: the timers' schedule (made at the
    /// runtime's time now) and the events that were queued. Then, on the actor's next turn
    /// (once the owner has set `onTransition`), performs `effects` (the owner's work on
    /// resumption) through the handler as a step's effects are, and takes the queued events;
    /// events sent meanwhile wait behind them, and overdue timers after them.
    package func restorePersisted(
        schedule make: (_ now: Duration) -> TimerSchedule, queued: [Event], dueAfter: (MachineTimer) -> Int?, resuming effects: [Effect]
    ) {
        timerTask?.cancel()
        timerTask = nil
        timerDeadline = nil
        schedule = storedIsFinished ? TimerSchedule() : make(elapsed())
        // The events, and the timers that had run out waiting among them, in their order.
        var due: [(after: Int, item: Item)] = []
        for entry in schedule.entries where entry.phase == .running {
            if let after = dueAfter(entry.timer), let marked = schedule.markDue(entry.timer) { due.append((after, .timer(marked))) }
        }
        // By place in the line; timers due together as the schedule lists them (the innermost first).
        due = due.enumerated().sorted { ($0.element.after, $0.offset) < ($1.element.after, $1.offset) }.map(\.element)
        var next = due.startIndex
        for (index, event) in queued.enumerated() {
            while next < due.endIndex, due[next].after <= index {
                queue.append(due[next].item)
                next += 1
            }
            queue.append(.event(event, nil))
        }
        for remaining in due[next...] { queue.append(remaining.item) }
        // Timers that run out from now on join the line behind what was restored.
        armTimerTask()
        let resume = storedIsFinished ? [] : effects
        guard !resume.isEmpty || head < queue.count else { return }
        performing = true
        progress &+= 1
        let handler = self.handler
        let send = Send(runtime: self, work: nil)
        effectTask = Task { [weak self] in
            for effect in resume {
                guard !Task.isCancelled, self?.stopped == false else { return }
                await handler(effect, send)
                self?.progress &+= 1
            }
            self?.effectsDone(nil)
        }
    }
}

extension MachineRuntime where Context == Void {
    /// A runtime for a machine whose guards read no context.
    public convenience init<C: Clock>(_ machine: Machine<State, Event, Effect, Context>, clock: C, perform: @escaping Handler) where C.Duration == Duration {
        self.init(machine, clock: clock, context: {}, perform: perform)
    }
}
