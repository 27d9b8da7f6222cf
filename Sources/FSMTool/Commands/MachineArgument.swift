import ArgumentParser
import FSM
import FSMREPL
import FSMTerminal

/// The help text of a MACHINE argument, listing the tool's machines.
var machineHelp: ArgumentHelp {
    ArgumentHelp("The machine: \(ToolContext.current.catalog.names.map(TerminalText.visible).joined(separator: ", ")), or an SCXML document (FILE.scxml).", valueName: "machine")
}

/// A state name given on the command line, checked against the machine's states.
func checkedState(_ name: String?, of machine: any MachineDescribing) throws -> String? {
    guard let name else { return nil }
    guard machine.stateNames.contains(name) else {
        let suggestion = Suggestion.closest(to: name, in: machine.stateNames).map { "; did you mean \(TerminalText.visible(EchoedText.quoted($0)))?" } ?? ""
        throw ValidationError("\(TerminalText.visible(EchoedText.quoted(machine.name))) has no state \(TerminalText.visible(EchoedText.quoted(name)))\(suggestion) (states: \(machine.stateNames.map { TerminalText.visible(EchoedText.shown($0)) }.joined(separator: ", ")))")
    }
    return name
}
