import FSMTool
import LoginChallengeApp

/// `fsm`: the tool library over the Login Challenge's machines, plus `app`.
@main
enum Main {
    static func main() async {
        await FSMTool.main(name: "fsm", abstract: LoginChallenge.abstract, machines: LoginChallenge.machines, subcommands: [App.self])
    }
}
