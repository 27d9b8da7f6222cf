import ArgumentParser
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
    /// suggests the closest name.
    public func machine(named name: String) throws -> any DrivableMachine {
        do {
            return try catalog.machine(named: name)
        } catch {
            throw ValidationError(error.description)
        }
    }
}
