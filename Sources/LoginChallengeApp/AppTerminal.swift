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

    /// Runs the app until `quit` or the end of input.
    /// - Parameters:
    ///   - seed: Seeds the back end's random draws.
    ///   - forcedOutcome: An outcome to force instead of the random failure draw.
    ///   - clock: The clock (default: real at a terminal, virtual through a pipe).
    ///   - speed: How many times faster than the original timings the real clock runs.
    ///   - history: Whether to load and save the command history at a terminal.
    /// - Throws: ``WriteFailure`` when standard output (or the terminal) could not be written:
    ///   the session stops there.
    @MainActor
    public static func run(seed: UInt64?, forcedOutcome: ForcedOutcome?, clock: ClockChoice?, speed: Double, history: Bool = true) async throws(WriteFailure) {
        let terminal = PosixTerminal.standard
        let interactive = terminal != nil
        let useReal = (clock ?? (interactive ? .real : .virtual)) == .real
        let session = AppSession(seed: seed, forcedOutcome: forcedOutcome, clockMode: useReal ? .real(speed: speed) : .virtual)
        guard let terminal else {
            // Unbuffered, at once: the reading thread may hold the standard input's lock,
            // which a stdio flush of every stream would wait for.
            let output = StreamWriter.standardOutput
            try output.write(session.screen + "\n")
            for await line in StandardInput.lines(reading: { LineReader.standardInput.next() }) {
                try output.write("> \(TerminalText.echoed(line, maximumBytes: AppSession.maximumLineBytes))\n")
                let result = await session.handle(line)
                if result.quits { break }
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
        session.onUpdate = { screen in editor.printAbove(TerminalText.visibleLines(screen)) }
        editor.printAbove("The Login Challenge. Log in as koher / 1234. Type help for the commands; Tab completes.\n" + TerminalText.visibleLines(session.screen))
        for await line in StandardInput.lines(reading: { editor.readLine(prompt: "> ") }) {
            let result = await session.handle(line)
            if result.quits { break }
            if !result.text.isEmpty { editor.printAbove(TerminalText.visibleLines(result.text)) }
        }
        if let failure = terminal.writeFailure { throw failure }
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
