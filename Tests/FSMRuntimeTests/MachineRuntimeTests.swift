import FSM
import FSMRuntime
import TestSupport
import Testing

/// A session: `active` warns after 20 s of quiet; the whole of `open` expires after 60 s;
/// logging in calls the back end, whose answer comes back as an event.
private enum Screen: String, Hashable, Sendable, CustomStringConvertible {
    case active, warned, loggingIn, expired, done
    var description: String { rawValue }
}

private enum Input: MachineEvent, CaseIterable {
    case activity, tick, logIn, succeeded, failed, finish
}

private enum Job: Hashable, Sendable {
    case callLogIn, warn, expire, leave, hello
}

private let sessionMachine = MachineDefinition<Screen, Input, Job, Void>(name: "session", initial: .active) {
    Parent("open") { After(.seconds(60), to: .expired, emit: .expire) } children: {
        In(.active) {
            OnExit(.leave)
            On(.activity, to: .active)
            Internal(.tick, emit: .hello)
            After(.seconds(20), to: .warned, emit: .warn)
            On(.logIn, to: .loggingIn, emit: .callLogIn)
            On(.finish, to: .done)
        }
        In(.warned) { On(.activity, to: .active); On(.finish, to: .done) }
        In(.loggingIn) { On(.succeeded, to: .active); On(.failed, to: .warned); Ignore(.activity) }
    }
    In(.expired) { On(.activity, to: .active); On(.finish, to: .done) }
    Final(.done)
}

@MainActor
private final class Log {
    var lines: [String] = []
}

@MainActor
@Suite("MachineRuntime: events in order, effects performed in order, timers on a manual clock")
struct MachineRuntimeTests {
    private func make(_ clock: ManualClock, log: Log, reply: Input? = .succeeded) throws -> MachineRuntime<Screen, Input, Job, Void> {
        MachineRuntime(try Machine(sessionMachine), clock: clock) { job, send in
            log.lines.append("start \(job)")
            if job == .callLogIn, let reply {
                await Task.yield()
                send(reply)
                log.lines.append("sent \(reply)")
            }
            log.lines.append("end \(job)")
        }
    }

    @Test("effects are performed one at a time, in order; an event sent meanwhile waits for them")
    func effectsInOrder() async throws {
        let clock = ManualClock(), log = Log()
        let runtime = try make(clock, log: log)
        runtime.send(.logIn)
        runtime.send(.activity)
        #expect(runtime.state == .loggingIn)
        await runtime.settle()
        #expect(log.lines == ["start leave", "end leave", "start callLogIn", "sent succeeded", "end callLogIn"])
        // logIn, then the queued activity (ignored while logging in), then the reply.
        #expect(runtime.state == .active)
    }

    @Test("a timer fires when its time has come, not a moment before")
    func timerFires() async throws {
        let clock = ManualClock(), log = Log()
        let runtime = try make(clock, log: log)
        clock.advance(by: .seconds(19))
        await runtime.settle()
        #expect(runtime.state == .active)
        clock.advance(by: .seconds(1))
        await runtime.settle()
        #expect(runtime.state == .warned)
        #expect(log.lines == ["start leave", "end leave", "start warn", "end warn"])
        // The parent's timer was not restarted by the move inside it.
        #expect(runtime.pendingTimers.map(\.remaining) == [.seconds(40)])
        clock.advance(by: .seconds(40))
        await runtime.settle()
        #expect(runtime.state == .expired)
    }

    @Test("a timer of a state left and re-entered starts over: it never fires early; an internal step keeps it")
    func noStaleTimer() async throws {
        let clock = ManualClock(), log = Log()
        let runtime = try make(clock, log: log)
        clock.advance(by: .seconds(15))
        await runtime.settle()
        runtime.send(.activity)
        await runtime.settle()
        clock.advance(by: .seconds(15))
        await runtime.settle()
        #expect(runtime.state == .active, "the first arming would have fired at 20 s")
        runtime.send(.tick)
        await runtime.settle()
        clock.advance(by: .seconds(5))
        await runtime.settle()
        #expect(runtime.state == .warned, "the internal step kept the timer armed at 15 s")
    }

