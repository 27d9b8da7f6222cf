import APIServices
import Entities
import Foundation
import FSMREPL
import UseCases

/// The Login Challenge played in a terminal: the real view states on the simulated back
/// end, driven by typed commands, rendered as text.
///
/// With a virtual clock (the default through a pipe) time passes only with `wait N`, in
/// order, so a scripted session is the same every run. With a real clock (at a terminal)
/// calls finish in the background and ``onUpdate`` receives the new screen.
@MainActor
public final class AppSession {
    /// How time passes.
    public enum ClockMode: Sendable, Equatable {
        /// Time passes only with `wait N`; reproducible.
        case virtual
        /// Real time, `speed` times faster (1 = the original timings).
        case real(speed: Double)
    }

    /// What handling one command produced.
    public struct Output: Sendable, Equatable {
        /// The text to print; ends without a newline.
        public let text: String
        /// Whether the command asked to quit.
        public let quits: Bool
    }

    /// The login screen's state (home is reached through it).
    public let login: LoginViewState
    /// The shared simulated back end.
    public let backend: Backend
    /// Called with the new screen when a call finishes in the background (real clock only).
    public var onUpdate: (@MainActor (String) -> Void)?

    private let clockMode: ClockMode
    private let manualClock: ManualClock?
    private let backendClock: BackendClock
    private var inFlight = 0
    /// The time on the clock when the session was restored (0 for a fresh one).
    private var clockOffset: Double = 0
    private var appearedHome: HomeViewState?
    /// The screen last handed out, so a background update never repeats it.
    private var lastScreen = ""
    /// Whether a command is being handled: its reply shows the screen, so a call that
    /// finishes meanwhile does not send an update of its own (it would print it twice).
    private var handling = false
    /// The machine's words for the last refusal (shown by `why`).
    private var lastDetail: String?

    /// The longest command line, in UTF-8 bytes; longer ones are refused.
    public nonisolated static let maximumLineBytes = AppCommand.maximumLineBytes

    /// Creates a session.
    /// - Parameters:
    ///   - seed: Seeds the back end's coin draws (`nil`: the system generator, as the original).
    ///   - forcedOutcome: An outcome to force instead of the random failure draw.
    ///   - clockMode: Virtual (reproducible) or real time at a speed.
    public convenience init(seed: UInt64?, forcedOutcome: ForcedOutcome?, clockMode: ClockMode) {
        let parts = Self.parts(seed: seed, forcedOutcome: forcedOutcome, clockMode: clockMode)
        self.init(parts, clockMode: clockMode, login: LoginViewState(authService: AuthService(backend: parts.backend), userService: UserService(backend: parts.backend)))
    }

    /// A session put back where `snapshot` says: the same screens (the password field empty:
    /// it is never saved), the same time on its clock. The calls its screens were waiting for
    /// died with the process that saved it: a home screen's are sent again (on this back end,
    /// which holds no token: loading the user meets the authentication alert, as after the
    /// token expired), a login's is reported lost (``LoginViewState/lostLoginOnRestore``).
    /// Call ``resume()`` before showing the first screen.
    /// - Throws: ``AppStateError`` when a screen does not fit its machine (a machine changed
    ///   since), nothing restored.
    public convenience init(seed: UInt64?, forcedOutcome: ForcedOutcome?, clockMode: ClockMode, restoring snapshot: AppSnapshot, at date: Date = Date()) throws(AppStateError) {
        let parts = Self.parts(seed: seed, forcedOutcome: forcedOutcome, clockMode: clockMode)
        let login: LoginViewState
        do {
            login = try LoginViewState(
                authService: AuthService(backend: parts.backend), userService: UserService(backend: parts.backend), restoring: snapshot.screens, at: date
            )
        } catch {
            throw AppStateError(error.description)
        }
        self.init(parts, clockMode: clockMode, login: login)
        clockOffset = snapshot.seconds.isFinite ? max(0, snapshot.seconds) : 0
        // The home screen shown already appeared in the process that saved it: it does not
        // load the user again on its own.
        appearedHome = login.home
        startAction { await login.resumedCallsEnded() }
    }

    private init(_ parts: (manualClock: ManualClock?, backendClock: BackendClock, backend: Backend), clockMode: ClockMode, login: LoginViewState) {
        self.clockMode = clockMode
        manualClock = parts.manualClock
        backendClock = parts.backendClock
        backend = parts.backend
        self.login = login
    }

