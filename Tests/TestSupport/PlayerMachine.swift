import FSM

/// A media player with a parallel parent inside a parent: `powered > playing > (audio | video)`.
/// Audio is on or muted; video is showing (running or paused, inside a parent with its own
/// entry and exit effects) or blank. Playing can be entered at its initial combination or
/// muted; it stops on `stop` (its own line) and everything powered ejects (the outer parent's
/// line). Resuming the video needs a guard.
public enum Audio: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case on, muted
    public var description: String { rawValue }
}

public enum Video: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case running, paused, blank
    public var description: String { rawValue }
}

public struct Media: Hashable, Sendable, CustomStringConvertible {
    public var audio: Audio
    public var video: Video
    public init(_ audio: Audio, _ video: Video) {
        self.audio = audio
        self.video = video
    }
    public var description: String { "\(audio), \(video)" }
}

public enum Player: Hashable, Sendable, CustomStringConvertible {
    case stopped, playing(Media), ejected
    public var description: String {
        switch self {
        case .stopped: "stopped"
        case let .playing(media): "playing(\(media))"
        case .ejected: "ejected"
        }
    }
    /// Every state, in declaration order.
    public static let all: [Player] = [.stopped] + Audio.allCases.flatMap { a in Video.allCases.map { .playing(Media(a, $0)) } } + [.ejected]
}

public enum PlayerEvent: String, Hashable, Sendable, CaseIterable, MachineEvent, CustomStringConvertible {
    case play, playMuted, mute, unmute, pause, resume, blank, stop, eject
    public var description: String { rawValue }
}

public struct Viewer: Sendable {
    public var licensed: Bool
    public init(licensed: Bool = true) { self.licensed = licensed }
}

public let licensed = Guard<Viewer>("licensed") { $0.licensed }

public let audioRegion = MachineDefinition<Audio, PlayerEvent, String, Viewer>(name: "audio", initial: .on, events: [.mute, .unmute]) {
    In(.on) {
        On(.mute, to: .muted, emit: "mute")
        Ignore(.unmute)
        OnEntry("sound+")
        OnExit("sound-")
    }
    In(.muted) {
        On(.unmute, to: .on)
        Ignore(.mute)
    }
}

public let videoRegion = MachineDefinition<Video, PlayerEvent, String, Viewer>(name: "video", initial: .running, events: [.pause, .resume, .blank]) {
    Parent("showing") {
        On(.blank, to: .blank)
        OnEntry("screen+")
        OnExit("screen-")
    } children: {
        In(.running) {
            On(.pause, to: .paused, emit: "pause")
            Ignore(.resume)
        }
        In(.paused) {
            On(.resume, to: .running, guard: licensed, emit: "resume")
            Ignore(.pause)
        }
    }
    In(.blank) {
        On(.resume, to: .running)
        Ignore(.pause, .blank)
    }
}

public let playerMachine = MachineDefinition<Player, PlayerEvent, String, Viewer>(name: "player", initial: .stopped, events: PlayerEvent.allCases) {
    Parent("powered") {
        On(.eject, to: .ejected, emit: "eject")
        OnExit("power-")
    } children: {
        In(.stopped) {
            On(.play, to: .playing(Media(.on, .running)), emit: "play")
            On(.playMuted, to: .playing(Media(.muted, .paused)))
            Ignore(.stop)
        }
        Parallel("playing", Player.playing, initial: Media(.on, .running),
                 regions: Region("audio", \.audio, audioRegion), Region("video", \.video, videoRegion)) {
            On(.stop, to: .stopped, emit: "stop")
            Ignore(.play, .playMuted)
            OnEntry("playing+")
            OnExit("playing-")
        }
    }
    Final(.ejected)
}

/// A jukebox: `off`, and `on > (stopped | playing > (audio | video))`, the player's regions
/// inside a parent that a deep history (`power`) or a shallow one (`wake`) resumes; `on` has
/// no `initial`, and its first child is `stopped`.
public enum Jukebox: Hashable, Sendable, CustomStringConvertible {
    case off, stopped, playing(Media)
    public var description: String {
        switch self {
        case .off: "off"
        case .stopped: "stopped"
        case let .playing(media): "playing(\(media))"
        }
    }
}

public enum JukeboxEvent: String, Hashable, Sendable, CaseIterable, MachineEvent, CustomStringConvertible {
    case power, wake, play, stop, mute, unmute, pause, resume, blank
    public var description: String { rawValue }
}

private let jukeboxAudio = MachineDefinition<Audio, JukeboxEvent, String, Viewer>(name: "audio", initial: .on, events: [.mute, .unmute]) {
    // Declared after `muted`: entering at the initial state is not entering the first.
    In(.muted) { On(.unmute, to: .on, emit: "loud") }
    In(.on) {
        On(.mute, to: .muted, emit: "mute")
        OnExit("sound-")
    }
}

private let jukeboxVideo = MachineDefinition<Video, JukeboxEvent, String, Viewer>(name: "video", initial: .running, events: [.pause, .resume, .blank]) {
    Parent("showing") {
        On(.blank, to: .blank)
        OnEntry("screen+")
    } children: {
        In(.running) { On(.pause, to: .paused) }
        In(.paused) { On(.resume, to: .running, guard: licensed) }
    }
    In(.blank) { On(.resume, to: .running) }
}

public let jukeboxMachine = MachineDefinition<Jukebox, JukeboxEvent, String, Viewer>(name: "jukebox", initial: .off, events: JukeboxEvent.allCases) {
    In(.off) {
        On(.power, to: .stopped, resuming: .deep("on"))
        On(.wake, to: .stopped, resuming: .shallow("on"))
        On(.play, to: .playing(Media(.muted, .blank)), emit: "quiet")
    }
    Parent("on") {
        On(.power, to: .off)
        OnExit("on-")
    } children: {
        In(.stopped) { On(.play, to: .playing(Media(.on, .running))) }
        Parallel("playing", Jukebox.playing, initial: Media(.on, .running),
                 regions: Region("audio", \.audio, jukeboxAudio), Region("video", \.video, jukeboxVideo)) {
            On(.stop, to: .stopped)
            OnEntry("playing+")
        }
    }
}

/// The jukebox with timers: `on` goes off after 10 minutes (a parent's timer, running through
/// the regions inside it), and `stopped` after 5 s: history, regions inside a parent and
/// timers in one machine, for snapshots continued in another process. (A timer inside a
/// region is refused by validation for now.)
public let timedJukebox = MachineDefinition<Jukebox, JukeboxEvent, String, Viewer>(name: "timed-jukebox", initial: .off, events: JukeboxEvent.allCases) {
    In(.off) {
        On(.power, to: .stopped, resuming: .deep("on"))
        On(.wake, to: .stopped, resuming: .shallow("on"))
    }
    Parent("on") {
        On(.power, to: .off)
        After(.seconds(600), to: .off, emit: "sleep")
    } children: {
        In(.stopped) {
            On(.play, to: .playing(Media(.on, .running)))
            After(.seconds(5), to: .off, emit: "idle")
        }
        Parallel("playing", Jukebox.playing, initial: Media(.on, .running),
                 regions: Region("audio", \.audio, jukeboxAudio), Region("video", \.video, jukeboxVideo)) {
            On(.stop, to: .stopped)
        }
    }
}
