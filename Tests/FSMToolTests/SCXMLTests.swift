import FSM
import FSMREPL
import Foundation
import Testing
import TestSupport

private let ok = Guard<Void>("ok") { true }
private let late = Guard<Void>("late") { true }
private let fast = Guard<Void>("is-fast") { true }

/// Where this library's rules and SCXML's meet: parents three deep, a transition to a parent
/// (entered at its initial child, itself a parent), to an ancestor (left and re-entered), into
/// a nested child; a parent's internal transition; children that decide an event their
/// parents handle (by `Ignore`, `Illegal`, or guards none of which holds), which SCXML would
/// pass to the parent; combined guards; entry and exit effects at every level; events named
/// `error` and `done`, which SCXML interpreters raise themselves.
let scxmlNested = MachineDefinition<String, String, String, Void>(
    name: "nested", initial: "idle", events: ["go", "back", "tick", "stop", "poke", "reset", "error", "done"]
) {
    In("idle") {
        OnExit("idleOut")
        On("go", to: "work", emit: "going")
        Ignore("tick")
        On("error", to: "idle", emit: "again")
        On("done", to: "elsewhere")
    }
    Parent(state: "work", initial: "inner") {
        OnEntry("workIn")
        OnExit("workOut")
        On("stop", to: "idle", emit: "stopped")
        On("poke", to: "b", guard: ok, emit: "poked")
        Internal("tick", emit: "tock")
        On("reset", to: "work")
    } children: {
        In("a") {
            On("back", to: "idle")
            Ignore("stop")
        }
        Parent(state: "inner", initial: "c") {
            OnEntry("innerIn")
            OnExit("innerOut")
            On("go", to: "a", guard: ok && !late)
            Illegal("poke")
        } children: {
            In("b") { On("stop", to: "c", guard: late, emit: "guardedStop") }
            In("c") {
                OnEntry("cIn")
                On("back", to: "b")
                On("tick", to: "b", guard: fast || late)
                On("done", to: "inner")
            }
        }
    }
    In("elsewhere") {
        On("reset", to: "c", emit: "deep")
        On("go", to: "inner")
        On("back", to: "idle", guard: !fast)
        Illegal("back")
    }
}

private let leftRegion = MachineDefinition<String, String, String, Void>(name: "left", initial: "off", events: ["flip", "reset", "poke"]) {
    In("off") {
        On("flip", to: "on", emit: "leftOn")
        Ignore("reset")
    }
    Parent(state: "on", initial: "dim") {
        OnEntry("lampOn")
        OnExit("lampOff")
        On("flip", to: "off")
        On("reset", to: "off", emit: "leftReset")
    } children: {
        In("dim") { On("poke", to: "bright", guard: ok) }
        In("bright") {
            On("poke", to: "dim")
            Ignore("flip")
        }
    }
}

private let rightRegion = MachineDefinition<String, String, String, Void>(name: "right", initial: "off", events: ["poke", "reset", "halt"]) {
    In("off") {
        On("poke", to: "up", emit: "rightUp")
        Ignore("reset")
    }
    In("up") {
        OnEntry("upIn")
        On("poke", to: "off")
        On("reset", to: "off", emit: "rightReset")
        On("halt", to: "stopped")
    }
    Final("stopped") { IgnoreOtherEvents() }
}

struct SCXMLPair: Hashable, Sendable, CustomStringConvertible {
    var left: String
    var right: String
    var description: String { "\(left), \(right)" }
}

/// Two regions with the same state names, parents inside a region, an event both take, a
/// final state in one.
let scxmlParallel = MachineDefinition<SCXMLPair, String, String, Void>(
    name: "pair", initial: SCXMLPair(left: "off", right: "off"),
    regions: Region("left", \.left, leftRegion), Region("right", \.right, rightRegion)
)

