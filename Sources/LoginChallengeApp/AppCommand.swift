import APIServices
import Foundation
import FSMREPL
import FSMTerminal

/// One line typed into the app, parsed: a pure function of the text, so that every line
/// (typed, piped, fuzzed) is classified before anything acts on it.
public enum AppCommand: Equatable, Sendable {
    /// An empty line, or one that starts with a space: does nothing.
    case empty
    /// `id TEXT`: types the ID (everything after `id `, spaces included).
    case id(String)
    /// `password TEXT` (or `pw`): types the password.
    case password(String)
    /// `login`: taps Login.
    case login
    /// `close` (or `ok`): taps the alert's button.
    case close
    /// `reload`: taps Reload.
    case reload
    /// `logout`: taps Logout.
    case logout
    /// `wait N`: lets N seconds pass, in milliseconds (0 to 86,400 s).
    case wait(milliseconds: Int64)
    /// `force OUTCOME`: forces the calls' outcome (`nil`: random again).
    case force(ForcedOutcome?)
    /// `screen`: shows the screen again.
    case screen
    /// `why`: the last refusal in the machine's words.
    case why
    /// `help`: the commands.
    case help
    /// `quit` (or `exit`): leaves.
    case quit
    /// A line that is not a command: the message says why, on one line, with what the user
    /// typed shown through `TerminalText.visible`.
    case invalid(String)

    /// The command words, for help, suggestions and completion.
    public static let words = ["id", "password", "login", "close", "reload", "logout", "wait", "force", "screen", "why", "help", "quit"]

    /// What `force` takes: the outcomes, and `random`.
    public static let outcomeWords = ForcedOutcome.allCases.map(\.rawValue) + ["random"]

    /// The longest line, in UTF-8 bytes; longer ones are ``invalid(_:)``.
    public static let maximumLineBytes = 1_000

    /// Parses a line: the first word (any case), then its argument after one space; a
    /// trailing CR is dropped.
    public static func parse(_ line: String) -> AppCommand {
        guard line.utf8.count <= maximumLineBytes else {
            return .invalid("error: line too long (\(line.utf8.count) bytes; at most \(maximumLineBytes)); nothing changed")
        }
        let command = line.hasSuffix("\r") ? String(line.dropLast()) : line
        let word = command.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        let argument = command.count > word.count ? String(command.dropFirst(word.count + 1)) : ""
        switch word.lowercased() {
        case "": return .empty
        case "id": return .id(argument)
        case "password", "pw": return .password(argument)
        case "login": return .login
        case "close", "ok": return .close
        case "reload": return .reload
        case "logout": return .logout
        case "screen": return .screen
        case "why": return .why
        case "help": return .help
        case "quit", "exit": return .quit
        case "wait":
            guard let seconds = Double(argument.trimmingCharacters(in: .whitespaces)), seconds >= 0, seconds <= 86_400 else {
                return .invalid("error: wait needs a number of seconds from 0 to 86400, e.g. wait 2")
            }
            return .wait(milliseconds: Int64((seconds * 1_000).rounded()))
        case "force":
            let name = argument.trimmingCharacters(in: .whitespaces).lowercased()
            if name == "random" { return .force(nil) }
            if let outcome = ForcedOutcome(rawValue: name) { return .force(outcome) }
            let suggestion = Suggestion.closest(to: name, in: outcomeWords).map { "; did you mean '\($0)'?" } ?? ""
            return .invalid("error: unknown outcome '\(TerminalText.visible(name))'\(suggestion) (outcomes: \(outcomeWords.joined(separator: ", ")))")
        default:
            let suggestion = Suggestion.closest(to: word, in: words).map { "; did you mean '\($0)'?" } ?? ""
            return .invalid("error: unknown command '\(TerminalText.visible(word))'\(suggestion) (type help)")
        }
    }

    /// The line that parses back to this command (`nil` for ``invalid(_:)``). A text ending
    /// in CR gets a second one, since parsing drops one.
    public var line: String? {
        switch self {
        case .empty: ""
        case let .id(text): "id " + text + (text.hasSuffix("\r") ? "\r" : "")
        case let .password(text): "password " + text + (text.hasSuffix("\r") ? "\r" : "")
        case .login: "login"
        case .close: "close"
        case .reload: "reload"
        case .logout: "logout"
        case let .wait(milliseconds): "wait \(Double(milliseconds) / 1_000)"
        case let .force(outcome): "force " + (outcome?.rawValue ?? "random")
        case .screen: "screen"
        case .why: "why"
        case .help: "help"
        case .quit: "quit"
        case .invalid: nil
        }
    }
}