    /// The clocks and the back end of a session.
    private static func parts(seed: UInt64?, forcedOutcome: ForcedOutcome?, clockMode: ClockMode) -> (manualClock: ManualClock?, backendClock: BackendClock, backend: Backend) {
        let manualClock: ManualClock?
        let backendClock: BackendClock
        switch clockMode {
        case .virtual:
            let clock = ManualClock()
            manualClock = clock
            backendClock = BackendClock(clock)
        case let .real(speed):
            manualClock = nil
            backendClock = BackendClock(ScaledClock(speed: speed))
        }
        let backend = if let seed {
            Backend(clock: backendClock, generator: SeededGenerator(seed: seed), forcedOutcome: forcedOutcome)
        } else {
            Backend(clock: backendClock, forcedOutcome: forcedOutcome)
        }
        return (manualClock, backendClock, backend)
    }

    /// After a restore: lets the calls sent again run up to their first wait (or end), so the
    /// first screen shows them; the screen is then the one shown (no update repeats it).
    public func resume() async {
        // Its caller shows the screen: a call that ends meanwhile sends no update of its own
        // (it would show the same screen twice), as while a command is handled.
        handling = true
        await settle()
        handling = false
        lastScreen = screen
    }

    /// The app saved as it is now (see ``AppSnapshot``).
    /// - Throws: What taking a machine's snapshot throws (in the middle of a step; never
    ///   between commands).
    public func snapshot(at date: Date = Date()) throws -> AppSnapshot {
        AppSnapshot(seconds: seconds, screens: try login.snapshot(at: date))
    }

    /// The commands, for help and suggestions.
    public nonisolated static let commands = AppCommand.words

    /// Candidates for the word being typed (Tab at a terminal): the commands, then the
    /// outcomes after `force`. Nonisolated: the line editor calls it on its reading thread.
    public nonisolated static func completions(for textBeforeCursor: String) -> [String] {
        let earlier = textBeforeCursor.split(separator: " ", omittingEmptySubsequences: false).dropLast().filter { !$0.isEmpty }
        guard let first = earlier.first else { return commands }
        return first.lowercased() == "force" && earlier.count == 1 ? AppCommand.outcomeWords : []
    }

    /// The help text.
    public static let help = """
    id TEXT          type the ID (everything after 'id ', spaces included; 'id' alone empties it)
    password TEXT    type the password (likewise)
    login            tap Login
    close            tap the alert's button (閉じる or OK)
    reload           tap Reload on the home screen
    logout           tap Logout on the home screen
    wait N           let N seconds pass (e.g. wait 2, wait 30.5)
    force OUTCOME    force the next calls' random outcome: success, network, server, system,
                     or random (the original behaviour)
    screen           show the screen again
    why              the last refusal in the machine's words
    help             this text
    quit             leave (so does end of input)
    """

    /// Handles one command line.
    public func handle(_ line: String) async -> Output {
        let command = AppCommand.parse(line)
        handling = true
        defer { handling = false }
        var notes: [String] = []
        switch command {
        case .empty:
            return Output(text: "", quits: false)
        case let .invalid(message):
            return Output(text: message, quits: false)
        case let .id(text):
            login.updateID(text)
            notes += refusal(login.lastRejection, "The ID field is disabled \(loginBusy)")
        case let .password(text):
            login.updatePassword(text)
            notes += refusal(login.lastRejection, "The password field is disabled \(loginBusy)")
        case .login:
            let filled = !login.id.isEmpty && !login.password.isEmpty
            let reason = login.areInputsEnabled && !filled ? "Login is disabled until the ID and password are filled" : "Login is disabled \(loginBusy)"
            startAction { await self.login.logIn() }
            await settle()
            notes += refusal(login.lastRejection, reason)
        case .close:
            if let home = login.home {
                await home.closeAlert()
                notes += refusal(home.lastRejection, "There is no alert to close")
            } else {
                await login.closeAlert()
                notes += refusal(login.lastRejection, "There is no alert to close")
            }
            await settle()
        case .reload, .logout:
            guard let home = login.home else {
                notes.append("not now: there is no home screen (log in first)")
                break
            }
            let reload = command == .reload
            let reason = home.alert != nil ? "Close the alert first"
                : home.presentsActivityIndicator ? "Not while logging out"
                : reload && home.isLoadingUser ? "Reload is disabled while the user is loading"
                : "That is not possible now"
            if reload {
                startAction { await home.reload() }
            } else {
                startAction { await home.logOut() }
            }
            await settle()
            notes += refusal(home.lastRejection, reason)
        case let .wait(milliseconds):
            return Output(text: await wait(.milliseconds(milliseconds)), quits: false)
        case let .force(outcome):
            await backend.force(outcome)
            if let outcome {
                notes.append("calls now \(outcome == .success ? "never fail at random" : "fail with a \(outcome.rawValue) error")")
            } else {
                notes.append("calls fail at random again")
            }
        case .screen:
            break
        case .why:
            return Output(text: lastDetail.map { "the last refusal, in the machine's words: \($0)" } ?? "nothing has been refused", quits: false)
        case .help:
            return Output(text: Self.help, quits: false)
        case .quit:
            return Output(text: "", quits: true)
        }
        lastScreen = screen
        return Output(text: (notes + [lastScreen]).joined(separator: "\n"), quits: false)
    }

