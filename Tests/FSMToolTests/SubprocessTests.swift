import Foundation
@testable import FSMTool
import TestSupport
import Testing

/// Runs `Subprocess.run` on a thread of its own, so that a run that never returns fails the
/// test after the bounded wait instead of hanging the suite.
private func boundedRun(_ script: String, timeLimit: Duration) async -> Subprocess.Result? {
    let outcome = await bounded("the run of `\(script)` to return") {
        await withCheckedContinuation { (continuation: CheckedContinuation<Subprocess.Result?, Never>) in
            Thread { continuation.resume(returning: try? Subprocess.run("/bin/sh", ["-c", script], input: Data(), timeLimit: timeLimit)) }.start()
        }
    }
    return outcome ?? nil
}

/// Whether a process is gone: no such pid, or a zombie nobody has reaped yet.
private func isGone(_ pid: pid_t) -> Bool {
    if kill(pid, 0) != 0 { return errno == ESRCH }
    let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
    return stat.split(separator: ")").last?.split(separator: " ").first == "Z"
}

@Suite("Subprocess: a time limit ends the run, whatever the program does")
struct SubprocessTests {
    @Test("a program that closes its outputs and never ends is killed at its time limit")
    func closedOutputsStillKilled() async throws {
        // Its outputs close at once: the run used to take that for the end and wait for the
        // program with no time limit left.
        let result = try #require(await boundedRun("exec >&- 2>&-; while :; do :; done", timeLimit: .milliseconds(200)))
        #expect(result.timedOut)
        #expect(result.status == 128 + SIGKILL)
    }

    @Test("the time limit holds while the global queues are busy")
    func timeLimitWithBusyQueues() throws {
        // The kill used to be scheduled on `.global()`: with its threads busy it waited for
        // them, and the run with it (the helper records an issue then).
        let result = try whileGlobalQueuesBusy {
            try Subprocess.run("/bin/sh", ["-c", "while :; do :; done"], input: Data(), timeLimit: .milliseconds(200))
        }
        #expect(result.timedOut)
    }

    @Test("what the program started is killed with it: its process group")
    func processGroupKilled() async throws {
        // The program starts a child that does not hold the outputs, prints its pid, and
        // waits for it.
        let result = try #require(await boundedRun("sleep 1000 </dev/null >/dev/null 2>&1 & echo $!; wait", timeLimit: .milliseconds(500)))
        #expect(result.timedOut)
        let child = try #require(pid_t(String(decoding: result.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
        // The kill is sent before the run returns; the child's end is seen a moment later.
        let gone = await bounded("the child \(child) to end") {
            while !isGone(child) { await Task.yield() }
            return true
        }
        #expect(gone == true, "the program's child \(child) outlived its time limit")
        if gone == nil { kill(child, SIGKILL) }
    }

    @Test("a child holding the outputs does not keep the run waiting past the time limit")
    func childHoldingOutputs() async throws {
        let result = try #require(await boundedRun("sleep 1000 & wait", timeLimit: .milliseconds(200)))
        #expect(result.timedOut)
    }

    @Test("a program that ends in time is reaped with its status; its output is whole")
    func endsInTime() async throws {
        let result = try #require(await boundedRun("printf 'out'; printf 'err' >&2; exit 3", timeLimit: .seconds(60)))
        #expect(!result.timedOut)
        #expect(result.status == 3)
        #expect(String(decoding: result.output, as: UTF8.self) == "out")
        #expect(String(decoding: result.errors, as: UTF8.self) == "err")
    }
}
