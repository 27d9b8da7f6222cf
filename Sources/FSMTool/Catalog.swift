import FSM
import FSMREPL
import FSMTerminal

/// The machines a tool knows, in a fixed order, found by name with a "did you mean" for typos.
///
/// Machines of different state, event, effect and context types live in one catalog:
///
/// ```swift
/// let catalog = try Catalog([Door.definition, Checkout.definition])
/// let door = try catalog.machine(named: "door")
/// ```
public struct Catalog: Sendable {
    /// The machines, in order.
    public let machines: [any MachineDescribing]

    /// Creates a catalog.
    /// - Throws: ``CatalogError`` when two machines share a name, or a name is empty: the
    ///   tool could not tell them apart, nor give each its own diagram files.
    public init(_ machines: [any MachineDescribing]) throws(CatalogError) {
        var seen: Set<String> = []
        for machine in machines {
            if machine.name.isEmpty { throw CatalogError.emptyName }
            if !seen.insert(machine.name).inserted { throw CatalogError.duplicateName(machine.name) }
        }
        self.machines = machines
    }

    /// A catalog of machines already known to have distinct, non-empty names.
    init(validated machines: [any MachineDescribing]) {
        self.machines = machines
    }

    /// The names of the machines, in order.
    public var names: [String] { machines.map(\.name) }

    /// The machine named `name`.
    /// - Throws: ``UnknownMachineError``, which lists the machines and suggests the closest name.
    public func machine(named name: String) throws(UnknownMachineError) -> any MachineDescribing {
        if let machine = machines.first(where: { $0.name == name }) { return machine }
        throw UnknownMachineError(name: name, known: names)
    }
}

/// A list of machines that cannot make a catalog.
public enum CatalogError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Two machines have this name.
    case duplicateName(String)
    /// A machine has an empty name.
    case emptyName

    /// What is wrong and how to fix it.
    public var description: String {
        switch self {
        case let .duplicateName(name):
            "two machines are named \(TerminalText.visible(EchoedText.quoted(name))): give each machine of the tool a name of its own"
        case .emptyName:
            "a machine has an empty name: give each machine of the tool a name"
        }
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

    /// `unknown machine 'logn'; did you mean 'login'? (machines: login, home-loading, ...)`,
    /// every name with control characters shown escaped.
    public var description: String {
        var text = "unknown machine \(TerminalText.visible(EchoedText.quoted(name)))"
        if let suggestion { text += "; did you mean \(TerminalText.visible(EchoedText.quoted(suggestion)))?" }
        let list = known.isEmpty ? "this tool has no machines" : "machines: " + known.map { TerminalText.visible(EchoedText.shown($0)) }.joined(separator: ", ")
        return text + " (\(list))"
    }
}
