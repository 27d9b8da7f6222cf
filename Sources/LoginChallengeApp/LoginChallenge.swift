import FSM
import FSMREPL
import UseCases

/// The Login Challenge as a client of the tool library: its machines, in the order the
/// `fsm` tool lists and draws them.
public enum LoginChallenge {
    /// The machines of the Login Challenge (the passcode with its default length 4): `home` is
    /// `home-loading` parallel to `logout`, each also listed alone.
    public static let machines: [any MachineDescribing] = [
        LoginMachine.definition,
        HomeLoadingMachine.definition,
        LogoutMachine.definition,
        HomeMachine.definition,
        PasscodeMachine.definition(),
    ]

    /// What the `fsm` tool says it is for.
    public static let abstract = "Explore the state machines of the Login Challenge: list, tabulate, draw, validate, drive them; play the app."
}
