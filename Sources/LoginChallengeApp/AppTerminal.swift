import APIServices
import Foundation
import FSMTerminal

/// The Login Challenge's terminal loop: reads commands from standard input, hands them to
/// an ``AppSession`` and prints the screens.
///
/// At a terminal the clock is real by default and screens update when calls finish; through
/// a pipe the clock is virtual and every line is echoed after `> `, so a scripted session
/// reads like a transcript and is the same every run.
public enum AppTerminal {
    /// Which clock to use.
    public enum ClockChoice: String, Sendable, CaseIterable {
        /// Real time (scaled by the speed).
        case real
        /// Time passes only with `wait N`.
        case virtual
    }

    /// Where the app keeps where it was.
    public enum StateChoice: Sendable, Equatable {
        /// At a terminal, ``AppStateFile/standard(environment:)``; through a pipe, nowhere
        /// (a scripted session is the same every run).
        case automatic
        /// Nowhere: nothing is read or written.
        case off
        /// This file, at a terminal or through a pipe.
        case file(AppStateFile)
    }

    /// Runs the app until `quit` or the end of input.
    /// - Parameters:
    ///   - seed: Seeds the back end's random draws.
    ///   - forcedOutcome: An outcome to force instead of the random failure draw.
    ///   - clock: The clock (default: real at a terminal, virtual through a pipe).
    ///   - speed: How many times faster than the original timings the real clock runs.
    ///   - history: Whether to load and save the command history at a terminal.
    ///   - state: Where the app resumes from and saves to (after each command, and when it
    ///     quits).
    ///   - fresh: Start at the login screen, not reading the saved state (the session then
    ///     saves over it).
    /// - Throws: ``WriteFailure`` when standard output (or the terminal) could not be written:
    ///   the session stops there.
    @MainActor
    public static func run(
        seed: UInt64?, forcedOutcome: ForcedOutcome?, clock: ClockChoice?, speed: Double, history: Bool = true, state: StateChoice = .automatic,
        fresh: Bool = false
    ) async throws(WriteFailure) {
        let terminal = PosixTerminal.standard
        let interactive = terminal != nil
        let useReal = (clock ?? (interactive ? .real : .virtual)) == .real
        let clockMode: AppSession.ClockMode = useReal ? .real(speed: speed) : .virtual
        let file: AppStateFile? = switch state {
        case .automatic: interactive ? AppStateFile.standard() : nil
        case .off: nil
        case let .file(file): file
        }
        let start = startingSession(seed: seed, forcedOutcome: forcedOutcome, clockMode: clockMode, file: file, fresh: fresh)
        let session = start.session
        let errors = StreamWriter.standardError
        for note in start.notes { try? errors.write("fsm app: \(TerminalText.visible(note))\n") }
        await session.resume()
        guard let terminal else {
            // Unbuffered, at once: the reading thread may hold the standard input's lock,
            // which a stdio flush of every stream would wait for.
            let output = StreamWriter.standardOutput
            let saver = start.saver.map { AppStateSaver(file: $0) { message in try? errors.write("fsm app: \(TerminalText.visible(message))\n") } }
            defer { saver?.save(session) }
            try output.write(session.screen + "\n")
            for await line in StandardInput.lines(reading: { LineReader.standardInput.next() }) {
                try output.write("> \(TerminalText.echoed(line, maximumBytes: AppSession.maximumLineBytes))\n")
                let result = await session.handle(line)
                if result.quits { break }
                saver?.save(session)
                if !result.text.isEmpty { try output.write(TerminalText.visibleLines(result.text) + "\n") }
            }
            return
        }
        let editor = LineEditor(
            device: terminal,
            history: history ? HistoryFile.standard(tool: "fsm", name: "app") : nil,
            maximumLineBytes: AppSession.maximumLineBytes,
            completer: AppSession.completions
        )
        editor.installSignalHandlers()
        // Raw from the start, so that nothing typed while the first screen is drawn is
        // echoed by the terminal itself.
        terminal.enterRawMode()
        defer { editor.close() }
        // One writer: the editor prints replies and background updates above the line
        // being typed, and redraws the prompt and the typed text after them.
        let saver = start.saver.map { AppStateSaver(file: $0) { message in editor.printAbove("fsm app: " + TerminalText.visible(message)) } }
        defer { saver?.save(session) }
        session.onUpdate = { screen in
            saver?.save(session)
            editor.printAbove(TerminalText.visibleLines(screen))
        }
        editor.printAbove("The Login Challenge. Log in as koher / 1234. Type help for the commands; Tab completes.\n" + TerminalText.visibleLines(session.screen))
        for await line in StandardInput.lines(reading: { editor.readLine(prompt: "> ") }) {
            let result = await session.handle(line)
            if result.quits { break }
            saver?.save(session)
            if !result.text.isEmpty { editor.printAbove(TerminalText.visibleLines(result.text)) }
        }
        if let failure = terminal.writeFailure { throw failure }
    }
}

