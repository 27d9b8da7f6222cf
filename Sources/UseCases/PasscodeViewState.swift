import FSM
import Observation

/// A fixed-length one-time-code entry: a row of digit cells, typing, delete, paste of a
/// whole code, and automatic submission when the last digit arrives.
///
/// Runs the ``PasscodeMachine`` for its length; the digits are the data, the machine says
/// what each key does.
@MainActor
@Observable
public final class PasscodeViewState {
    /// The number of digits of a code.
    public let length: Int
    /// The digits entered so far.
    public private(set) var digits: String = ""

    private var machine: Machine<PasscodeState, PasscodeEvent, PasscodeEffect, Void>

    /// Called once with the code when its last digit arrives.
    @ObservationIgnored public var onSubmit: (@MainActor (String) -> Void)?

    /// Creates an entry for codes of `length` digits (at least 1).
    public init(length: Int = PasscodeMachine.defaultLength) {
        self.length = max(1, length)
        do {
            machine = try Machine(PasscodeMachine.definition(length: self.length))
        } catch {
            preconditionFailure("the passcode machine is invalid: \(error)") // covered by its strict-validation tests
        }
    }

    /// The machine's state.
    public var state: PasscodeState { machine.state }

    /// Whether the code is complete (and was submitted).
    public var isComplete: Bool { machine.isFinished }

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
        guard Self.isDigit(character), let step = try? machine.send(.typeDigit(character)), step.kind == .external else { return false }
        digits.append(character)
        perform(step.effects)
        return true
    }

    /// Deletes the last digit (nothing when there is none, or once complete).
    public func delete() {
        guard let step = try? machine.send(.deleteDigit), step.kind == .external else { return }
        digits.removeLast()
    }

    /// Pastes text: one digit typed per digit in it, non-digits skipped, stopping at the
    /// length. `"12a34"` enters 1, 2, 3, 4.
    public func paste(_ text: String) {
        for character in text where !isComplete {
            type(character)
        }
    }

    private func perform(_ effects: SmallList<PasscodeEffect>) {
        for effect in effects {
            switch effect {
            case .submit: onSubmit?(digits)
            }
        }
    }

    private static func isDigit(_ character: Character) -> Bool {
        character.isASCII && character.isWholeNumber
    }
}
