#if !Store
#error("FSMStore needs the package trait \"Store\" (on by default; it fetches GRDB and links the system's SQLite): depend on the FSM package without `traits:`, or with `traits: [\"Store\"]`")
#endif