    @Test("a timer that ran out while effects were performed, then restarted by a queued event, does not fire")
    func queuedTimerRestarted() async throws {
        let clock = ManualClock(), log = Log()
        let runtime = MachineRuntime(try Machine(sessionMachine), clock: clock) { job, _ in
            log.lines.append("start \(job)")
            if job == .hello { try? await clock.sleep(until: clock.now.advanced(by: .seconds(10))) }
        }
        clock.advance(by: .seconds(19))
        await runtime.settle()
        runtime.send(.tick)      // internal: `hello` takes 10 s
        runtime.send(.activity)  // queued behind it
        for _ in 0..<100_000 where clock.sleeperCount < 2 { await Task.yield() }
        clock.advance(by: .seconds(1))   // 20 s: the timer runs out, queued behind `activity`
        await runtime.settle(yieldingAtMost: 1_000)
        clock.advance(by: .seconds(9))   // 29 s: `hello` is done; `activity` restarts the timer
        await runtime.settle()
        #expect(runtime.state == .active)
        #expect(runtime.pendingTimers.map(\.remaining) == [.seconds(20), .seconds(31)])
    }

    @Test("after a jump of the clock, timers are taken deadline by deadline, each re-arming at its own")
    func clockJump() async throws {
        let clock = ManualClock(), log = Log()
        let runtime = try make(clock, log: log)
        let stream = runtime.transitions()
        clock.advance(by: .seconds(100))
        await runtime.settle()
        runtime.stop()
        let steps = await everyStep(of: stream)
        #expect(steps == ["active --after 20 s--> warned / leave, warn", "warned --after 60 s--> expired / expire"])
    }

    @Test("transitions() sees every step, events and timers; it ends when the machine finishes; later events are refused")
    func transitionsAndFinish() async throws {
        let clock = ManualClock(), log = Log()
        let runtime = try make(clock, log: log)
        var refused: [String] = []
        runtime.onRejection = { refused.append("\($0.reason)") }
        let stream = runtime.transitions()
        clock.advance(by: .seconds(20))
        await runtime.settle()
        runtime.send(.finish)
        await runtime.settle()
        runtime.send(.activity)
        let seen = await everyStep(of: stream)
        #expect(seen == ["active --after 20 s--> warned / leave, warn", "warned --finish--> done"])
        #expect(runtime.isFinished)
        #expect(refused == ["finalState"])
        #expect(clock.sleeperCount == 0, "no timer task is left sleeping")
    }

    @Test("stop cancels the timers and the effect being performed, and drops what was queued")
    func stop() async throws {
        let clock = ManualClock(), log = Log()
        let runtime = MachineRuntime(try Machine(sessionMachine), clock: clock) { job, _ in
            log.lines.append("start \(job)")
            try? await clock.sleep(until: clock.now.advanced(by: .seconds(1000)))
            log.lines.append("end \(job)")
        }
        runtime.send(.logIn)
        runtime.send(.finish)
        for _ in 0..<100_000 where clock.sleeperCount < 2 { await Task.yield() }
        #expect(clock.sleeperCount == 2, "the timer task and the effect both sleep")
        runtime.stop()
        for _ in 0..<100_000 where clock.sleeperCount > 0 { await Task.yield() }
        #expect(runtime.state == .loggingIn, "the queued finish was dropped")
        #expect(clock.sleeperCount == 0)
        #expect(log.lines.first == "start leave")
    }

    @Test("dropping the runtime cancels its timer task")
    func dropped() async throws {
        let clock = ManualClock(), log = Log()
        var runtime: MachineRuntime<Screen, Input, Job, Void>? = try make(clock, log: log)
        // The timer task registers its sleep on another executor: wait for it, boundedly.
        for _ in 0..<100_000 where clock.sleeperCount == 0 { await Task.yield() }
        #expect(clock.sleeperCount == 1)
        runtime = nil
        for _ in 0..<100_000 where clock.sleeperCount > 0 { await Task.yield() }
        #expect(runtime == nil)
        #expect(clock.sleeperCount == 0)
    }

    @Test("effects that do not suspend are done when send returns; send says what became of each event", .enabled(if: effectsStartAtOnce, "effects start at the next turn before macOS 26 and iOS 26"))
    func deliveries() throws {
        let clock = ManualClock(), log = Log()
        let runtime = MachineRuntime(try Machine(sessionMachine), clock: clock) { job, _ in log.lines.append("\(job)") }
        var refused: [String] = []
        runtime.onRejection = { refused.append("\($0.reason)") }
        #expect(runtime.send(.tick) == .taken)
        #expect(log.lines == ["hello"], "performed before send returned")
        #expect(runtime.send(.succeeded) == .rejected)
        #expect(refused == ["noTransition"])
        #expect(runtime.send(.finish) == .taken)
        #expect(runtime.send(.activity) == .rejected)
        runtime.stop()
        #expect(runtime.send(.activity) == .dropped)
    }