/// Names an XML document, an XML identifier or an interpreter could misread: markup, quotes,
/// two names that are one identifier once made safe, a leading digit, `send` (a method of
/// python-statemachine's machines, which the judge calls through their base class), dots
/// (SCXML's event hierarchy), the names of the events SCXML raises itself, a quote or a dash
/// followed by a combining mark (one `Character` with it: found by fuzzing), control
/// characters XML cannot hold. Not
/// `configuration`: python-statemachine reads its own `configuration` attribute, which a
/// state of that id replaces (a limitation of the judge, not of the document).
let scxmlNames = MachineDefinition<String, String, String, Void>(
    name: "names <&> \"q\" -\u{301}- \u{1}", initial: "<a&b>", events: ["error", "done.state.x", "fsm", "a.b", "a b", "a_b", "—", "send", "it'\u{301}s \u{2}"]
) {
    In("<a&b>") {
        On("error", to: "a b", guard: Guard("x && y") { true }, emit: "say \"hi\" & <bye>")
        On("a.b", to: "1st")
        On("—", to: "send")
    }
    In("a b") {
        On("a b", to: "a_b", guard: Guard("in") { true })
        On("done.state.x", to: "<a&b>")
    }
    In("a_b") {
        On("a_b", to: "dot.ted", emit: "tab\there")
        On("fsm", to: "<a&b>")
    }
    In("1st") {
        On("send", to: "<a&b>", emit: "--", "")
        On("it'\u{301}s \u{2}", to: "a b", emit: "x\u{3}'\u{301}")
    }
    In("send") { On("error", to: "1st") }
    In("dot.ted") { On("a.b", to: "<a&b>", emit: "line\nbreak") }
}

/// Timers on a state and on a parent, with a guard and effects: a delayed `<send>` each,
/// cancelled on exit. The runs never fire them (as the REPL, which fires them only on
/// `:advance`), and the interpreter must not either within the runs.
let scxmlTimed = MachineDefinition<String, String, String, Void>(name: "timed", initial: "idle", events: ["go", "back"]) {
    In("idle") { On("go", to: "waiting") }
    Parent("busy") {
        After(.seconds(60), to: "idle", emit: "gaveUp")
        On("back", to: "idle")
    } children: {
        In("waiting") {
            After(.milliseconds(1500), to: "late", guard: Guard("patient") { true }, emit: "tooLate")
            On("go", to: "late")
        }
        In("late") { On("go", to: "waiting") }
    }
}

/// History: shallow and deep, with defaults that are not the parent's initial state, resumed
/// from outside, from inside the parent (a child's line) and by the parent's own line (which
/// leaves it first), with entry and exit effects and a guard; a shallow history remembering
/// the source's own parent (`home` from the film: `tv` is left and entered again) and a
/// default that is a parent's value (`zap` from the news, to `tv`, while `set` was never left).
let scxmlHistory = MachineDefinition<String, String, String, Void>(name: "history", initial: "off",
                                                                   events: ["on", "onDeep", "off", "tune", "next", "menu", "back", "rewind", "glitch", "home", "zap"]) {
    In("off") {
        On("on", to: "radio", resuming: .shallow("set"), emit: "warm")
        On("onDeep", to: "radio", resuming: .deep("set"))
        On("menu", to: "menu")
    }
    In("menu") {
        On("back", to: "film", resuming: .deep("tv"), guard: Guard("remembers") { true }, emit: "back")
        On("back", to: "off")
    }
    Parent("set") {
        On("off", to: "off")
        On("glitch", to: "radio", resuming: .deep("set"))
        OnEntry("set+")
        OnExit("set-")
    } children: {
        In("radio") { On("tune", to: "news") }
        Parent(state: "tv", initial: "news") {
            On("tune", to: "radio")
            OnEntry("tv+")
            OnExit("tv-")
        } children: {
            In("news") {
                On("next", to: "film")
                On("zap", to: "tv", resuming: .deep("set"))
                OnEntry("news+")
            }
            In("film") {
                On("next", to: "news")
                On("rewind", to: "news", resuming: .shallow("tv"))
                On("home", to: "radio", resuming: .shallow("set"))
                OnExit("film-")
            }
        }
    }
}

