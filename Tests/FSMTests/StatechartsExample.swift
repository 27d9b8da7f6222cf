import FSM
import Testing

// The examples of Documentation.docc/Statecharts.md, compiled here and shown there verbatim
// (DocumentationExampleTests); StatechartTests checks them against hand-written flat tables.

// example:nested:start
enum Player: Hashable, Sendable, CaseIterable { case off, on, paused, playing, buffering, error }
enum PlayerEvent: MachineEvent, Hashable, CaseIterable { case power, play, pause, stall, resume, tick, volume }

let playerDefinition = MachineDefinition<Player, PlayerEvent, String, Void>(name: "player", initial: .off) {
    In(.off) { On(.power, to: .on, emit: "powerOn") }     // enters `on` at `paused`
    Parent(state: .on, initial: .paused) {
        OnEntry("lampOn")
        OnExit("lampOff")
        On(.power, to: .off, emit: "powerOff")             // for every child
        Internal(.volume, emit: "volume")
        Ignore(.tick)
    } children: {
        In(.paused) {
            OnEntry("showPause")
            OnExit("hidePause")
            On(.play, to: .playing)
        }
        Parent("active") {
            OnExit("stopClock")
            On(.pause, to: .paused)
        } children: {
            In(.playing) {
                On(.stall, to: .buffering)
                Overrides(.tick)                           // on purpose: playing advances
                On(.tick, to: .playing, emit: "advance")
            }
            In(.buffering) {
                On(.resume, to: .playing)
                Overrides(.power)
                On(.power, to: .error)
            }
        }
    }
    In(.error) { On(.power, to: .off) }
}
// example:nested:end

// example:parallel:start
enum Toggle: Hashable, Sendable, CaseIterable { case off, on }
enum LockKey: MachineEvent, Hashable, CaseIterable { case capsLock, numLock, reset }

struct Locks: Hashable, Sendable, CustomStringConvertible {
    var caps: Toggle
    var num: Toggle
    var description: String { "caps \(caps), num \(num)" }
}

let numAllowed = Guard<Bool>("num lock allowed") { $0 }

let capsDefinition = MachineDefinition<Toggle, LockKey, String, Bool>(name: "caps", initial: .off, events: [.capsLock, .reset]) {
    In(.off) {
        On(.capsLock, to: .on)
        Ignore(.reset)
    }
    In(.on) {
        OnEntry("capsLight")
        On(.capsLock, to: .off)
        On(.reset, to: .off, emit: "capsReset")
    }
}

let numDefinition = MachineDefinition<Toggle, LockKey, String, Bool>(name: "num", initial: .off, events: [.numLock, .reset]) {
    In(.off) {
        On(.numLock, to: .on, guard: numAllowed, emit: "numOn")
        Ignore(.reset)
    }
    In(.on) {
        On(.numLock, to: .off, emit: "numOff")
        On(.reset, to: .off, emit: "numReset")
    }
}

let locksDefinition = MachineDefinition<Locks, LockKey, String, Bool>(
    name: "locks", initial: Locks(caps: .off, num: .off),
    regions: Region("caps", \.caps, capsDefinition), Region("num", \.num, numDefinition)
)
// example:parallel:end

// example:nested-parallel:start
enum Sound: Hashable, Sendable { case on, muted }
enum Picture: Hashable, Sendable { case running, paused }
enum Remote: MachineEvent, Hashable, CaseIterable { case power, mute, pause }

struct Screen: Hashable, Sendable, CustomStringConvertible {
    var sound: Sound
    var picture: Picture
    var description: String { "\(sound), \(picture)" }
}

enum TV: Hashable, Sendable, CustomStringConvertible {
    case standby, watching(Screen)
    var description: String {
        switch self {
        case .standby: "standby"
        case let .watching(screen): "watching(\(screen))"
        }
    }
}

let soundDefinition = MachineDefinition<Sound, Remote, String, Void>(name: "sound", initial: .on, events: [.mute]) {
    In(.on) {
        OnEntry("speaker on")
        OnExit("speaker off")
        On(.mute, to: .muted)
    }
    In(.muted) { On(.mute, to: .on) }
}

let pictureDefinition = MachineDefinition<Picture, Remote, String, Void>(name: "picture", initial: .running, events: [.pause]) {
    In(.running) { On(.pause, to: .paused, emit: "freeze") }
    In(.paused) { On(.pause, to: .running) }
}

let tvDefinition = MachineDefinition<TV, Remote, String, Void>(name: "tv", initial: .standby, events: Remote.allCases) {
    In(.standby) { On(.power, to: .watching(Screen(sound: .on, picture: .running))) }
    Parallel("watching", TV.watching, initial: Screen(sound: .on, picture: .running),
             regions: Region("sound", \.sound, soundDefinition), Region("picture", \.picture, pictureDefinition)) {
        OnEntry("backlight on")
        OnExit("backlight off")
        On(.power, to: .standby)             // every combination inherits it
    }
}
// example:nested-parallel:end

// example:history:start
enum Radio: Hashable, Sendable, CaseIterable { case off, fm, news, music }
enum RadioEvent: MachineEvent, Hashable, CaseIterable { case power, reset, tune }

