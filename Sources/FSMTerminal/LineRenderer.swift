/// Draws the prompt and the line on the terminal's current row: the only place that writes
/// escape sequences for the editor. A line wider than the terminal scrolls sideways, so it
/// never wraps (a wrapped line cannot be redrawn in place, and a resize would garble it).
package enum LineRenderer {
    /// The bytes that redraw `prompt` and `buffer` from the start of the row, with the
    /// cursor left where it belongs, for a terminal `width` columns wide. The prompt and
    /// the line are shown with ``TerminalText/visible(_:)``.
    package static func render(prompt: String, buffer: LineBuffer, width: Int) -> String {
        let shownPrompt = TerminalText.visible(prompt)
        let promptColumns = TerminalText.columns(shownPrompt)
        let room = max(1, width - promptColumns - 1)
        let cells = buffer.characters.map { (text: TerminalText.visible(String($0)), columns: TerminalText.columns($0)) }
        let cursor = buffer.cursor
        // The first character shown: 0 while the cursor fits, otherwise as far right as
        // keeps the cursor on screen.
        var start = 0
        var beforeCursor = cells[..<cursor].reduce(0) { $0 + $1.columns }
        while beforeCursor >= room, start < cursor {
            beforeCursor -= cells[start].columns
            start += 1
        }
        var shown = ""
        var used = 0
        for cell in cells[start...] {
            guard used + cell.columns <= room else { break }
            shown += cell.text
            used += cell.columns
        }
        let column = promptColumns + beforeCursor
        return "\r" + shownPrompt + shown + "\u{1B}[K" + "\r" + (column > 0 ? "\u{1B}[\(column)C" : "")
    }

    /// The bytes that clear the current row (before printing above the line).
    package static let clearRow = "\r\u{1B}[K"

    /// The bytes that clear the screen and home the cursor (Ctrl-L).
    package static let clearScreen = "\u{1B}[H\u{1B}[2J"

    /// Candidates laid out in columns for a terminal `width` wide, one string with line breaks.
    package static func columns(_ items: [String], width: Int) -> String {
        let shown = items.map(TerminalText.visible)
        let cell = (shown.map(TerminalText.columns).max() ?? 0) + 2
        let perRow = max(1, width / max(1, cell))
        var rows: [String] = []
        var index = 0
        while index < shown.count {
            let row = shown[index..<min(shown.count, index + perRow)]
            rows.append(row.map { $0 + String(repeating: " ", count: cell - TerminalText.columns($0)) }.joined().trimmingTrailingSpaces)
            index += perRow
        }
        return rows.joined(separator: "\n")
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
