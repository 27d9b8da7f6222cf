import ArgumentParser
import FSMCLI

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the machines, one a line, with their state and event counts.")

    func run() {
        let width = catalog.names.map(\.count).max() ?? 0
        for entry in catalog.entries {
            let name = entry.name.padding(toLength: width, withPad: " ", startingAt: 0)
            print("\(name)  \(entry.machine.stateNames.count) states  \(entry.machine.eventNames.count) events  \(entry.summary)")
        }
    }
}
