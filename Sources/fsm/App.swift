import APIServices
import ArgumentParser
import FSMTerminal
import LoginChallengeApp

extension ForcedOutcome: ExpressibleByArgument {}
extension AppTerminal.ClockChoice: ExpressibleByArgument {}

/// `fsm app`: the options of the Login Challenge in the terminal.
struct App: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Play the Login Challenge in the terminal, on the simulated back end.",
        discussion: """
        Log in as koher / 1234. Calls take 2 s and fail at random half of the time (network 1/4, \
        server 1/8, other 1/8); a token lasts 30 s, so wait 30 s on home and reload to see the \
        authentication alert. Type help for the commands.

        At a terminal the clock is real (--speed makes it faster) and screens update when a call \
        finishes. Through a pipe the clock is virtual: time passes only with 'wait N', so a \
        scripted session (with --seed) is the same every run.

        At a terminal the app resumes where it was quit, as a phone app relaunched after being \
        killed: the screen, the ID typed, the home screen's user (never the password, which is \
        not written to disk). It is kept in $XDG_STATE_HOME/fsm/app/state.json (~/.local/state \
        by default), saved after each command. --fresh starts at the login screen; --no-resume \
        neither reads nor writes it; --state-file keeps it elsewhere (also through a pipe).
        """
    )

    @Option(parsing: .unconditional, help: "Seed the random draws, for a reproducible session (a whole number from 0).", transform: App.seed)
    var seed: UInt64?
    @Option(help: "Run the real clock this many times faster (e.g. 10: a call takes 0.2 s).")
    var speed: Double = 1
    @Option(help: ArgumentHelp("Force every call's random outcome: \(ForcedOutcome.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "outcome"))
    var force: ForcedOutcome?
    @Option(help: "real or virtual (default: real at a terminal, virtual through a pipe).")
    var clock: AppTerminal.ClockChoice?
    @Flag(help: "At a terminal: do not load or save the command history (kept in $XDG_STATE_HOME/fsm/history/app, ~/.local/state by default).")
    var noHistory = false
    @Flag(help: "Do not resume where the app was quit, nor save where it is (kept at a terminal in $XDG_STATE_HOME/fsm/app/state.json, ~/.local/state by default).")
    var noResume = false
    @Flag(help: "Start at the login screen, not where the app was quit; where it is is saved as usual (over the saved one).")
    var fresh = false
    @Option(help: ArgumentHelp("Resume from and save to this file instead (through a pipe too, where nothing is kept otherwise).", valueName: "path"))
    var stateFile: String?

    /// `--seed`'s value: a plain message for a negative or non-numeric one (`-1` would
    /// otherwise read as an option, "Missing value").
    static func seed(_ text: String) throws -> UInt64 {
        guard let value = UInt64(text) else {
            throw ValidationError("--seed takes a whole number from 0 to \(UInt64.max) (got '\(TerminalText.visible(text))')")
        }
        return value
    }

    func validate() throws {
        if noResume, stateFile != nil { throw ValidationError("--no-resume and --state-file cannot be used together") }
        if let stateFile, stateFile.isEmpty { throw ValidationError("--state-file needs a file name") }
        guard speed > 0, speed <= 10_000, speed.isFinite else { throw ValidationError("--speed must be a number from above 0 to 10000 (got \(speed))") }
    }

    func run() async throws {
        let state: AppTerminal.StateChoice = if noResume {
            .off
        } else if let stateFile {
            .file(AppStateFile(path: stateFile))
        } else {
            .automatic
        }
        try await AppTerminal.run(seed: seed, forcedOutcome: force, clock: clock, speed: speed, history: !noHistory, state: state, fresh: fresh)
    }
}
