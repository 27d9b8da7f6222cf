import FSM
import FSMTesting
import StorefrontMachines
import Testing

@Suite("checkout")
struct CheckoutTests {
    typealias Row = ExpectedRow<Checkout.State, Checkout.Event, Checkout.Effect>

    static let rows: [Row] = [
        Row(.cart, .addItem, .internal()),
        Row(.cart, .proceed, .to(.address, guard: "cart not empty", emitting: .reserveStock)),
        Row(.cart, .back, .illegal),
        Row(.cart, .submitAddress, .illegal),
        Row(.cart, .pay, .illegal),
        Row(.cart, .paymentFailed, .illegal),
        Row(.cart, .paymentSucceeded, .illegal),
        Row(.cart, .cancel, .to(.cancelled)),
        Row(.address, .addItem, .illegal),
        Row(.address, .proceed, .illegal),
        Row(.address, .back, .to(.cart, emitting: .releaseStock)),
        Row(.address, .submitAddress, .to(.payment)),
        Row(.address, .pay, .illegal),
        Row(.address, .paymentFailed, .illegal),
        Row(.address, .paymentSucceeded, .illegal),
        Row(.address, .cancel, .to(.cancelled, emitting: .releaseStock)),
        Row(.payment, .addItem, .illegal),
        Row(.payment, .proceed, .illegal),
        Row(.payment, .back, .to(.address)),
        Row(.payment, .submitAddress, .illegal),
        Row(.payment, .pay, .to(.payment, emitting: .chargeCard)),
        Row(.payment, .paymentFailed, .internal(emitting: .showPaymentError)),
        Row(.payment, .paymentSucceeded, .to(.paid, emitting: .sendReceipt)),
        Row(.payment, .cancel, .to(.cancelled, emitting: .releaseStock)),
    ] + Checkout.Event.allCases.flatMap { event in
        [Row(.paid, event, .ignored), Row(.cancelled, event, .ignored)]
    }

    @Test("the whole table, every cell")
    func table() {
        #expect(expectTable(Checkout.definition, Self.rows).isEmpty)
    }

    @Test(arguments: rows)
    func cell(_ row: Row) {
        expectCell(Checkout.definition, row)
    }

    @Test("valid: every state reachable, no dead end")
    func valid() {
        #expect(Checkout.definition.validate() == [])
    }

    @Test("an empty cart cannot proceed; one item can")
    func emptyCart() throws {
        var checkout = try Machine(Checkout.definition)
        #expect(throws: TransitionError<Checkout.State, Checkout.Event>.self) {
            try checkout.send(.proceed, context: Checkout.Cart(items: 0))
        }
        #expect(checkout.state == .cart)
        #expect(try checkout.send(.proceed, context: Checkout.Cart(items: 1)).effects == [.reserveStock])
        #expect(checkout.state == .address)
    }
}