/// Transitions without an event: a check that decides at once by guards (fraud first, then
/// stock) or waits; an unguarded step; a parent's completion whose target is a final child of
/// an outer parent, which completes in turn; a parent's own guarded line every child tries
/// after its own (the final child too, before the completion); internal, ignored and
/// rejected events in a waiting state, which let the chain go when a guard then holds; a
/// guarded completion that, not taken when the final child is entered, is not taken later.
let scxmlEventless = MachineDefinition<String, String, String, Void>(name: "eventless", initial: "cart",
                                                                     events: ["submit", "retry", "ship", "poke", "note", "reset"]) {
    In("cart") { On("submit", to: "checking", emit: "submit") }
    In("checking") {
        Always(to: "rejected", guard: Guard("fraud") { true }, emit: "flag")
        Always(to: "approved", guard: Guard("inStock") { true }, emit: "ok")
        Ignore("poke")
        Internal("note", emit: "noted")
        OnEntry("check+")
        OnExit("check-")
    }
    In("approved") { Always(to: "packing", emit: "approve") }
    In("rejected") {
        On("retry", to: "checking")
        On("reset", to: "cart")
    }
    Parent("order", initial: "packing") {
        OnDone(to: "archived", guard: Guard("keep") { true }, emit: "archive")
        OnDone(to: "cart", emit: "again")
        OnExit("order-")
    } children: {
        Parent("delivery", initial: "packing") {
            Always(to: "cart", guard: Guard("cancel") { true }, emit: "cancelled")
            OnDone(to: "closed", emit: "done")
            OnEntry("delivery+")
            OnExit("delivery-")
        } children: {
            In("packing") {
                On("ship", to: "sent", emit: "ship")
                Always(to: "packing2", guard: Guard("split") { true })
            }
            In("packing2") { On("ship", to: "sent") }
            Final("sent") { OnEntry("sent+") }
        }
        Final("closed")
    }
    In("archived") {
        On("reset", to: "cart")
        On("ship", to: "returning")
    }
    Parent("returns", initial: "returning") {
        OnDone(to: "cart", guard: Guard("refund") { true }, emit: "refunded")
    } children: {
        In("returning") { On("poke", to: "returned") }
        Final("returned")
    }
}

/// The machines the differential runs besides the shipped ones: the tool tests' and the
/// explorer's, the tricky names of the diagram tests, and the ones above.
let scxmlMachines: [(file: String, machine: any MachineDescribing)] = [
    ("nested", scxmlNested), ("pair", scxmlParallel), ("names", scxmlNames), ("timed", scxmlTimed),
    ("history", scxmlHistory), ("eventless", scxmlEventless), ("player", playerMachine), ("jukebox", jukeboxMachine),
    ("turnstile", turnstile), ("lamp", lamp), ("lab", explorerLab),
    ("tricky", trickyMachine), ("tricky-nested", trickyNested), ("tricky-parallel", trickyParallel),
]

