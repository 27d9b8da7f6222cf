import Foundation
import FSM
import FSMCoverage
import FSMREPL

/// The coverage of the Login Challenge's behaviour tests: the view-state and end-to-end tests
/// hand this recorder to the screens they make. When `FSM_COVERAGE_OUT` names a file, what it
/// recorded is written there as the test process exits (added to what the file holds, as
/// `swift test` may run the tests in more than one process), for `fsm coverage` to report.
public enum BehaviourCoverage {
    /// The recorder, shared by every test of the process (it is thread-safe).
    public static var recorder: CoverageRecorder {
        _ = registration
        return shared
    }

    private static let shared = CoverageRecorder()

    /// Registers the write at exit, once.
    private static let registration: Void = {
        guard ProcessInfo.processInfo.environment["FSM_COVERAGE_OUT"] != nil else { return }
        atexit { BehaviourCoverage.writeOut() }
    }()

    /// Adds what was recorded to the file `FSM_COVERAGE_OUT` names (a file that is not a
    /// coverage is replaced); says so on standard error when it cannot.
    static func writeOut() {
        guard let path = ProcessInfo.processInfo.environment["FSM_COVERAGE_OUT"] else { return }
        var coverage = shared.coverage
        guard !coverage.machines.isEmpty else { return }
        if let data = try? Data(contentsOf: URL(fileURLWithPath: path)),
           let earlier = try? JSONDecoder().decode(Coverage.self, from: data) {
            coverage = earlier.merging(coverage)
        }
        do {
            try FileText.write(path, CoverageFile.text(coverage))
        } catch {
            FileHandle.standardError.write(Data("cannot write the behaviour tests' coverage to \(path): \(FileText.describe(error))\n".utf8))
        }
    }
}
