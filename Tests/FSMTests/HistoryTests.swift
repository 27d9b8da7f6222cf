import FSM
import FSMCoverage
import Foundation
import Testing

/// A television: `on` holds the radio and `tv`, which holds the news and a film. Switching
/// on resumes `on` (shallow: the child, so `tv` at its initial news; deep: the very
/// channel); the menu goes back to `tv`'s deep history; `rewind` resumes `tv` from the film, inside it;
/// `glitch`, declared on `on`, leaves `on` and resumes it; `home`, from the film, resumes `on`
/// shallow: when it remembers `tv`, the film's own parent, `tv` is left and entered again;
/// `zap`, from the news, resumes `on` deep.
enum Telly: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case off, radio, news, film, menu
    var description: String { rawValue }
}

enum TellyEvent: String, Hashable, Sendable, CaseIterable, MachineEvent, CustomStringConvertible {
    case powerOn, powerOnDeep, powerOff, tune, next, menu, back, rewind, glitch, home, zap
    var description: String { rawValue }
}

let telly = MachineDefinition<Telly, TellyEvent, String, Void>(name: "telly", initial: .off) {
    In(.off) {
        On(.powerOn, to: .radio, resuming: .shallow("on"))
        On(.powerOnDeep, to: .radio, resuming: .deep("on"))
        On(.menu, to: .menu)
    }
    In(.menu) {
        On(.back, to: .film, resuming: .deep("tv"), emit: "back")
    }
    Parent("on") {
        On(.powerOff, to: .off)
        On(.glitch, to: .radio, resuming: .deep("on"))
        OnEntry("on+")
        OnExit("on-")
    } children: {
        In(.radio) { On(.tune, to: .news) }
        Parent("tv", initial: .news) {
            On(.tune, to: .radio)
            OnEntry("tv+")
            OnExit("tv-")
        } children: {
            In(.news) {
                On(.next, to: .film)
                On(.zap, to: .radio, resuming: .deep("on"))
                OnEntry("news+")
            }
            In(.film) {
                On(.next, to: .news)
                On(.rewind, to: .news, resuming: .shallow("tv"))
                On(.home, to: .radio, resuming: .shallow("on"))
            }
        }
    }
}

@Suite("History")
struct HistoryTests {
    /// Sends events in order; returns the state and effects after each.
    func run(_ events: [TellyEvent], from machine: inout Machine<Telly, TellyEvent, String, Void>) throws -> [String] {
        try events.map { event in
            let transition = try machine.send(event)
            return "\(event) -> \(transition.target) \(transition.effects.map { $0 }.joined(separator: ","))"
        }
    }

    @Test("a parent never left resumes at the declared default")
    func defaults() throws {
        var machine = try Machine(telly)
        #expect(try run([.powerOn], from: &machine) == ["powerOn -> radio on+"])
        machine.reset()
        #expect(try run([.powerOnDeep], from: &machine) == ["powerOnDeep -> radio on+"])
        machine.reset()
        // The default of tv's deep history is the film, not tv's initial news.
        #expect(try run([.menu, .back], from: &machine) == ["menu -> menu ", "back -> film back,on+,tv+"])
    }