    /// A refusal phrased for the person (`reason`); the machine's own words are kept for `why`.
    private func refusal(_ rejection: String?, _ reason: String) -> [String] {
        guard let rejection else { return [] }
        lastDetail = rejection
        return ["not now: \(reason) (type why for details)"]
    }

    /// Why the login screen does not take input now.
    private var loginBusy: String {
        if login.presentsActivityIndicator { return "while logging in" }
        if login.alert != nil { return "while the alert is shown (close it first)" }
        if login.home != nil { return "while the home screen is shown" }
        return "now"
    }

    /// A screen without the clock on its first line: a screen that differs only in the time
    /// is not worth an update.
    static func withoutClock(_ screen: String) -> Substring {
        guard let firstLineEnd = screen.firstIndex(of: "\n"), let clock = screen[..<firstLineEnd].range(of: " t=", options: .backwards) else { return screen[...] }
        return screen[..<clock.lowerBound] + screen[firstLineEnd...]
    }

    /// Starts a user action in the background, counting it until it ends.
    private func startAction(_ action: @escaping @MainActor () async -> Void) {
        inFlight += 1
        Task { @MainActor in
            await action()
            self.inFlight -= 1
            self.homeAppearedIfNew()
            if case .real = self.clockMode {
                await self.letActionsStart()
                guard !self.handling else { return }
                let screen = self.screen
                if Self.withoutClock(screen) != Self.withoutClock(self.lastScreen) {
                    self.lastScreen = screen
                    self.onUpdate?(screen)
                }
            }
        }
    }

    /// A home screen that has just been presented appears: it loads the user.
    private func homeAppearedIfNew() {
        guard let home = login.home, home !== appearedHome else { return }
        appearedHome = home
        startAction { await home.load() }
    }

    /// Lets actions just started run up to their first wait, so the screen shows them.
    private func letActionsStart() async {
        for _ in 0..<20 { await Task.yield() }
    }

    /// With a virtual clock: returns once every action has ended or waits on the clock.
    /// With a real clock: lets actions just started reach their first wait.
    private func settle() async {
        guard let clock = manualClock else {
            await letActionsStart()
            return
        }
        for spin in 0..<200_000 {
            homeAppearedIfNew()
            if inFlight <= clock.sleeperCount { return }
            if spin < 1_000 {
                await Task.yield()
            } else {
                try? await Task.sleep(for: .microseconds(200))
            }
        }
    }

    /// Lets time pass: on a virtual clock deadline by deadline, showing the screen after
    /// each step that changed it; on a real clock by sleeping.
    private func wait(_ duration: Duration) async -> String {
        guard let clock = manualClock else {
            try? await Task.sleep(for: duration / speed)
            return screen
        }
        let target = clock.now.advanced(by: duration)
        var shown: [String] = []
        var last = screen
        while let next = clock.nextDeadline, next <= target {
            clock.advance(by: clock.now.duration(to: next))
            await settle()
            if screen != last {
                last = screen
                shown.append(last)
            }
        }
        clock.advance(by: clock.now.duration(to: target))
        await settle()
        if screen != last || shown.isEmpty { shown.append(screen) }
        return shown.joined(separator: "\n")
    }

    private var speed: Double {
        if case let .real(speed) = clockMode { return max(0.001, speed) }
        return 1
    }

    /// The time on the back end's clock, in seconds.
    public var seconds: Double {
        let elapsed = backendClock.now()
        return clockOffset + Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
