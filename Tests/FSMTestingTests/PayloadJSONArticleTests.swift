import FSM
import FSMREPL
import Foundation
import Testing

/// The badge reader of the article "Events with data": a labelled field, an unlabelled
/// value, and a case without data, `Codable` so that the REPL reads their data as JSON.
enum Reader: String, Hashable, Sendable, CustomStringConvertible {
    case idle, reading
    var description: String { rawValue }
}

enum BadgeEvent: MachineEvent, Hashable, Sendable, Codable {
    case badge(id: UInt16, name: String)
    case pin(Int)
    case reset

    enum Key: String, MachineEvent, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        case badge, pin, reset
        var description: String { rawValue }
    }

    var key: Key {
        switch self {
        case .badge: .badge
        case .pin: .pin
        case .reset: .reset
        }
    }
}

let badgeReader = MachineDefinition<Reader, BadgeEvent, String, Void>(name: "reader", initial: .idle) {
    In(.idle) {
        On(.badge, to: .reading, guard: Guard<BadgeEvent>("known badge") { if case let .badge(id, _) = $0 { id < 1000 } else { false } }, emit: "greet")
        Ignore(.badge, .pin, .reset)
    }
    In(.reading) {
        Internal(.pin, guard: Guard<BadgeEvent>("pin ok") { if case let .pin(pin) = $0 { pin == 4711 } else { false } }, emit: "open")
        Ignore(.pin)
        On(.reset, to: .idle)
        Ignore(.badge)
    }
}

@Suite("The REPL's JSON for events with data, as the article shows it")
struct PayloadJSONArticleTests {
    @Test("each line of the article's transcript prints what the article says")
    func transcript() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let article = try String(contentsOf: root.appendingPathComponent("Sources/FSM/Documentation.docc/EventsWithData.md"), encoding: .utf8)
        let start = try #require(article.range(of: "```text\n> badge"))
        let end = try #require(article.range(of: "\n```", range: start.upperBound..<article.endIndex))
        let lines = article[article.index(start.lowerBound, offsetBy: 8)..<end.lowerBound].split(separator: "\n").map(String.init)
        let session = try REPLSession(badgeReader)
        var printed: [String] = []
        for line in lines where line.hasPrefix("> ") {
            printed += ["\(line)", session.handle(String(line.dropFirst(2))).text]
        }
        #expect(printed == lines)
        #expect(lines.count == 12)
    }
}
