// A session of the machine 'login' saved from the REPL as a test: its lines are replayed, in
// order, in a new REPL session of the definition, and each must print what it printed then;
// the session must end in the same state. Regenerate it with :save after a deliberate change.
import FSMREPL
import Testing
import UseCases

@Test("the session of login replays: 18 line(s), ending in idle")
func loginSessionReplays() throws {
    let session = try REPLSession(LoginMachine.definition)
    #expect(session.handle("edit").text == "idle --edit--> idle (internal)")
    #expect(session.handle(":guard ID and password filled off").text == "ID and password filled: off")
    #expect(session.handle(":guard ID and password filled on").text == "ID and password filled: on")
    #expect(session.handle("logIn").text == "idle --logIn--> loggingIn / disableInputs, showActivityIndicator, callLogIn")
    #expect(session.handle("fail(network)").text == "loggingIn --fail(network)--> failed(network) [failed > network] / hideActivityIndicator, enableInputs, showAlert(network)")
    #expect(session.handle("closeAlert").text == "failed(network) --closeAlert--> idle")
    #expect(session.handle("logIn").text == "idle --logIn--> loggingIn / disableInputs, showActivityIndicator, callLogIn")
    #expect(session.handle("fail(login)").text == "loggingIn --fail(login)--> failed(login) [failed > login] / hideActivityIndicator, enableInputs, showAlert(login)")
    #expect(session.handle("closeAlert").text == "failed(login) --closeAlert--> idle")
    #expect(session.handle("logIn").text == "idle --logIn--> loggingIn / disableInputs, showActivityIndicator, callLogIn")
    #expect(session.handle("fail(server)").text == "loggingIn --fail(server)--> failed(server) [failed > server] / hideActivityIndicator, enableInputs, showAlert(server)")
    #expect(session.handle("closeAlert").text == "failed(server) --closeAlert--> idle")
    #expect(session.handle("logIn").text == "idle --logIn--> loggingIn / disableInputs, showActivityIndicator, callLogIn")
    #expect(session.handle("fail(system)").text == "loggingIn --fail(system)--> failed(system) [failed > system] / hideActivityIndicator, enableInputs, showAlert(system)")
    #expect(session.handle("closeAlert").text == "failed(system) --closeAlert--> idle")
    #expect(session.handle("logIn").text == "idle --logIn--> loggingIn / disableInputs, showActivityIndicator, callLogIn")
    #expect(session.handle("succeed").text == "loggingIn --succeed--> atHome / hideActivityIndicator, presentHome")
    #expect(session.handle("returnFromHome").text == "atHome --returnFromHome--> idle / enableInputs")
    #expect(session.stateName == "idle")
}
