import Foundation
import PackagePlugin

/// `swift package explore MACHINE [--tool NAME] [--direction LR|TB] [--no-effects]`
///
/// Finds the package's tool (the executable product whose targets depend on the `FSMTool`
/// library), builds it, and runs `TOOL explore MACHINE --output <plugin's work folder>/MACHINE.html`:
/// the explorer page of one of the package's machines, written where a plugin may write
/// without asking (under `.build/plugins/`), and its path printed: open it in a browser. To
/// write it elsewhere, run the tool itself: `swift run TOOL explore MACHINE --output FILE`
/// (an `--output` given here is passed on too, but a sandboxed plugin may not write there).
@main
struct Explore: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let chosen = extractor.extractOption(named: "tool")
        let rest = extractor.remainingArguments
        guard let machine = rest.first, !machine.hasPrefix("-") else {
            throw PluginError("usage: swift package explore MACHINE [--tool NAME] [--direction LR|TB] [--no-effects] (the tool's 'list' names its machines)")
        }
        let safe = String(machine.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" })
        let page = context.pluginWorkDirectoryURL.appendingPathComponent("\(safe).html")
        try ToolRunner.run(["explore", machine, "--output", page.path] + rest.dropFirst(), tool: chosen, context: context, packageManager: packageManager)
    }
}
