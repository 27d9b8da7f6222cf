import FSMCoverage
import Testing
import TestSupport
import UseCases

@MainActor
@Suite("PasscodeViewState")
struct PasscodeViewStateTests {
    @Test("typing fills the cells; the last digit submits once")
    func typing() {
        let entry = PasscodeViewState(recorder: BehaviourCoverage.recorder)
        var submitted: [String] = []
        entry.onSubmit = { submitted.append($0) }
        for digit in "123" { #expect(entry.type(digit)) }
        #expect(entry.cells == ["1", "2", "3", nil])
        #expect(entry.state == .entered(3))
        #expect(!entry.isComplete && submitted.isEmpty)
        #expect(entry.type("4"))
        #expect(entry.isComplete)
        #expect(entry.completedCode == "1234")
        #expect(submitted == ["1234"])
        #expect(!entry.type("5"))
        entry.delete()
        #expect(entry.digits == "1234" && submitted == ["1234"])
    }

    @Test("delete removes the last digit; nothing to delete does nothing")
    func delete() {
        let entry = PasscodeViewState(length: 6, recorder: BehaviourCoverage.recorder)
        entry.delete()
        #expect(entry.state == .entered(0))
        entry.paste("12")
        entry.delete()
        #expect(entry.digits == "1" && entry.state == .entered(1))
    }

    @Test("deleting from each count of digits: one fewer, down to none (every deleteDigit cell of the 4-digit entry)")
    func deleteFromEachCount() {
        let entry = PasscodeViewState(length: 4, recorder: BehaviourCoverage.recorder)
        entry.paste("123")
        for count in stride(from: 3, through: 1, by: -1) {
            #expect(entry.state == .entered(count))
            entry.delete()
            #expect(entry.state == .entered(count - 1))
            #expect(entry.digits == String("123".prefix(count - 1)))
        }
    }

    @Test("non-digits are skipped", arguments: ["a", " ", "١", "x", "-"] as [Character])
    func nonDigits(character: Character) {
        let entry = PasscodeViewState(recorder: BehaviourCoverage.recorder)
        #expect(!entry.type(character))
        #expect(entry.digits.isEmpty && entry.state == .entered(0))
    }

    @Test("paste types each digit, skips the rest, stops at the length", arguments: [
        ("12a34", 4, "1234", true), ("9", 4, "9", false), ("1234567", 6, "123456", true), ("ab", 4, "", false), ("12 34 56", 6, "123456", true),
    ])
    func paste(text: String, length: Int, digits: String, complete: Bool) {
        let entry = PasscodeViewState(length: length, recorder: BehaviourCoverage.recorder)
        var submitted: [String] = []
        entry.onSubmit = { submitted.append($0) }
        entry.paste(text)
        #expect(entry.digits == digits)
        #expect(entry.isComplete == complete)
        #expect(submitted == (complete ? [digits] : []))
    }
}