let radioDefinition = MachineDefinition<Radio, RadioEvent, String, Void>(name: "radio", initial: .off) {
    In(.off) {
        On(.power, to: .fm, resuming: .shallow("on"))   // the station last played; fm the first time
        On(.reset, to: .fm)                              // always fm
    }
    Parent("on") {
        OnEntry("amp on")
        On(.power, to: .off)
    } children: {
        In(.fm) { On(.tune, to: .news) }
        In(.news) { On(.tune, to: .music) }
        In(.music) { On(.tune, to: .fm) }
    }
}
// example:history:end

// example:eventless:start
enum Brew: Hashable, Sendable, CaseIterable { case off, checking, heating, empty, warm, done }
enum BrewEvent: MachineEvent, Hashable, CaseIterable { case power, boiled }
struct Sensor { var water: Bool }

let hasWater = Guard<Sensor>("has water") { $0.water }

let brewDefinition = MachineDefinition<Brew, BrewEvent, String, Sensor>(name: "brew", initial: .off) {
    In(.off) { On(.power, to: .checking) }
    In(.checking) {
        Always(to: .heating, guard: hasWater)   // decided at once, on the context of the send
        Always(to: .empty, emit: "beep")          // otherwise
    }
    In(.empty) { On(.power, to: .checking) }
    Parent("brewing", initial: .heating) {
        OnDone(to: .done, emit: "click")          // when a final child is reached
        OnExit("heater off")
    } children: {
        In(.heating) { On(.boiled, to: .warm) }
        Final(.warm)
    }
    Final(.done)
}
// example:eventless:end

@Suite("The statecharts article's examples do what it says")
struct StatechartsExampleTests {
    @Test("run: it prints what its comments say")
    func run() throws {
        var printed: [String] = []
        func print(_ value: Any) { printed.append("\(value)") }
        // example:run:start
        var player = try Machine(playerDefinition)
        try player.send(.power)             // off -> paused: powerOn, lampOn, showPause
        try player.send(.play)              // paused -> playing: hidePause
        let pause = try player.send(.pause) // inherited from 'active'
        print(pause.effects)                // [stopClock, showPause]
        print(playerDefinition.configuration(of: player.state)) // on > paused

        var locks = try Machine(locksDefinition)
        try locks.send(.capsLock, context: true)
        try locks.send(.numLock, context: true)
        let reset = try locks.send(.reset, context: true)       // both regions move, in order
        print(reset.effects)                // [capsReset, numReset]
        // example:run:end
        #expect(printed == (try printedComments("run", in: "Tests/FSMTests/StatechartsExample.swift")))
        #expect(Array(pause.effects) == ["stopClock", "showPause"])
        #expect(playerDefinition.configuration(of: player.state) == "on > paused")
        #expect(Array(reset.effects) == ["capsReset", "numReset"])
        #expect(locks.state == Locks(caps: .off, num: .off))
    }

    @Test("regions inside a parent: it prints what its comments say")
    func nestedParallel() throws {
        var printed: [String] = []
        func print(_ value: Any) { printed.append("\(value)") }
        // example:nested-parallel-run:start
        var tv = try Machine(tvDefinition)
        print(try tv.send(.power))          // standby --power--> watching(on, running) / backlight on, speaker on
        print(try tv.send(.mute))           // watching(on, running) --mute--> watching(muted, running) / speaker off
        print(tvDefinition.configuration(of: tv.state)) // watching > (sound: muted | picture: running)
        print(try tv.send(.pause))          // watching(muted, running) --pause--> watching(muted, paused) / freeze
        print(try tv.send(.power))          // watching(muted, paused) --power--> standby / backlight off
        print(tvDefinition.states.count)    // 5
        // example:nested-parallel-run:end
        #expect(printed == (try printedComments("nested-parallel-run", in: "Tests/FSMTests/StatechartsExample.swift")))
        #expect(tvDefinition.validate().isEmpty)
    }

    @Test("history: it prints what its comments say")
    func history() throws {
        var printed: [String] = []
        func print(_ value: Any) { printed.append("\(value)") }
        // example:history-run:start
        var radio = try Machine(radioDefinition)
        try radio.send(.power)              // off -> fm: never left, the default
        try radio.send(.tune)               // fm -> news
        try radio.send(.power)              // news -> off: 'on' remembers news
        let back = try radio.send(.power)
        print(back.target)                  // news
        print(back.effects)                 // [amp on]
        // example:history-run:end
        #expect(printed == (try printedComments("history-run", in: "Tests/FSMTests/StatechartsExample.swift")))
        #expect(radio.state == .news)
        #expect(radioDefinition.table.text(.markdown).contains("| off | power |  | history(on), default fm |  |"))
    }

    @Test("transitions without an event: it prints what its comments say")
    func eventless() throws {
        var printed: [String] = []
        func print(_ value: Any) { printed.append("\(value)") }
        // example:eventless-run:start
        var brew = try Machine(brewDefinition)
        let dry = try brew.send(.power, context: Sensor(water: false))
        print(dry)                          // off --power--> empty / beep
        let on = try brew.send(.power, context: Sensor(water: true))
        print(on)                           // empty --power--> heating
        let boiled = try brew.send(.boiled, context: Sensor(water: true))
        print(boiled)                       // heating --boiled--> done / heater off, click
        print(brew.isFinished)            // true
        // example:eventless-run:end
        #expect(printed == (try printedComments("eventless-run", in: "Tests/FSMTests/StatechartsExample.swift")))
        #expect(brewDefinition.validate().isEmpty)
        #expect(brewDefinition.table.text(.markdown).contains("| checking | (always) | has water | heating |  |"))
    }
}