    @Test("shallow history resumes the child, entered at its initial state; deep the very state")
    func shallowAndDeep() throws {
        var machine = try Machine(telly)
        #expect(try run([.powerOn, .tune, .next, .powerOff, .powerOn], from: &machine) == [
            "powerOn -> radio on+", "tune -> news tv+,news+", "next -> film ", "powerOff -> off tv-,on-",
            // on's child was tv: tv at its initial state, not the film.
            "powerOn -> news on+,tv+,news+",
        ])
        #expect(try run([.next, .powerOff, .powerOnDeep], from: &machine) == [
            "next -> film ", "powerOff -> off tv-,on-", "powerOnDeep -> film on+,tv+",
        ])
        #expect(try run([.tune, .powerOff, .powerOnDeep, .powerOff, .powerOn], from: &machine) == [
            "tune -> radio tv-", "powerOff -> off on-", "powerOnDeep -> radio on+", "powerOff -> off on-", "powerOn -> radio on+",
        ])
        _ = try machine.send(.powerOff)
        // tv's memory is still the film from before: the menu goes back to it.
        #expect(try run([.menu, .back], from: &machine) == ["menu -> menu ", "back -> film back,on+,tv+"])
    }

    @Test("resuming from inside the parent leaves only what the resumed state is not in; a parent's own line leaves it")
    func fromInside() throws {
        var machine = try Machine(telly)
        // Never left: rewind goes to the default, the news, leaving only the film.
        #expect(try run([.powerOn, .tune, .next, .rewind], from: &machine) == [
            "powerOn -> radio on+", "tune -> news tv+,news+", "next -> film ", "rewind -> news news+",
        ])
        // glitch is on's line: it leaves on (remembering the news) and resumes there.
        #expect(try run([.glitch, .next, .tune, .glitch], from: &machine) == [
            "glitch -> news tv-,on-,on+,tv+,news+", "next -> film ", "tune -> radio tv-", "glitch -> radio on-,on+",
        ])
        // tv was left from the film: rewind from inside tv now resumes the film.
        #expect(try run([.tune, .next, .rewind], from: &machine) == ["tune -> news tv+,news+", "next -> film ", "rewind -> film "])
    }

    @Test("resumed from inside the parent, the parent's child is left and entered again through the memory")
    func resumingTheSourcesParent() throws {
        var machine = try Machine(telly)
        #expect(try run([.powerOn, .tune, .powerOff, .powerOn, .next, .home], from: &machine) == [
            "powerOn -> radio on+", "tune -> news tv+,news+", "powerOff -> off tv-,on-", "powerOn -> news on+,tv+,news+", "next -> film ",
            // on remembers tv: the film leaves tv and enters it again, at the news.
            "home -> news tv-,tv+,news+",
        ])
        // Deep: on remembers the film; from the news, inside on, its child tv is left and
        // entered again through the memory (as UML and python-statemachine do).
        machine.reset()
        #expect(try run([.powerOnDeep, .tune, .next, .powerOff, .powerOn, .zap], from: &machine) == [
            "powerOnDeep -> radio on+", "tune -> news tv+,news+", "next -> film ", "powerOff -> off tv-,on-", "powerOn -> news on+,tv+,news+",
            "zap -> film tv-,tv+",
        ])
        // Never left: the default, the radio, which is outside tv.
        machine.reset()
        #expect(try run([.powerOnDeep, .tune, .next, .home], from: &machine) == [
            "powerOnDeep -> radio on+", "tune -> news tv+,news+", "next -> film ", "home -> radio tv-",
        ])
    }

    @Test("reset and a machine started in a state forget the memory; copies keep their own")
    func memoryIsState() throws {
        var machine = try Machine(telly)
        _ = try run([.powerOn, .tune, .next, .powerOff], from: &machine)
        var copy = machine
        machine.reset()
        #expect(try run([.powerOnDeep], from: &machine) == ["powerOnDeep -> radio on+"])
        #expect(try run([.powerOnDeep], from: &copy) == ["powerOnDeep -> film on+,tv+"])
        var started = try Machine(telly, startingIn: .off)
        #expect(try run([.powerOnDeep], from: &started) == ["powerOnDeep -> radio on+"])
    }

    @Test("the table names the history and its default")
    func table() throws {
        let markdown = telly.table.text(.markdown)
        #expect(markdown.contains("| off | powerOn |  | history(on), default radio |  |"))
        #expect(markdown.contains("| off | powerOnDeep |  | deep history(on), default radio |  |"))
        #expect(markdown.contains("| menu | back |  | deep history(tv), default film | back |"))
        let json = telly.table.text(.json)
        #expect(json.contains(#"{"target": "radio", "guard": null, "effects": [], "internal": false, "history": {"parent": "on", "deep": false}}"#))
    }

    @Test("coverage counts a row with memory as its state")
    func coverage() throws {
        let recorder = CoverageRecorder()
        var machine = try Machine(telly)
        machine.recorder = recorder
        _ = try run([.powerOn, .tune, .next, .powerOff, .powerOnDeep, .powerOff, .powerOnDeep], from: &machine)
        let report = try #require(recorder.coverage[machine: "telly"])
        #expect(report.states.first { $0.state == "film" }?.entered == 3)
        #expect(report.states.first { $0.state == "off" }?.entered == 3)
    }

    @Test("validation refuses a history of no parent, a default outside it, and a history in a region")
    func validation() throws {
        let unknown = MachineDefinition<Telly, TellyEvent, String, Void>(name: "t", initial: .off) {
            In(.off) { On(.powerOn, to: .radio, resuming: .shallow("tv")) }
            Parent("on") { On(.powerOff, to: .off) } children: { In(.radio) }
        }
        #expect(unknown.validate().map(\.description).contains(
            "error: the transition 'off' --powerOn--> history(tv) resumes 'tv', which is not a declared parent (its parents: 'on') [invalidHistory]"))
        #expect(throws: DefinitionError.self) { try Machine(unknown) }
        let outside = MachineDefinition<Telly, TellyEvent, String, Void>(name: "t", initial: .off) {
            In(.off) { On(.powerOn, to: .off, resuming: .deep("on")) }
            Parent("on") { On(.powerOff, to: .off) } children: { In(.radio) }
        }
        #expect(outside.validate().map(\.description).contains(
            "error: the transition 'off' --powerOn--> deep history(on) has the default 'off', which is not inside 'on' [invalidHistory]"))
        let itself = MachineDefinition<String, String, String, Void>(name: "t", initial: "off", events: ["go", "stop"]) {
            In("off") { On("go", to: "on", resuming: .deep("on")) }
            Parent(state: "on") { On("stop", to: "off") } children: { In("a") }
        }
        #expect(itself.validate().map(\.description).contains(
            "error: the transition 'off' --go--> deep history(on) has the parent itself as its default: name a state inside 'on' (its initial one, say) [invalidHistory]"))
    }
}

