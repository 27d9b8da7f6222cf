import APIServices
import Testing
import TestSupport

@Suite("Clocks")
struct ClockTests {
    @Test("a manual clock resumes sleepers in deadline order, only when advanced far enough")
    func manualClock() async throws {
        let clock = ManualClock()
        let order = OrderRecorder()
        let late = Task { try await clock.sleep(for: .seconds(5)); await order.append("late") }
        let early = Task { try await clock.sleep(for: .seconds(2)); await order.append("early") }
        await clock.awaitSleepers(2)
        clock.advance(by: .seconds(1))
        #expect(clock.sleeperCount == 2)
        clock.advance(by: .seconds(1))
        try await early.value(waitingFor: "the early task to end")
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .seconds(3))
        try await late.value(waitingFor: "the late task to end")
        #expect(await order.items == ["early", "late"])
    }

    @Test("a sleep whose deadline has passed returns at once; a cancelled one throws")
    func pastAndCancelled() async {
        let clock = ManualClock()
        clock.advance(by: .seconds(10))
        await #expect(throws: Never.self) { try await clock.sleep(until: .init(offset: .seconds(3))) }
        let task = Task { try await clock.sleep(for: .seconds(1)) }
        await clock.awaitSleepers(1)
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value(waitingFor: "the action to end") }
        #expect(clock.sleeperCount == 0)
    }

    @Test("a scaled clock runs faster than real time")
    func scaled() {
        let clock = ScaledClock(speed: 1_000)
        #expect(clock.speed == 1_000)
        let start = clock.now
        let later = start.advanced(by: .seconds(3))
        #expect(start.duration(to: later) == .seconds(3))
        #expect(ScaledClock(speed: 0).speed == 0.001)
    }

    @Test("the seeded generator repeats its sequence")
    func seeded() {
        var a = SeededGenerator(seed: 42)
        var b = SeededGenerator(seed: 42)
        var c = SeededGenerator(seed: 43)
        let first = (0..<8).map { _ in a.next() }
        #expect(first == (0..<8).map { _ in b.next() })
        #expect(first != (0..<8).map { _ in c.next() })
    }
}

actor OrderRecorder {
    private(set) var items: [String] = []
    func append(_ item: String) { items.append(item) }
}
