#if canImport(Glibc)
import Glibc
#endif

/// Nanoseconds of the monotonic clock.
@inline(never)
func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Runs `body` `repetitions` times and returns the fastest run's nanoseconds per event and
/// its checksum (printed, so that nothing is optimised away).
func measure(events: Int, repetitions: Int = 9, _ body: () -> UInt64) -> (ns: Double, checksum: UInt64) {
    var best = UInt64.max
    var checksum: UInt64 = 0
    for _ in 0..<repetitions {
        let start = now()
        checksum = body()
        best = min(best, now() - start)
    }
    return (Double(best) / Double(events), checksum)
}

/// A deterministic generator for the random workloads.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// `value` with `digits` decimals (no Foundation here).
func fixed(_ value: Double, _ digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    var text = String(rounded)
    if let dot = text.firstIndex(of: ".") {
        let decimals = text.distance(from: dot, to: text.endIndex) - 1
        if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
        if digits == 0 { text = String(text[..<dot]) }
    }
    return text
}

/// One way of running a workload, measured in rounds beside the others.
struct Contender {
    let name: String
    let run: () -> UInt64
}

/// What the rounds measured of one contender: ns per event per round, and its checksum.
struct Measured {
    let name: String
    let perRound: [Double]
    let checksum: UInt64

    var median: Double { perRound.sorted()[perRound.count / 2] }
    var min: Double { perRound.min() ?? 0 }
    var max: Double { perRound.max() ?? 0 }

    /// The median over rounds of this contender's time divided by the baseline's in the
    /// same round.
    func ratio(to baseline: Measured) -> (median: Double, min: Double, max: Double) {
        let ratios = zip(perRound, baseline.perRound).map { $0 / $1 }.sorted()
        return (ratios[ratios.count / 2], ratios.first ?? 0, ratios.last ?? 0)
    }
}

/// Runs every contender once per round, in turn, for `rounds` rounds (after one warm-up
/// round), so that a slower or faster period of the machine touches all of them alike.
func interleaved(_ contenders: [Contender], events: Int, rounds: Int = 15) -> [Measured] {
    var times = [[Double]](repeating: [], count: contenders.count)
    var checksums = [UInt64](repeating: 0, count: contenders.count)
    for round in 0...rounds {
        for (index, contender) in contenders.enumerated() {
            let start = now()
            checksums[index] = contender.run()
            let elapsed = Double(now() - start) / Double(events)
            if round > 0 { times[index].append(elapsed) }
        }
    }
    return contenders.indices.map { Measured(name: contenders[$0].name, perRound: times[$0], checksum: checksums[$0]) }
}
