import FSM
import FSMCoverage
import FSMRuntime
import Observation

/// A fixed-length one-time-code entry: a row of digit cells, typing, delete, paste of a
/// whole code, and automatic submission when the last digit arrives.
///
/// Runs the ``PasscodeMachine`` for its length on a `MachineRuntime`; the digits are the
/// data, kept as each transition brings them, and the machine says what each key does.
@MainActor
@Observable
public final class PasscodeViewState {
    /// The number of digits of a code.
    public let length: Int
    /// The digits entered so far.
    public private(set) var digits: String = ""

    @ObservationIgnored private let runtime: MachineRuntime<PasscodeState, PasscodeEvent, PasscodeEffect, Void>

    /// Called once with the code when its last digit arrives.
    @ObservationIgnored public var onSubmit: (@MainActor (String) -> Void)?

    /// Creates an entry for codes of `length` digits (at least 1), its machine reporting to
    /// `recorder` when there is one (coverage, in tests).
    public init(length: Int = PasscodeMachine.defaultLength, recorder: CoverageRecorder? = nil) {
        self.length = max(1, length)
        let owner = Owner<PasscodeViewState>()
        // Every effect here is synchronous: performed as the step is taken (below), so the
        // code is submitted before `type` returns, on every system.
        runtime = .viewState(PasscodeMachine.definition(length: self.length), recorder: recorder, context: {}) { _, _ in }
        owner.value = self
        // A digit typed or deleted changes the digits when the machine moves (not on a key
        // it ignores), before the effects: `submit` sees the whole code.
        runtime.onTransition = { transition, event in
            guard transition.kind == .external, let entry = owner.value else { return }
            switch event {
            case let .typeDigit(digit): entry.digits.append(digit)
            case .deleteDigit: entry.digits.removeLast()
            case nil: break
            }
            for effect in transition.effects {
                switch effect {
                case .submit: entry.onSubmit?(entry.digits)
                }
            }
        }
    }

    /// The machine's state.
    public var state: PasscodeState { runtime.state }

    /// Whether the code is complete (and was submitted).
    public var isComplete: Bool { runtime.isFinished }

    /// The complete code, once complete.
    public var completedCode: String? { isComplete ? digits : nil }

    /// The cells as the screen draws them: a digit, or `nil` for an empty cell.
    public var cells: [Character?] {
        let entered = Array(digits)
        return (0..<length).map { $0 < entered.count ? entered[$0] : nil }
    }

    /// Types one character: a digit 0-9 is entered, anything else is skipped. Nothing
    /// happens once the code is complete. Returns whether a digit was entered.
    @discardableResult
    public func type(_ character: Character) -> Bool {
        guard Self.isDigit(character) else { return false }
        let count = digits.count
        runtime.send(.typeDigit(character))
        return digits.count > count
    }

    /// Deletes the last digit (nothing when there is none, or once complete).
    public func delete() {
        runtime.send(.deleteDigit)
    }

    /// Pastes text: one digit typed per digit in it, non-digits skipped, stopping at the
    /// length. `"12a34"` enters 1, 2, 3, 4.
    public func paste(_ text: String) {
        for character in text where !isComplete {
            type(character)
        }
    }

    private static func isDigit(_ character: Character) -> Bool {
        character.isASCII && character.isWholeNumber
    }
}
