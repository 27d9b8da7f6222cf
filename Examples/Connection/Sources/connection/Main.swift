import ConnectionMachine
import FSMTool

@main
enum Main {
    static func main() async {
        await FSMTool.main(abstract: "A TCP connection as a state machine.", machines: [Connection.definition])
    }
}
