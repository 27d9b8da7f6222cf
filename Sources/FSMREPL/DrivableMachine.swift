import FSM

/// A machine that tools can describe (names, table, diagrams, validation) and drive in a
/// ``REPLSession``, whatever its state, event, effect and context types.
///
/// ``MachineDefinition`` conforms, so a list of definitions of different types is an
/// `[any DrivableMachine]`:
///
/// ```swift
/// let machines: [any DrivableMachine] = [Door.definition, Checkout.definition]
/// let session = try machines[0].makeSession()
/// ```
public protocol DrivableMachine: MachineDescribing {
    /// A new REPL session on the machine, in its initial state.
    /// - Parameter writeFile: How `:save PATH` writes a script.
    /// - Throws: ``DefinitionError`` when the definition cannot run.
    func makeSession(writeFile: @escaping (_ path: String, _ contents: String) throws -> Void) throws(DefinitionError) -> REPLSession
}

extension DrivableMachine {
    /// A new REPL session on the machine, in its initial state, whose `:save` writes files.
    public func makeSession() throws(DefinitionError) -> REPLSession {
        try makeSession(writeFile: FileText.write)
    }
}

extension MachineDefinition: DrivableMachine {
    /// A new REPL session on the definition, in its initial state.
    public func makeSession(writeFile: @escaping (_ path: String, _ contents: String) throws -> Void) throws(DefinitionError) -> REPLSession {
        try REPLSession(self, writeFile: writeFile)
    }
}