extension AppTerminal {
    /// The session to start with, the notes to print first (one line each), and where to save
    /// (`nil`: nowhere).
    @MainActor
    static func startingSession(
        seed: UInt64?, forcedOutcome: ForcedOutcome?, clockMode: AppSession.ClockMode, file: AppStateFile?, fresh: Bool, now: Date = Date()
    ) -> (session: AppSession, notes: [String], saver: AppStateFile?) {
        let freshSession = { AppSession(seed: seed, forcedOutcome: forcedOutcome, clockMode: clockMode) }
        guard let file, !fresh else { return (freshSession(), [], file) }
        let problem: AppStateError
        switch file.load() {
        case .nothing:
            return (freshSession(), [], file)
        case let .snapshot(snapshot):
            do {
                let session = try AppSession(seed: seed, forcedOutcome: forcedOutcome, clockMode: clockMode, restoring: snapshot, at: now)
                var notes = ["resumed where it was quit (saved in \(file.path); --fresh starts anew)"]
                if session.login.lostLoginOnRestore {
                    notes.append("the login running when the app was quit ended with it, and the password is never saved: type it again and log in")
                }
                return (session, notes, file)
            } catch {
                problem = error
            }
        case let .unusable(error):
            problem = error
        }
        do {
            let aside = try file.moveAside(now: now)
            return (freshSession(), ["the saved state in \(file.path) cannot be used: \(problem); it was moved to \(aside), and the app starts fresh"], file)
        } catch {
            return (
                freshSession(),
                ["the saved state in \(file.path) cannot be used: \(problem); it cannot be moved aside either (\(error)), so the app starts fresh and saves nothing this time, leaving it as it is"],
                nil
            )
        }
    }
}

/// Saves the session after each command; a failure is reported once (until it changes or a
/// save succeeds), and the file then keeps what it had.
@MainActor
final class AppStateSaver {
    let file: AppStateFile
    private let report: (String) -> Void
    private var lastFailure: String?

    init(file: AppStateFile, report: @escaping (String) -> Void) {
        self.file = file
        self.report = report
    }

    func save(_ session: AppSession) {
        do {
            try file.save(try session.snapshot())
            lastFailure = nil
        } catch {
            let message = "cannot save where the app is to \(file.path): \(error); the file there is unchanged"
            if message != lastFailure { report(message) }
            lastFailure = message
        }
    }
}

/// Lines of standard input, read on a thread of their own so that the main actor stays free
/// for calls finishing in the background (and, with the line editor, typing goes on while a
/// command runs).
enum StandardInput {
    /// The lines `read` returns, until it returns `nil`.
    static func lines(reading read: @escaping @Sendable () -> String?) -> AsyncStream<String> {
        AsyncStream { continuation in
            let reader = Thread {
                while let line = read() {
                    continuation.yield(line)
                }
                continuation.finish()
            }
            reader.start()
        }
    }
}