    @Test("onTransition sees each step with its event before the effects; an event sent from it is queued", .enabled(if: effectsStartAtOnce, "effects start at the next turn before macOS 26 and iOS 26"))
    func onTransition() throws {
        let clock = ManualClock(), log = Log()
        let runtime = MachineRuntime(try Machine(sessionMachine), clock: clock) { job, _ in log.lines.append("effect \(job)") }
        // Weakly: the runtime holds the closure.
        runtime.onTransition = { [weak runtime] transition, event in
            log.lines.append("step \(transition.description) on \(event.map { "\($0)" } ?? "nil")")
            if event == .logIn { #expect(runtime?.send(.failed) == .queued) }
        }
        runtime.send(.logIn)
        #expect(log.lines == [
            "step active --logIn--> loggingIn / leave, callLogIn on logIn", "effect leave", "effect callLogIn",
            "step loggingIn --failed--> warned on failed",
        ])
        #expect(runtime.state == .warned)
    }

    @Test("work started with later runs alongside the machine; sendAndWait returns once its answer has been taken")
    func laterAndWait() async throws {
        let clock = ManualClock(), log = Log()
        let gate = Gate()
        let runtime = MachineRuntime(try Machine(sessionMachine), clock: clock) { job, send in
            log.lines.append("effect \(job)")
            if job == .callLogIn {
                send.later {
                    await gate.wait()
                    return .succeeded
                }
            }
        }
        let attempt = Task { await runtime.sendAndWait(.logIn) }
        await gate.waitForWaiter()
        #expect(runtime.state == .loggingIn)
        #expect(!runtime.isIdle, "the request is running")
        #expect(runtime.send(.activity) == .taken, "not queued behind the request: ignored while logging in")
        gate.open()
        #expect(await attempt.value(waitingFor: "sendAndWait(.logIn) to return") == .taken)
        #expect(runtime.state == .active, "the answer was taken before sendAndWait returned")
        #expect(runtime.isIdle)
        #expect(await waitFor(runtime, .activity) == .taken)
        #expect(await waitFor(runtime, .succeeded) == .rejected)
    }

    @Test("settle gives up soon when nothing happens: a request waiting on the test")
    func settleGivesUpWhenNothingHappens() async throws {
        let clock = ManualClock()
        let gate = Gate()
        let runtime = MachineRuntime(try Machine(sessionMachine), clock: clock) { job, send in
            if job == .callLogIn { send.later { await gate.wait(); return .succeeded } }
        }
        runtime.send(.logIn)
        // Counts the main actor's turns while settle waits.
        let turns = TurnCounter()
        let counter = Task {
            while turns.counting {
                turns.count += 1
                await Task.yield()
            }
        }
        #expect(await runtime.settle(yieldingAtMost: 1_000_000) == false, "the request is still out")
        turns.counting = false
        await counter.value(waitingFor: "the turn counter to stop")
        #expect(turns.count < 10_000, "settle waited \(turns.count) turns with nothing happening")
        gate.open()
        #expect(await runtime.settle())
        #expect(runtime.state == .active)
    }

    @Test("stop cancels work started with later, drops its answer and lets sendAndWait return")
    func stopWhileLater() async throws {
        let clock = ManualClock(), log = Log()
        let gate = Gate()
        let runtime = MachineRuntime(try Machine(sessionMachine), clock: clock) { job, send in
            if job == .callLogIn {
                send.later {
                    await gate.wait()
                    log.lines.append(Task.isCancelled ? "cancelled" : "not cancelled")
                    return .succeeded
                }
            }
        }
        let attempt = Task { await runtime.sendAndWait(.logIn) }
        await gate.waitForWaiter()
        runtime.stop()
        #expect(await attempt.value(waitingFor: "sendAndWait(.logIn) to return") == .taken)
        gate.open()
        for _ in 0..<1_000 where log.lines.isEmpty { await Task.yield() }
        #expect(log.lines == ["cancelled"])
        #expect(runtime.state == .loggingIn, "the answer of cancelled work is not sent")
        #expect(await waitFor(runtime, .activity) == .dropped)
    }

    @Test("sendAndWait says its own event was taken, whatever became of the events its effects sent")
    func waitedDeliveryIsTheEventsOwn() async throws {
        let clock = ManualClock()
        let runtime = MachineRuntime(try Machine(sessionMachine), clock: clock) { job, send in
            guard job == .hello else { return }
            await Task.yield()
            send(.finish)      // the machine finishes...
            send(.activity)    // ...so this one is refused
        }
        #expect(await waitFor(runtime, .tick) == .taken)
        #expect(runtime.isFinished)
    }

    @Test("stop lets a sendAndWait whose event is still queued return .dropped")
    func stopWhileQueued() async throws {
        let clock = ManualClock()
        let gate = Gate()
        let runtime = MachineRuntime(try Machine(sessionMachine), clock: clock) { job, _ in
            if job == .hello { await gate.wait() }
        }
        runtime.send(.tick)
        await gate.waitForWaiter()
        let queued = Task { await runtime.sendAndWait(.activity) }
        for _ in 0..<100 { await Task.yield() }   // it sends: queued behind `hello`
        runtime.stop()
        #expect(await queued.value(waitingFor: "the queued sendAndWait to return") == .dropped)
        #expect(runtime.isIdle, "nothing is performed after stop")
        gate.open()
    }

    @Test("stop from the handler: the step's later effects are not performed")
    func stopFromHandler() async throws {
        let clock = ManualClock(), log = Log()
        let box = RuntimeBox()
        box.runtime = MachineRuntime(try Machine(sessionMachine), clock: clock) { job, _ in
            log.lines.append("\(job)")
            if job == .leave { box.runtime?.stop() }
        }
        let runtime = try #require(box.runtime)
        runtime.send(.logIn)
        await runtime.settle()
        #expect(log.lines == ["leave"], "callLogIn came after stop")
        #expect(runtime.isIdle)
        #expect(runtime.send(.activity) == .dropped)
        box.runtime = nil
    }

    @Test("a long chain of effects that send events back runs in a loop, not a recursion", .enabled(if: effectsStartAtOnce, "effects start at the next turn before macOS 26 and iOS 26"))
    func longChain() throws {
        let clock = ManualClock()
        var count = 0
        let runtime = MachineRuntime(try Machine(sessionMachine), clock: clock) { job, send in
            count += 1
            if job == .hello, count < 100_000 { send(.tick) }
        }
        runtime.send(.tick)
        #expect(count == 100_000)
        #expect(runtime.isIdle)
    }
}

