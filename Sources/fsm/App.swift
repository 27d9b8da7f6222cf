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
            print("The Login Challenge. Log in as koher / 1234. Type help for the commands.")
            session.onUpdate = { screen in
                print("\n" + screen)
                print("> ", terminator: "")
                fflush(nil)
            }
        }
        print(session.screen)
        for await line in StandardInput.lines() {
            if !interactive { print("> \(line)") }
            let output = await session.handle(line)
            if output.quits { break }
            if !output.text.isEmpty { print(output.text) }
            if interactive {
                print("> ", terminator: "")
                fflush(nil)
            }
        }
    }
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
