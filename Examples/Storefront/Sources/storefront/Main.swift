// example:tool:start
import FSMTool
import StorefrontMachines

@main
enum Main {
    static func main() async {
        await FSMTool.main(machines: [Door.definition, Checkout.definition])
    }
}
// example:tool:end
