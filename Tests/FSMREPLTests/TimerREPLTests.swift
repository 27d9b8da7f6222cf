import FSM
import FSMREPL
import Testing

/// A TCP-like close: TIME-WAIT lasts 2 minutes; a keep-alive session inside `open` warns
/// after 20 s of quiet and the whole of `open` expires after 60 s.
private let closing = MachineDefinition<String, String, String, Void>(name: "closing", initial: "active", events: ["activity", "tick", "close", "ack"]) {
    Parent("open") { After(.seconds(60), to: "expired", emit: "expire") } children: {
        In("active") {
            On("activity", to: "active")
            Internal("tick")
            After(.seconds(20), to: "idle", emit: "warn")
            On("close", to: "timeWait")
        }
        In("idle") { On("activity", to: "active"); On("close", to: "timeWait") }
    }
    In("timeWait") { After(.seconds(120), to: "closed"); Ignore("ack") }
    In("expired") { On("activity", to: "active") }
    Final("closed")
}

@Suite("REPL: virtual time with :advance")
struct TimerREPLTests {
    @Test(":advance fires the timers due on the way, in order; one second short fires nothing")
    func advance() throws {
        let session = try REPLSession(closing)
        #expect(session.handle(":advance 19s").text == "time 19 s: no timer ran out; next: after 20 s (active) in 1 s")
        #expect(session.handle(":advance 1s").text == "[20 s] active --after 20 s--> idle [open > idle] / warn\ntime 20 s; state: open > idle")
        // The parent's timer kept running across the move between its children.
        #expect(session.handle(":advance 40s").text == "[60 s] idle --after 60 s--> expired / expire\ntime 60 s; state: expired")
        #expect(session.handle(":advance 1h").text == "time 3660 s: no timer ran out; no timer is armed")
    }

    @Test("a transition back to the same state restarts its timers; an internal one does not; a state left and re-entered starts over")
    func restarts() throws {
        let session = try REPLSession(closing)
        _ = session.handle(":advance 15s")
        _ = session.handle("activity")
        #expect(session.handle(":advance 15s").text.hasPrefix("time 30 s: no timer ran out; next: after 20 s (active) in 5 s"))
        _ = session.handle("tick")
        #expect(session.handle(":advance 5s").text.hasPrefix("[35 s] active --after 20 s--> idle"))
        _ = session.handle("activity")
        #expect(session.handle(":advance 19s").text == "time 54 s: no timer ran out; next: after 20 s (active) in 1 s")
        // The parent's timer started at 0 s: none of these steps left `open`.
        #expect(session.handle(":advance 6s").text == """
        [55 s] active --after 20 s--> idle [open > idle] / warn
        [60 s] idle --after 60 s--> expired / expire
        time 60 s; state: expired
        """)
    }

    @Test(":events lists the armed timers and when each runs out; undo and reset take time back")
    func eventsUndoReset() throws {
        let session = try REPLSession(closing)
        _ = session.handle(":advance 5s")
        let events = session.handle(":events").text
        #expect(events.hasSuffix("""
        timers (time 5 s):
          after 20 s -> idle: due in 15 s
          after 60 s -> expired (inherited from open): due in 55 s
        """))
        _ = session.handle("close")
        #expect(session.handle(":advance 2min").text == "[125 s] timeWait --after 120 s--> closed\ntime 125 s; state: closed")
        #expect(session.handle(":undo").text == "undid ':advance 2min'; state: timeWait")
        #expect(session.handle(":events").text.hasSuffix("timers (time 5 s):\n  after 120 s -> closed: due in 120 s"))
        #expect(session.handle(":reset").text == "reset; state: open > active")
        #expect(session.handle(":events").text.hasSuffix("timers (time 0 s):\n  after 20 s -> idle: due in 20 s\n  after 60 s -> expired (inherited from open): due in 60 s"))
        #expect(session.handle(":advance soon").isError)
        #expect(session.handle(":advance -5s").isError)
    }

    @Test("timers that keep re-arming each other stop :advance after a bound, with a message")
    func runaway() throws {
        let pingPong = MachineDefinition<String, String, String, Void>(name: "ping-pong", initial: "ping", events: ["stop"]) {
            In("ping") { After(.nanoseconds(1), to: "pong"); On("stop", to: "done") }
            In("pong") { After(.nanoseconds(1), to: "ping"); On("stop", to: "done") }
            Final("done")
        }
        let session = try REPLSession(pingPong)
        let output = session.handle(":advance 1s")
        #expect(output.isError)
        #expect(output.text.split(separator: "\n").dropLast().last == "stopped after 10000 timers at time 10001 ns: timers that keep re-arming each other")
    }
}