/// `runtime.sendAndWait(event)`, or `nil` and a recorded issue when it does not return within
/// TestSupport's `waitLimit`: a runtime that loses a waiter fails its test instead of hanging
/// the suite.
@MainActor
private func waitFor(_ runtime: MachineRuntime<Screen, Input, Job, Void>, _ event: Input) async -> MachineRuntime<Screen, Input, Job, Void>.Delivery? {
    await bounded("sendAndWait(.\(event)) to return") { await runtime.sendAndWait(event) }
}

/// The descriptions of every step `stream` yields until it ends; when it never ends, none
/// (and a recorded issue, after the wait limit).
private func everyStep(of stream: AsyncStream<Transition<Screen, Input, Job>>) async -> [String] {
    let steps = await bounded("the transitions stream to end") {
        var steps: [String] = []
        for await step in stream { steps.append(step.description) }
        return steps
    }
    return steps ?? []
}

/// Whether effects start before `send` returns (`Task.immediate`: Linux, macOS 26, iOS 26).
private var effectsStartAtOnce: Bool {
    if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) { true } else { false }
}

/// The main actor's turns, counted by a task while it is counting.
@MainActor
private final class TurnCounter {
    var count = 0
    var counting = true
}

/// The runtime a handler stops, once made.
@MainActor
private final class RuntimeBox {
    var runtime: MachineRuntime<Screen, Input, Job, Void>?
}

/// A door a task waits at until the test opens it.
@MainActor
private final class Gate {
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private var isOpen = false

    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    /// Returns once a task waits at the door (boundedly: a test that never gets there fails).
    func waitForWaiter() async {
        for _ in 0..<100_000 where waiters.isEmpty { await Task.yield() }
        #expect(!waiters.isEmpty, "nothing came to wait at the gate")
    }

    func open() {
        isOpen = true
        for waiter in waiters { waiter.resume() }
        waiters = []
    }
}
