import APIServices
import ArgumentParser
import FSMCLI
import Foundation

extension ForcedOutcome: ExpressibleByArgument {}

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
        """
    )

    enum ClockChoice: String, ExpressibleByArgument, CaseIterable {
        case real, virtual
    }

    @Option(help: "Seed the random draws, for a reproducible session.")
    var seed: UInt64?
    @Option(help: "Run the real clock this many times faster (e.g. 10: a call takes 0.2 s).")
    var speed: Double = 1
    @Option(help: ArgumentHelp("Force every call's random outcome: \(ForcedOutcome.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "outcome"))
    var force: ForcedOutcome?
    @Option(help: "real or virtual (default: real at a terminal, virtual through a pipe).")
    var clock: ClockChoice?

    func validate() throws {
        guard speed > 0, speed <= 10_000, speed.isFinite else { throw ValidationError("--speed must be a number from above 0 to 10000 (got \(speed))") }
    }

    @MainActor
    func run() async throws {
        let interactive = isatty(STDIN_FILENO) != 0
        let useReal = (clock ?? (interactive ? .real : .virtual)) == .real
        let session = AppSession(seed: seed, forcedOutcome: force, clockMode: useReal ? .real(speed: speed) : .virtual)
        if interactive {
            output("The Login Challenge. Log in as koher / 1234. Type help for the commands.\n")
            session.onUpdate = { screen in output("\n" + screen + "\n> ") }
        }
        output(session.screen + "\n" + (interactive ? "> " : ""))
        for await line in StandardInput.lines() {
            if !interactive { output("> \(line)\n") }
            let result = await session.handle(line)
            if result.quits { break }
            output((result.text.isEmpty ? "" : result.text + "\n") + (interactive ? "> " : ""))
        }
    }
}

/// Writes to standard output at once, unbuffered: the reading thread may hold the standard
/// input's lock, which a stdio flush of every stream would wait for.
private func output(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
}

/// Lines of standard input, read on a thread of their own so that the main actor stays free
/// for calls finishing in the background. Invalid UTF-8 is repaired.
enum StandardInput {
    static func lines() -> AsyncStream<String> {
        AsyncStream { continuation in
            let reader = Thread {
                while let line = readLine(strippingNewline: true) {
                    continuation.yield(line)
                }
                continuation.finish()
            }
            reader.start()
        }
    }
}
