import FSM

/// Makes a REPL session on the definition a visitor is given.
struct SessionMaker: DefinitionVisitor {
    let writeFile: (_ path: String, _ contents: String) throws -> Void

    func visit<State, Event, Effect, Context>(_ definition: MachineDefinition<State, Event, Effect, Context>) -> Result<REPLSession, DefinitionError> {
        Result { () throws(DefinitionError) in try REPLSession(definition, writeFile: writeFile) }
    }
}

extension MachineDescribing {
    /// A new REPL session on the machine, in its initial state, whatever its state, event,
    /// effect and context types:
    ///
    /// ```swift
    /// let machines: [any MachineDescribing] = [Door.definition, Checkout.definition]
    /// let session = try machines[0].makeSession()
    /// ```
    ///
    /// Its `:save PATH` writes the file.
    /// - Throws: ``DefinitionError`` when the definition cannot run.
    public func makeSession() throws(DefinitionError) -> REPLSession {
        try makeSession(writeFile: FileText.write)
    }

    /// A new REPL session on the machine, in its initial state, whose `:save PATH` calls
    /// `writeFile` (a test's, or a sandbox's).
    /// - Throws: ``DefinitionError`` when the definition cannot run.
    public func makeSession(writeFile: @escaping (_ path: String, _ contents: String) throws -> Void) throws(DefinitionError) -> REPLSession {
        try _outline.definition.open(SessionMaker(writeFile: writeFile)).get()
    }
}
