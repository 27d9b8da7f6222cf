import Foundation
import FSM
import FSMCoverage
import FSMPersistence
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

    private typealias Runtime = MachineRuntime<PasscodeState, PasscodeEvent, PasscodeEffect, Void>
    @ObservationIgnored private let runtime: Runtime

    /// Called once with the code when its last digit arrives.
    @ObservationIgnored public var onSubmit: (@MainActor (String) -> Void)?

    /// Creates an entry for codes of `length` digits (at least 1), its machine reporting to
    /// `recorder` when there is one (coverage, in tests).
    public convenience init(length: Int = PasscodeMachine.defaultLength, recorder: CoverageRecorder? = nil) {
        let length = max(1, length)
        self.init(length: length, runtime: .viewState(PasscodeMachine.definition(length: length), recorder: recorder, context: {}) { _, _ in })
    }

    /// The entry put back where `snapshot` (from ``snapshot(at:)``) says, with the digits
    /// entered, without running anything: a complete code is not submitted again.
    /// - Parameter length: The length of the codes (the one the snapshot was taken with: a
    ///   machine of another length has another structure, and is refused).
    /// - Throws: ``ScreenRestoreError`` when the snapshot does not fit, or its digits do not
    ///   agree with its state.
    public convenience init(
        length: Int = PasscodeMachine.defaultLength, recorder: CoverageRecorder? = nil, restoring snapshot: MachineSnapshot, at date: Date = Date()
    ) throws(ScreenRestoreError) {
        let length = max(1, length)
        let form = try ScreenRestoreError.form(PasscodeForm.self, of: snapshot, screen: "passcode")
        let runtime = try Runtime.restoredViewState(
            PasscodeMachine.definition(length: length), recorder: recorder, restoring: snapshot, at: date, context: {}
        ) { _, _ in }
        let expected = switch runtime.state {
        case let .entered(count): count
        case .complete: length
        }
        guard form.digits.count == expected, form.digits.allSatisfy(Self.isDigit) else {
            throw .form(screen: "passcode", problem: "the digits saved do not agree with its state '\(runtime.state)'")
        }
        self.init(length: length, runtime: runtime)
        digits = form.digits
    }

    private init(length: Int, runtime: Runtime) {
        self.length = length
        self.runtime = runtime
        let owner = Owner<PasscodeViewState>()
        owner.value = self
        // Every effect here is synchronous: performed as the step is taken (below), so the
        // code is submitted before `type` returns, on every system.
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

    /// The entry saved by names (its machine, with the digits entered as its context), to be
    /// restored after the app is killed.
    /// - Throws: ``FSMPersistence/SnapshotError`` when asked in the middle of a step.
    public func snapshot(at date: Date = Date()) throws -> MachineSnapshot {
        try runtime.snapshot(at: date, context: SnapshotValue(encoding: PasscodeForm(digits: digits)))
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
