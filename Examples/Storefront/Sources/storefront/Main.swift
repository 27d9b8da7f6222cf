import FSMTool
import StorefrontMachines

/// `storefront`: list, tabulate, draw, validate and drive the shop's machines.
@main
enum Main {
    static func main() async {
        await FSMTool.main(machines: [Door.definition, Checkout.definition])
    }
}
