/// A line diff in the spirit of `diff -u`, for messages.
package enum LineDiff {
    /// Lines removed (`-`, committed) and added (`+`, generated), each hunk with two lines of
    /// context and its line numbers; at most `limit` lines of output.
    package static func unified(old: String, new: String, limit: Int = 60) -> String {
        let a = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let b = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let edits = script(a, b)
        var out: [String] = ["--- committed", "+++ generated"]
        var index = 0
        while index < edits.count {
            guard let start = edits[index...].firstIndex(where: { $0.kind != .same }) else { break }
            var end = start
            // Extend the hunk while changes are at most four unchanged lines apart.
            while let next = edits[(end + 1)...].firstIndex(where: { $0.kind != .same }), next - end <= 5 { end = next }
            let from = max(0, start - 2), to = min(edits.count - 1, end + 2)
            out.append("@@ committed line \(edits[from].oldLine + 1), generated line \(edits[from].newLine + 1) @@")
            for edit in edits[from...to] {
                switch edit.kind {
                case .same: out.append("  " + edit.text)
                case .removed: out.append("- " + edit.text)
                case .added: out.append("+ " + edit.text)
                }
            }
            index = to + 1
            if out.count > limit { break }
        }
        if out.count > limit { out = Array(out.prefix(limit)) + ["... (diff cut at \(limit) lines)"] }
        return out.joined(separator: "\n")
    }

    struct Edit {
        enum Kind { case same, removed, added }
        let kind: Kind
        let text: String
        let oldLine: Int
        let newLine: Int
    }

    /// The edit script from `a` to `b` (longest common subsequence; for very long texts,
    /// the common prefix and suffix with everything between replaced).
    static func script(_ a: [String], _ b: [String]) -> [Edit] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let midA = Array(a[prefix..<(a.count - suffix)]), midB = Array(b[prefix..<(b.count - suffix)])
        var edits = (0..<prefix).map { Edit(kind: .same, text: a[$0], oldLine: $0, newLine: $0) }
        let n = midA.count, m = midB.count
        if n * m <= 4_000_000 {
            // lengths[i][j]: the LCS length of midA[i...] and midB[j...].
            var lengths = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
            for i in stride(from: n - 1, through: 0, by: -1) {
                for j in stride(from: m - 1, through: 0, by: -1) {
                    lengths[i][j] = midA[i] == midB[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
                }
            }
            var i = 0, j = 0
            while i < n || j < m {
                if i < n, j < m, midA[i] == midB[j] {
                    edits.append(Edit(kind: .same, text: midA[i], oldLine: prefix + i, newLine: prefix + j)); i += 1; j += 1
                } else if i < n, j == m || lengths[i + 1][j] >= lengths[i][j + 1] {
                    edits.append(Edit(kind: .removed, text: midA[i], oldLine: prefix + i, newLine: prefix + j)); i += 1
                } else {
                    edits.append(Edit(kind: .added, text: midB[j], oldLine: prefix + i, newLine: prefix + j)); j += 1
                }
            }
        } else {
            edits += midA.enumerated().map { Edit(kind: .removed, text: $0.element, oldLine: prefix + $0.offset, newLine: prefix) }
            edits += midB.enumerated().map { Edit(kind: .added, text: $0.element, oldLine: prefix + n, newLine: prefix + $0.offset) }
        }
        edits += (0..<suffix).map { k in
            Edit(kind: .same, text: a[a.count - suffix + k], oldLine: a.count - suffix + k, newLine: b.count - suffix + k)
        }
        return edits
    }
}
