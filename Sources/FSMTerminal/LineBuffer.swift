/// The line being edited: its characters, the cursor, and the history to recall from.
/// Pure state, so every key's effect is tested without a terminal.
package struct LineBuffer: Sendable, Equatable {
    /// The characters of the line.
    package private(set) var characters: [Character] = [] {
        didSet { utf8Count = characters.reduce(0) { $0 + $1.utf8.count } }
    }
    /// The line's length in UTF-8 bytes, kept as it changes: measuring it costs nothing
    /// per key (a key beyond the limit is dropped without building the line's text).
    package private(set) var utf8Count = 0
    /// The cursor: how many characters are before it.
    package private(set) var cursor = 0
    /// Earlier lines, oldest first.
    package private(set) var history: [String]
    /// Which history entry is shown (`history.count`: the line being typed).
    private var historyIndex: Int
    /// The line being typed, kept while history is browsed.
    private var draft: [Character] = []

    /// An empty line over a history.
    package init(history: [String] = []) {
        self.history = history
        historyIndex = history.count
    }

    /// The line as text.
    package var text: String { String(characters) }

    /// The text before the cursor.
    package var textBeforeCursor: String { String(characters[..<cursor]) }

    /// Applies an editing key; returns whether anything changed. Keys that are not about
    /// editing (Enter, Tab, Ctrl-C, Ctrl-D, Ctrl-L) change nothing here.
    @discardableResult
    package mutating func apply(_ key: Key) -> Bool {
        let before = (characters, cursor)
        switch key {
        case let .character(character): insert(String(character))
        case .backspace:
            if cursor > 0 {
                characters.remove(at: cursor - 1)
                cursor -= 1
            }
        case .delete:
            if cursor < characters.count { characters.remove(at: cursor) }
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(characters.count, cursor + 1)
        case .home: cursor = 0
        case .end: cursor = characters.count
        case .wordLeft: cursor = wordStart(before: cursor)
        case .wordRight: cursor = wordEnd(after: cursor)
        case .deleteWordBackward:
            let start = wordStart(before: cursor)
            characters.removeSubrange(start..<cursor)
            cursor = start
        case .deleteToEnd: characters.removeSubrange(cursor...)
        case .deleteToStart:
            characters.removeSubrange(..<cursor)
            cursor = 0
        case .up: recall(historyIndex - 1)
        case .down: recall(historyIndex + 1)
        case .enter, .tab, .interrupt, .endOfInput, .clearScreen, .suspend, .ignored: break
        }
        return before.0 != characters || before.1 != cursor
    }

    /// Inserts text at the cursor (what is typed, pasted or completed).
    package mutating func insert(_ text: String) {
        characters.insert(contentsOf: text, at: cursor)
        cursor += text.count
    }

    /// Ends the line: returns its text, adds it to the history without trailing spaces
    /// (unless blank or the same as the last entry) and starts an empty line.
    package mutating func accept() -> String {
        let line = text
        var entry = line
        while entry.last?.isWhitespace == true { entry.removeLast() }
        if !entry.isEmpty, history.last != entry { history.append(entry) }
        clear()
        return line
    }

    /// Empties the line (history browsing starts again from the newest entry).
    package mutating func clear() {
        characters = []
        cursor = 0
        draft = []
        historyIndex = history.count
    }

    private mutating func recall(_ index: Int) {
        guard index >= 0, index <= history.count, index != historyIndex else { return }
        if historyIndex == history.count { draft = characters }
        historyIndex = index
        characters = index == history.count ? draft : Array(history[index])
        cursor = characters.count
    }

    private func wordStart(before position: Int) -> Int {
        var index = position
        while index > 0, characters[index - 1].isWhitespace { index -= 1 }
        while index > 0, !characters[index - 1].isWhitespace { index -= 1 }
        return index
    }

    private func wordEnd(after position: Int) -> Int {
        var index = position
        while index < characters.count, characters[index].isWhitespace { index += 1 }
        while index < characters.count, !characters[index].isWhitespace { index += 1 }
        return index
    }
}

/// What Tab does with the candidates for the word before the cursor.
package enum Completion: Equatable, Sendable {
    /// Replace the word with this text: the only candidate and a space, or the candidates'
    /// longest common prefix when it is longer than the word.
    case replace(String)
    /// Nothing to add; these are the candidates to list.
    case list([String])
    /// No candidate.
    case none

    /// The completion of `word` among `candidates` (those that do not start with `word` are
    /// left out; case is ignored when no candidate matches it exactly).
    package static func complete(_ word: String, among candidates: [String]) -> Completion {
        var matches = candidates.filter { $0.hasPrefix(word) }
        if matches.isEmpty { matches = candidates.filter { $0.lowercased().hasPrefix(word.lowercased()) } }
        var unique: [String] = []
        for match in matches where !unique.contains(match) { unique.append(match) }
        guard let first = unique.first else { return .none }
        if unique.count == 1 { return .replace(first + " ") }
        var common = Array(first)
        for other in unique.dropFirst() {
            common = zip(common, other).prefix { $0 == $1 }.map(\.0)
        }
        return common.count > word.count ? .replace(String(common)) : .list(unique)
    }
}

extension LineBuffer {
    /// The word before the cursor (after the last space), which Tab completes.
    package var wordBeforeCursor: String {
        String(characters[..<cursor].reversed().prefix { !$0.isWhitespace }.reversed())
    }

    /// Replaces the word before the cursor.
    package mutating func replaceWordBeforeCursor(with text: String) {
        let start = cursor - wordBeforeCursor.count
        characters.replaceSubrange(start..<cursor, with: Array(text))
        cursor = start + text.count
    }
}