@Suite("SCXML: documents that an independent interpreter runs as the machine runs")
struct SCXMLTests {
    @Test("every step of seeded REPL runs names elements of the document; written to FSM_SCXML_OUT for python-statemachine", arguments: scxmlMachines.map(\.file))
    func runs(file: String) throws {
        let machine = try #require(scxmlMachines.first { $0.file == file }).machine
        let made = try SCXMLRuns.make(machine, runs: 30, steps: 40, seed: 2026)
        let (document, initial, runs) = (made.document, made.initial, made.runs)
        let ids = Set(document.text.matches(of: #/ id="([^"]+)"/#).map { String($0.1) })
        for id in initial + runs.flatMap({ $0.flatMap(\.active) }) {
            #expect(ids.contains(id), "\(id) is an element of the document")
        }
        if let folder = SCXMLTrace.outputFolder { try SCXMLTrace.write(machine, fileName: file, to: folder) }
    }

    @Test("the history machine's document, as written: a <history> per kind and default in its parent, transitions into it")
    func historyDocument() {
        #expect(scxmlHistory.scxml == """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- The machine history, written by FSM. Guards are the data items guard_*: set one to false to refuse its transitions. Effects are logs. -->
            <scxml xmlns="http://www.w3.org/2005/07/scxml" xmlns:fsm="urn:x-swift-fsm:scxml" version="1.0" datamodel="ecmascript" name="history" initial="off" fsm:name="history" fsm:events='["on", "onDeep", "off", "tune", "next", "menu", "back", "rewind", "glitch", "home", "zap"]'>
              <datamodel>
                <data id="guard_remembers" expr="true" fsm:name="remembers"/>
              </datamodel>
              <state id="off" fsm:name="off">
                <transition event="on" target="set_history">
                  <log label="warm"/>
                </transition>
                <transition event="onDeep" target="set_deep_history"/>
                <transition event="menu" target="menu"/>
              </state>
              <state id="menu" fsm:name="menu">
                <transition event="back" cond="guard_remembers" target="tv_deep_history">
                  <log label="back"/>
                </transition>
                <transition event="back" target="off"/>
              </state>
              <state id="set" fsm:name="set" fsm:kind="parent" initial="radio">
                <onentry>
                  <log label="set+"/>
                </onentry>
                <onexit>
                  <log label="set-"/>
                </onexit>
                <transition event="off" target="off"/>
                <transition event="glitch" target="set_deep_history"/>
                <history id="set_history" type="shallow">
                  <transition target="radio"/>
                </history>
                <history id="set_deep_history" type="deep">
                  <transition target="radio"/>
                </history>
                <history id="set_deep_history_2" type="deep">
                  <transition target="tv"/>
                </history>
                <state id="radio" fsm:name="radio">
                  <transition event="tune" target="news"/>
                </state>
                <state id="tv" fsm:name="tv" fsm:kind="parent" initial="news">
                  <onentry>
                    <log label="tv+"/>
                  </onentry>
                  <onexit>
                    <log label="tv-"/>
                  </onexit>
                  <transition event="tune" target="radio"/>
                  <history id="tv_deep_history" type="deep">
                    <transition target="film"/>
                  </history>
                  <history id="tv_history" type="shallow">
                    <transition target="news"/>
                  </history>
                  <state id="news" fsm:name="news">
                    <onentry>
                      <log label="news+"/>
                    </onentry>
                    <transition event="next" target="film"/>
                    <transition event="zap" target="set_deep_history_2"/>
                  </state>
                  <state id="film" fsm:name="film">
                    <onexit>
                      <log label="film-"/>
                    </onexit>
                    <transition event="next" target="news"/>
                    <transition event="rewind" target="tv_history"/>
                    <transition event="home" target="set_history"/>
                  </state>
                </state>
              </state>
            </scxml>

            """)
    }

    @Test("the nested machine's document, as written")
    func nestedDocument() {
        #expect(scxmlNested.scxml == """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- The machine nested, written by FSM. Guards are the data items guard_*: set one to false to refuse its transitions. Effects are logs. -->
            <scxml xmlns="http://www.w3.org/2005/07/scxml" xmlns:fsm="urn:x-swift-fsm:scxml" version="1.0" datamodel="ecmascript" name="nested" initial="idle" fsm:name="nested" fsm:events='["go", "back", "tick", "stop", "poke", "reset", "error", "done"]'>
              <datamodel>
                <data id="guard_ok" expr="true" fsm:name="ok"/>
                <data id="guard_late" expr="true" fsm:name="late"/>
                <data id="guard_is_fast" expr="true" fsm:name="is-fast"/>
              </datamodel>
              <state id="idle" fsm:name="idle" fsm:ignore="tick">
                <onexit>
                  <log label="idleOut"/>
                </onexit>
                <transition event="go" target="work">
                  <log label="going"/>
                </transition>
                <transition event="error_" target="idle">
                  <log label="again"/>
                </transition>
                <transition event="done_" target="elsewhere"/>
              </state>
              <state id="work" fsm:name="work" fsm:kind="parent" initial="c">
                <onentry>
                  <log label="workIn"/>
                </onentry>
                <onexit>
                  <log label="workOut"/>
                </onexit>
                <transition event="stop" target="idle">
                  <log label="stopped"/>
                </transition>
                <transition event="poke" cond="guard_ok" target="b">
                  <log label="poked"/>
                </transition>
                <transition event="tick">
                  <log label="tock"/>
                </transition>
                <transition event="reset" target="work"/>
                <state id="a" fsm:name="a">
                  <transition event="back" target="idle"/>
                  <transition event="stop" fsm:kind="ignore"/>
                </state>
                <state id="inner" fsm:name="inner" fsm:kind="parent" initial="c">
                  <onentry>
                    <log label="innerIn"/>
                  </onentry>
                  <onexit>
                    <log label="innerOut"/>
                  </onexit>
                  <transition event="go" cond="(guard_ok &amp;&amp; (guard_late === false))" target="a"/>
                  <transition event="poke" fsm:kind="illegal"/>
                  <state id="b" fsm:name="b">
                    <transition event="stop" cond="guard_late" target="c">
                      <log label="guardedStop"/>
                    </transition>
                    <transition event="stop" fsm:kind="refuse"/>
                  </state>
                  <state id="c" fsm:name="c">
                    <onentry>
                      <log label="cIn"/>
                    </onentry>
                    <transition event="back" target="b"/>
                    <transition event="tick" cond="(guard_is_fast || guard_late)" target="b"/>
                    <transition event="done_" target="inner"/>
                    <transition event="tick" fsm:kind="refuse"/>
                  </state>
                </state>
              </state>
              <state id="elsewhere" fsm:name="elsewhere" fsm:illegal="back">
                <transition event="reset" target="c">
                  <log label="deep"/>
                </transition>
                <transition event="go" target="inner"/>
                <transition event="back" cond="(guard_is_fast === false)" target="idle"/>
              </state>
            </scxml>

            """)
    }
}
