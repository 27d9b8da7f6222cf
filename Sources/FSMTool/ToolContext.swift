import ArgumentParser
import FSM
import FSMREPL

/// What the commands of a running tool work on: its name, its machines and its streams.
///
/// ``FSMTool`` sets it for the duration of a run; a tool's own subcommands read it as
/// `ToolContext.current` to reach the catalog or write output:
///
/// ```swift
/// struct Count: ParsableCommand {
///     func run() throws {
///         let context = ToolContext.current
///         try context.io.print("\(context.catalog.machines.count) machines")
///     }
/// }
/// ```
public struct ToolContext: Sendable {
    /// The tool's name as users type it (`fsm`, `storefront`).
    public let name: String
    /// One line on what the tool is for (its help's abstract).
    public let abstract: String
    /// The tool's machines.
    public let catalog: Catalog
    /// The tool's own subcommands, after the built-in ones.
    let subcommands: [any ParsableCommand.Type]
    /// Where commands read and write.
    public let io: ToolIO

    /// The context of the run in progress (an empty catalog outside a run).
    public static var current: ToolContext { running ?? .empty }

    @TaskLocal static var running: ToolContext?

    static let empty = ToolContext(name: "fsm", abstract: "", catalog: Catalog(validated: []), subcommands: [], io: .standard)

    /// Finds a machine, or fails with a usage error (exit 64) that lists the machines and
    /// suggests the closest name. A name ending in `.scxml` that is not a machine's is an
    /// SCXML document, read as a machine (a document outside what it reads fails, exit 1,
    /// saying why with its line).
    public func machine(named name: String) throws -> any MachineDescribing {
        if SCXMLImport.names(name) && !catalog.names.contains(name) {
            return try SCXMLImport.machine(file: io.path(name), label: name)
        }
        do {
            return try catalog.machine(named: name)
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// Finds a machine that can run: a table, a diagram or a session of a definition with
    /// validation errors would show a machine that does not exist, so it fails instead
    /// (exit 1) naming the errors, as `validate` does.
    public func runnableMachine(named name: String) throws -> any MachineDescribing {
        let machine = try machine(named: name)
        if let failure = MachineCannotRun(machine) { throw failure }
        return machine
    }
}

/// A machine whose definition has validation errors: the tool's commands refuse to show or
/// drive it, and say why.
public struct MachineCannotRun: Error, CustomStringConvertible {
    /// The machine's name.
    public let machine: String
    /// Its errors.
    public let errors: [Diagnostic]

    /// The failure of `machine`, or `nil` when it can run.
    public init?(_ machine: any MachineDescribing) {
        let errors = machine.runErrors
        guard !errors.isEmpty else { return nil }
        self.machine = machine.name
        self.errors = errors
    }

    /// `machine 'x' cannot run (N error(s)):` and one line per error.
    public var description: String {
        errors.listed(under: "machine \(quoting: machine) cannot run (\(errors.count) error(s)):")
    }
}