@Suite("History: diagrams")
struct HistoryDiagramTests {
    @Test("DOT draws H and H* in their parents, the resuming edges into them, and the defaults dashed")
    func dot() throws {
        let dot = telly.dot()
        #expect(dot.contains(#"p0h [shape=circle, label="H", width=0.3, fixedsize=true, fontname="Helvetica", fontsize=10];"#))
        #expect(dot.contains(#"p0hd [shape=circle, label="H*""#))
        #expect(dot.contains(#"p1hd [shape=circle, label="H*""#))
        #expect(dot.contains(#"s0 -> p0h [label="powerOn"];"#))
        #expect(dot.contains(#"s0 -> p0hd [label="powerOnDeep"];"#))
        #expect(dot.contains(#"s1 -> p1hd [label="back / back"];"#))
        #expect(dot.contains("p0h -> s2 [style=dashed];"))
        #expect(dot.contains("p1hd -> s4 [style=dashed];"))
        // Nothing enters the parent's border (a line written reversed, `dir=back`, has its
        // source's border as its head).
        #expect(!dot.split(separator: "\n").contains { $0.contains("lhead=cluster_p0") && !$0.contains("dir=back") })
    }
}

@Suite("History: reachability")
struct HistoryReachabilityTests {
    @Test("validation walks states with their memory: a state only a default would reach, never taken, is reported; one only a memory reaches is not")
    func reachability() {
        // a is P's default, but P is only ever entered at b, so the history always resumes b.
        let neverA = MachineDefinition<String, String, String, Void>(name: "neverA", initial: "off", events: ["go", "leave", "resume"]) {
            In("off") { On("go", to: "b") }
            Parent("P") { On("leave", to: "q") } children: {
                In("a")
                In("b")
            }
            In("q") { On("resume", to: "a", resuming: .shallow("P")) }
        }
        #expect(neverA.validate().map(\.description) == [
            "warning: child 'a' of 'P' can never be entered from the initial state 'off' [unreachableState]",
        ])
        // x is Q's initial state: no transition names it, but resuming P's shallow history
        // after leaving Q (from y) enters Q at x.
        let onlyByMemory = MachineDefinition<String, String, String, Void>(name: "onlyByMemory", initial: "off", events: ["go", "leave", "resume"]) {
            In("off") { On("go", to: "y") }
            Parent("P") { On("leave", to: "q") } children: {
                Parent("Q", initial: "x") {} children: {
                    In("x")
                    In("y")
                }
            }
            In("q") { On("resume", to: "y", resuming: .shallow("P")) }
        }
        #expect(onlyByMemory.validate().filter { $0.kind == .unreachableState }.isEmpty, "\(onlyByMemory.validate())")
    }
}

@Suite("History: size")
struct HistorySizeTests {
    @Test("a memory too big to flatten is refused with the product and what to do, and nothing is built")
    func tooLarge() {
        // 12 parents of 4 states each, each resumed deep: 5^12 memories.
        let events = (0..<12).map { "e\($0)" } + ["back"]
        let definition = MachineDefinition<String, String, String, Void>(name: "big", initial: "hub", events: events) {
            In("hub") {
                for i in 0..<12 { On("e\(i)", to: "s\(i)_0", resuming: .deep("p\(i)")) }
            }
            for i in 0..<12 {
                Parent("p\(i)") { On("back", to: "hub") } children: {
                    for j in 0..<4 { In("s\(i)_\(j)") { On("e\(i)", to: "s\(i)_\((j + 1) % 4)") } }
                }
            }
        }
        let errors = definition.validate().filter { $0.severity == .error }
        #expect(errors.map(\.kind) == [.tooLarge])
        #expect(errors.first?.message.hasPrefix("the history of 'p0', 'p1'") == true)
        #expect(errors.first?.message.contains("makes 244140625 memories: the flattened table would exceed 1048576 cells (resume fewer parents, or shallow rather than deep histories") == true, "\(errors)")
        #expect(throws: DefinitionError.self) { try Machine(definition) }
    }
}

@Suite("History: broken definitions")
struct HistoryBrokenDefinitionTests {
    @Test("a resumed child parent without an initial child is reported, and validation does not fall over walking it")
    func childParentWithoutInitial() {
        let broken = MachineDefinition<String, String, String, Void>(name: "broken", initial: "off", events: ["go", "leave", "resume"]) {
            In("off") { On("go", to: "y") }
            Parent("P") { On("leave", to: "q") } children: {
                Parent("Q", initial: "nowhere") {} children: {
                    In("x")
                    In("y")
                }
            }
            In("q") { On("resume", to: "y", resuming: .shallow("P")) }
        }
        let found = broken.validate()
        #expect(found.contains { $0.kind == .parentWithoutInitialChild }, "\(found)")
        #expect(throws: DefinitionError.self) { try Machine(broken) }
    }
}
