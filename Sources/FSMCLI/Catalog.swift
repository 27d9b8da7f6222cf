import FSM
import FSMREPL
import UseCases

/// The machines a tool knows, in a fixed order, found by name with a "did you mean" for typos.
public struct Catalog: Sendable {
    /// The entries, in order.
    public let entries: [CatalogEntry]

    /// Creates a catalog.
    public init(_ entries: [CatalogEntry]) {
        self.entries = entries
    }

    /// The four machines of the Login Challenge (the passcode with its default length 4).
    public static let loginChallenge = Catalog([
        CatalogEntry(LoginMachine.definition, summary: "The login screen: edit, log in (guarded), succeed or fail with one of four alerts, come back from home."),
        CatalogEntry(HomeLoadingMachine.definition, summary: "Loading the user on the home screen: one load at a time, an alert per failure, the authentication alert leads back to login."),
        CatalogEntry(LogoutMachine.definition, summary: "Logging out from the home screen: a second tap while logging out is ignored."),
        CatalogEntry(PasscodeMachine.definition(), summary: "A 4-digit one-time-code entry: its states come from a loop, the last digit submits."),
    ])

    /// The names of the machines, in order.
    public var names: [String] { entries.map(\.name) }

    /// The entry named `name`.
    /// - Throws: ``UnknownMachineError``, which lists the machines and suggests the closest name.
    public func entry(named name: String) throws(UnknownMachineError) -> CatalogEntry {
        if let entry = entries.first(where: { $0.name == name }) { return entry }
        throw UnknownMachineError(name: name, known: names)
    }
}

/// A machine name the catalog does not know.
public struct UnknownMachineError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The name asked for.
    public let name: String
    /// The names the catalog knows.
    public let known: [String]

    /// Creates the error for `name`, given the names known.
    public init(name: String, known: [String]) {
        self.name = name
        self.known = known
    }

    /// The closest known name, if one is close enough to be a typo.
    public var suggestion: String? { Suggestion.closest(to: name, in: known) }

    /// `unknown machine 'logn'; did you mean 'login'? (machines: login, home-loading, ...)`
    public var description: String {
        var text = "unknown machine '\(name)'"
        if let suggestion { text += "; did you mean '\(suggestion)'?" }
        return text + " (machines: \(known.joined(separator: ", ")))"
    }
}
