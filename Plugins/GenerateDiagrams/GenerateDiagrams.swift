import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-diagrams [--tool NAME] [--docc CATALOG] [--direction LR|TB] [--no-effects] [--check]`
///
/// Finds the package's tool (the executable product whose targets depend on the `FSMTool`
/// library), builds it, and runs `TOOL diagrams --output <package>/Diagrams` (or `--docc
/// CATALOG`), passing the other arguments through. With several such tools, `--tool NAME`
/// chooses one. `check-diagrams` checks without asking for write permission.
@main
struct GenerateDiagrams: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try ToolRunner.runDiagrams(context: context, packageManager: packageManager, arguments: arguments)
    }
}
