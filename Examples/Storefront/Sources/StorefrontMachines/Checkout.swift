import FSM

/// An online shop's checkout, from the cart to a paid or cancelled order.
public enum Checkout {
    /// Where the order is.
    public enum State: String, Hashable, Sendable, CustomStringConvertible {
        case cart, address, payment, paid, cancelled
        public var description: String { rawValue }
    }

    /// What the customer and the payment provider do.
    public enum Event: String, MachineEvent, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        case addItem, proceed, back, submitAddress, pay, paymentFailed, paymentSucceeded, cancel
        public var description: String { rawValue }
    }

    /// What the shop does.
    public enum Effect: String, Hashable, Sendable, CustomStringConvertible {
        case reserveStock, chargeCard, showPaymentError, sendReceipt, releaseStock
        public var description: String { rawValue }
    }

    /// What the guard reads: the number of items in the cart.
    public struct Cart: Sendable {
        /// How many items are in the cart.
        public var items: Int

        /// Creates a cart.
        public init(items: Int) { self.items = items }
    }

    /// The cart has at least one item.
    public static let cartNotEmpty = Guard<Cart>("cart not empty") { $0.items > 0 }

    /// The machine.
    public static let definition = MachineDefinition<State, Event, Effect, Cart>(
        name: "checkout",
        summary: "From the cart to a paid order: a non-empty cart proceeds, a failed payment can be retried.",
        initial: .cart
    ) {
        In(.cart) {
            Internal(.addItem)
            On(.proceed, to: .address, guard: cartNotEmpty, emit: .reserveStock)
            On(.cancel, to: .cancelled)
        }
        In(.address) {
            On(.submitAddress, to: .payment)
            On(.back, to: .cart, emit: .releaseStock)
            On(.cancel, to: .cancelled, emit: .releaseStock)
        }
        In(.payment) {
            On(.pay, to: .payment, emit: .chargeCard)
            On(.paymentSucceeded, to: .paid, emit: .sendReceipt)
            Internal(.paymentFailed, emit: .showPaymentError)
            On(.back, to: .address)
            On(.cancel, to: .cancelled, emit: .releaseStock)
        }
        Final(.paid) { IgnoreOtherEvents() }
        Final(.cancelled) { IgnoreOtherEvents() }
    }
}
