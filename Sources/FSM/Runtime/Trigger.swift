/// What set a transition off: an event sent to the machine, or a timer of the state it was in
/// (an ``After`` line) that ran out.
package enum Trigger<Event: Hashable & Sendable>: Hashable, Sendable {
    /// An event (its key: the caller holds the event itself, with its data).
    case event(Event)
    /// A timer: the state (or a parent of it) had been active this long.
    case after(Duration)
}

extension Trigger: CustomStringConvertible {
    /// The event as `String(describing:)` names it, or `after 30 s`, `after 500 ms`, as tables
    /// and diagrams label a timer.
    package var description: String {
        switch self {
        case let .event(event): String(describing: event)
        case let .after(duration): "after " + DurationText.words(duration)
        }
    }
}

/// Durations in the words tables, diagrams and the REPL use.
package enum DurationText {
    /// `30 s`, `500 ms`, `1500 ms`, `250 µs`, `10001 ns`, `0 s`: whole seconds in seconds, whole
    /// milliseconds in milliseconds, and so on to nanoseconds; anything finer in seconds.
    package static func words(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        if attoseconds == 0 { return "\(seconds) s" }
        let perMillisecond: Int64 = 1_000_000_000_000_000, perMicrosecond: Int64 = 1_000_000_000_000
        if seconds.magnitude < UInt64(Int64.max / 1_000_000), attoseconds % perMillisecond == 0 { return "\(seconds * 1000 + attoseconds / perMillisecond) ms" }
        if seconds.magnitude < UInt64(Int64.max / 1_000_000), attoseconds % perMicrosecond == 0 { return "\(seconds * 1_000_000 + attoseconds / perMicrosecond) µs" }
        let perNanosecond: Int64 = 1_000_000_000
        if seconds.magnitude < UInt64(Int64.max / 1_000_000_000), attoseconds % perNanosecond == 0 { return "\(seconds * 1_000_000_000 + attoseconds / perNanosecond) ns" }
        let value = Double(seconds) + Double(attoseconds) / 1e18
        return "\(value) s"
    }

    /// Reads `30s`, `30 s`, `500ms`, `2min`, `1.5s`, `250us`/`250µs`, `1h`: a number and a unit.
    package static func parse(_ text: String) -> Duration? {
        let trimmed = text.filter { $0 != " " }
        guard let split = trimmed.firstIndex(where: { !($0.isNumber || $0 == ".") }) else { return nil }
        guard let value = Double(trimmed[..<split]), value.isFinite, value >= 0 else { return nil }
        let scale: Double
        switch trimmed[split...] {
        case "h": scale = 3600
        case "min", "m": scale = 60
        case "s": scale = 1
        case "ms": scale = 1e-3
        case "us", "µs": scale = 1e-6
        case "ns": scale = 1e-9
        default: return nil
        }
        let seconds = value * scale
        guard seconds < 1e15 else { return nil }
        let whole = seconds.rounded(.down)
        return .seconds(Int64(whole)) + .nanoseconds(Int64(((seconds - whole) * 1e9).rounded()))
    }
}
