/// "Did you mean": the closest of some names to a misspelt one.
package enum Suggestion {
    /// The best guess at what a misspelt or shortened name meant (ignoring case): first a
    /// candidate that starts with `input` (at least 2 characters; `fail(auth)` also matches
    /// `fail(authentication)`: the payload may be shortened), then the candidate closest by
    /// edit distance if it is close enough to be a typo (at most a third of the longer
    /// name's length, at least 1 edit); ties go to the earlier candidate.
    package static func closest(to input: String, in candidates: [String]) -> String? {
        let lowered = Array(input.lowercased())
        guard !lowered.isEmpty else { return nil }
        if lowered.count >= 2 {
            let stem = lowered.last == ")" && lowered.contains("(") ? String(lowered.dropLast()) : String(lowered)
            if let prefixed = candidates.first(where: { $0.lowercased().hasPrefix(stem) && $0.count > stem.count }) { return prefixed }
        }
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let other = Array(candidate.lowercased())
            let distance = editDistance(lowered, other)
            let allowed = max(1, max(lowered.count, other.count) / 3)
            if distance <= allowed, distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// The Levenshtein distance between two character arrays.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
