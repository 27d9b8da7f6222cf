import Foundation
import PackagePlugin

/// Finds, builds and runs the package's tool (the executable product whose targets depend
/// on the `FSMTool` library): shared by `generate-diagrams`, `check-diagrams` and `explore`.
enum ToolRunner {
    /// Runs `TOOL diagrams` with `arguments` after it: `--output <package>/Diagrams` unless
    /// they give `--docc` (a relative catalog is taken from the package's folder).
    static func runDiagrams(context: PluginContext, packageManager: PackageManager, arguments: [String], extra: [String] = []) throws {
        var extractor = ArgumentExtractor(arguments)
        let chosen = extractor.extractOption(named: "tool")
        let docc = extractor.extractOption(named: "docc")
        let root = context.package.directoryURL
        let place: [String]
        if let catalog = docc.last {
            place = ["--docc", catalog.hasPrefix("/") ? catalog : root.appendingPathComponent(catalog).path]
        } else {
            place = ["--output", root.appendingPathComponent("Diagrams").path]
        }
        try run(["diagrams"] + place + extractor.remainingArguments + extra, tool: chosen, context: context, packageManager: packageManager)
    }

    /// Builds the package's tool (`--tool NAME` among several) and runs it with `arguments`,
    /// in the package's folder; fails when it exits with another status than 0.
    static func run(_ arguments: [String], tool chosen: [String], context: PluginContext, packageManager: PackageManager) throws {
        let candidates = context.package.products(ofType: ExecutableProduct.self)
            .filter { product in product.targets.contains { dependsOnToolLibrary($0) } }
            .map(\.name)
        let name = try choose(candidates, chosen: chosen, package: context.package.displayName)

        let build = try packageManager.build(.product(name), parameters: .init(configuration: .debug, logging: .concise))
        guard build.succeeded else {
            throw PluginError("building '\(name)' failed:\n\(build.logText)")
        }
        guard let executable = build.builtArtifacts.first(where: { $0.kind == .executable && $0.url.lastPathComponent == name }) else {
            throw PluginError("building '\(name)' produced no executable")
        }
        let process = Process()
        process.executableURL = executable.url
        process.currentDirectoryURL = context.package.directoryURL
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw PluginError("'\(name) \(arguments.first ?? "")' exited with status \(process.terminationStatus)")
        }
    }

    /// The tool to run: the one chosen with `--tool`, or the only candidate.
    static func choose(_ candidates: [String], chosen: [String], package: String) throws -> String {
        if let name = chosen.last {
            guard candidates.contains(name) else {
                let list = candidates.isEmpty ? "none" : candidates.joined(separator: ", ")
                throw PluginError("--tool \(name): '\(package)' has no executable product named so that depends on FSMTool (candidates: \(list))")
            }
            return name
        }
        switch candidates.count {
        case 1:
            return candidates[0]
        case 0:
            throw PluginError("""
            '\(package)' has no tool to run: the plugin looks for an executable product whose \
            target depends on the FSMTool library, and found none. Add one, e.g. an executable target \
            with `await FSMTool.main(machines: [...])` and a `.executable(name:targets:)` product.
            """)
        default:
            throw PluginError("'\(package)' has several tools that depend on FSMTool: \(candidates.joined(separator: ", ")); choose one with --tool NAME")
        }
    }

    /// Whether a target depends on the `FSMTool` library, directly or through other targets.
    static func dependsOnToolLibrary(_ target: any Target) -> Bool {
        var visited: Set<String> = []
        var pending: [any Target] = [target]
        while let next = pending.popLast() {
            guard visited.insert(next.id).inserted else { continue }
            for dependency in next.dependencies {
                switch dependency {
                case let .target(target):
                    if target.name == "FSMTool" { return true }
                    pending.append(target)
                case let .product(product):
                    if product.name == "FSMTool" { return true }
                @unknown default:
                    continue
                }
            }
        }
        return false
    }
}

/// A failure of the plugin, with what to do about it.
struct PluginError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
