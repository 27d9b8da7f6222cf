import PackagePlugin

/// `swift package check-diagrams [--tool NAME] [--docc CATALOG] [--direction LR|TB] [--no-effects]`
///
/// What `generate-diagrams --check` does, without asking for permission to write (it
/// writes nothing): runs the package's tool's `diagrams --check`, which exits 1 naming each
/// missing or stale file with a diff; the command then fails.
@main
struct CheckDiagrams: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try ToolRunner.runDiagrams(context: context, packageManager: packageManager, arguments: arguments, extra: ["--check"])
    }
}
