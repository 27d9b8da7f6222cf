import ArgumentParser
import FSMCLI

/// The catalog the tool works on.
let catalog = Catalog.loginChallenge

/// Finds a machine, or fails with the list of machines and a "did you mean" (exit 64).
func entry(named name: String) throws -> CatalogEntry {
    do {
        return try catalog.entry(named: name)
    } catch {
        throw ValidationError(error.description)
    }
}

/// The help text of a MACHINE argument.
let machineHelp = ArgumentHelp("The machine: \(catalog.names.joined(separator: ", ")).", valueName: "machine")
