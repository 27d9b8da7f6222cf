import ArgumentParser
import FSM
import FSMCoverage
import Foundation
import FSMREPL
import FSMTerminal

/// A coverage report's format as a command-line argument.
enum CoverageFormatArgument: String, ExpressibleByArgument, CaseIterable {
    case markdown, json
}

/// `coverage MACHINE FILE... [--minimum N] [--format markdown|json]`.
struct CoverageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "coverage",
        abstract: "Report what coverage files exercised of a machine, and what they never did.",
        discussion: """
        The files are written by 'repl MACHINE --coverage-out FILE' or by a test's CoverageRecorder; \
        their counts add up, saturating: a count that would pass 9223372036854775807 stops there (a note says so). Exits 1 when the legal cells covered (cells with a transition, and \
        timers, in which one was taken) are below --minimum percent.
        """
    )

    @Argument(help: machineHelp) var machine: String
    @Argument(help: ArgumentHelp("Coverage files (JSON), added up.", valueName: "file"))
    var files: [String]
    @Option(help: ArgumentHelp("The lowest acceptable share of legal cells covered, in percent (0 to 100).", valueName: "percent"))
    var minimum: Double?
    @Option(name: .shortAndLong, help: "The format: \(CoverageFormatArgument.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: CoverageFormatArgument = .markdown

    func validate() throws {
        if files.isEmpty { throw ValidationError("Give at least one coverage file.") }
        if let minimum, !(0...100).contains(minimum) { throw ValidationError("--minimum must be a percentage from 0 to 100, not \(minimum).") }
    }

    func run() throws {
        let context = ToolContext.current
        let machine = try context.runnableMachine(named: machine)
        let report = try readCoverage(files, of: machine, context: context).report
        switch format {
        case .markdown:
            try context.io.write(TerminalText.visibleLines(report.markdown))
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            // Names from coverage files: bidi and C1 controls as `\u` escapes, as in every JSON the tool prints.
            try context.io.write(JSON.escapingUnseen(String(decoding: (try? encoder.encode(report)) ?? Data(), as: UTF8.self)) + "\n")
        }
        if let minimum, report.legalCells.percent < minimum {
            try context.io.printError("\(context.name): legal cells covered: \(report.legalCells), below the minimum of \(CoverageFormat.percent(minimum))%")
            throw ExitCode(1)
        }
    }
}

/// Reads coverage files of a machine for a command, or fails with exit 1 naming the file.
/// Counts add up saturating: when one stops at `Int.max`, a note on standard error says so.
func readCoverage(_ files: [String], of machine: any MachineDescribing, context: ToolContext) throws -> MachineCoverage {
    let sum: CoverageTotal
    do {
        sum = try CoverageFile.sum(files, resolvedBy: context.io.path, of: machine.emptyCoverage())
    } catch {
        try context.io.printError(TerminalText.visible("\(context.name): \(error)"))
        throw ExitCode(1)
    }
    if sum.saturated {
        try context.io.printError("\(TerminalText.visible(context.name)): note: some counts added up to \(Int.max), the most a count holds, and stopped there (counts saturate; read them as 'at least')")
    }
    return sum.total
}

/// Percentages as the tool prints them.
enum CoverageFormat {
    /// `100`, `87.5`.
    static func percent(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
