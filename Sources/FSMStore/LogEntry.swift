#if Store
import Foundation

/// One entry of a machine's log in a ``MachineStore``: a step, in the order they were taken.
/// Replaying the entries from the machine's creation gives its snapshot
/// (``MachineStore/replay(_:)``).
public struct LogEntry<Event: Codable & Sendable>: Sendable {
    /// What set off a step.
    public enum Cause: Sendable {
        /// An event sent with ``MachineStore/send(_:_:requestID:)``.
        case event(Event)
        /// A timer that ran out (its id, and its `After` line: its owner and its place among the
        /// owner's lines); its guard may not have held, and then the step changed nothing but
        /// the timer, which is spent.
        case timer(id: String, owner: String, position: Int)
    }

    /// Its place in the log, from 1: the machine's version after the step.
    public let sequence: Int64
    /// The id its sender gave (``MachineStore/send(_:_:requestID:)``), if any.
    public let requestID: String?
    /// When the step was taken, on the store's clock.
    public let date: Date
    /// What set it off.
    public let cause: Cause
}

extension LogEntry.Cause: Codable {
    private enum Key: String, CodingKey { case event, timer }
    private struct Timer: Codable {
        let id: String
        let owner: String
        let position: Int
    }

    /// Reads `{"event": …}` or `{"timer": {"id", "owner", "position"}}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        if let timer = try container.decodeIfPresent(Timer.self, forKey: .timer) {
            self = .timer(id: timer.id, owner: timer.owner, position: timer.position)
        } else {
            self = .event(try container.decode(Event.self, forKey: .event))
        }
    }

    /// Writes `{"event": …}` or `{"timer": {"id", "owner", "position"}}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        switch self {
        case let .event(event): try container.encode(event, forKey: .event)
        case let .timer(id, owner, position): try container.encode(Timer(id: id, owner: owner, position: position), forKey: .timer)
        }
    }
}

/// An effect of a step, kept in the store's outbox in the step's own transaction: its id is the
/// same however often it is read (`machine/sequence/position`), so a handler can perform it
/// once (an idempotency key for the service it calls).
public struct OutboxEffect<Effect: Sendable>: Sendable {
    /// `machine/sequence/position`: the machine's id, the log entry's sequence and the effect's
    /// place among the step's effects, from 0.
    public let id: String
    /// The machine's id.
    public let machineID: String
    /// The effect.
    public let effect: Effect
}

/// What ``MachineStore/send(_:_:requestID:)`` wrote: the log entry's sequence (the machine's
/// version after it) and the step's effects, in order, as written to the outbox.
public struct StoreReceipt<Effect: Sendable>: Sendable {
    /// The step's place in the machine's log.
    public let sequence: Int64
    /// Its effects, as the outbox holds them.
    public let effects: [OutboxEffect<Effect>]
    /// Whether the request had been taken already (its `requestID` was in the log): nothing
    /// was written this time, and these are the effects written then.
    public let repeated: Bool
}
#endif
