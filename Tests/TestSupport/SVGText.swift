import Foundation

/// The texts Graphviz draws in an SVG, for tests that check what a drawing says.
package enum SVGText {
    /// The texts of an SVG's `<text>` elements, in drawing order, XML entities decoded.
    package static func texts(_ svg: Data) -> [String] {
        String(decoding: svg, as: UTF8.self).matches(of: #/<text[^>]*>([^<]*)</text>/#).map { match in
            String(match.output.1)
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
                .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&#45;", with: "-")
                .replacingOccurrences(of: "&#160;", with: " ").replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
        }
    }

    /// Whether `label` is drawn whole: as one text, or as up to three texts one after the
    /// other (a long label's guard and effects on lines of their own), each name unbroken.
    /// Spaces at the ends of each line are not compared.
    package static func drawsLabel(_ label: String, in texts: [String]) -> Bool {
        let trimmed = texts.map { $0.trimmingCharacters(in: .whitespaces) }
        let wanted = label.trimmingCharacters(in: .whitespaces)
        return trimmed.indices.contains { start in
            (1...3).contains { count in start + count <= trimmed.count && trimmed[start..<start + count].joined(separator: " ") == wanted }
        }
    }
}
