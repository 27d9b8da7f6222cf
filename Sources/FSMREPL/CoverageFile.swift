import Foundation
import FSM
import FSMCoverage

/// Coverage files: a ``Coverage`` as JSON, written by `repl --coverage-out` and read by
/// `coverage`, `dot --coverage` and `mermaid --coverage`.
package enum CoverageFile {
    /// The JSON text of a coverage: pretty-printed with sorted keys, so that two recordings of
    /// the same session are the same bytes.
    package static func text(_ coverage: Coverage) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings and integers cannot fail.
        let data = (try? encoder.encode(coverage)) ?? Data("{\"machines\":[]}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// Reads the coverage of one machine from files and adds them up, starting from `empty`
    /// (the machine as it is now: every file must match it).
    ///
    /// - Throws: ``CoverageFileError`` naming the file: unreadable, not a coverage file, holding
    ///   no coverage of the machine, or recorded from another version of it.
    package static func read(_ paths: [String], resolvedBy resolve: (String) -> String, of empty: MachineCoverage) throws(CoverageFileError) -> MachineCoverage {
        try sum(paths, resolvedBy: resolve, of: empty).total
    }

    /// Reads and adds up coverage files as ``read(_:resolvedBy:of:)`` does, in time linear in
    /// their total size; the sum says whether a count saturated (stopped at `Int.max`: counts
    /// add up saturating, so that no number of files can overflow them).
    package static func sum(_ paths: [String], resolvedBy resolve: (String) -> String, of empty: MachineCoverage) throws(CoverageFileError) -> CoverageTotal {
        var total = CoverageTotal(empty)
        for path in paths {
            let data: Data
            do {
                // Only a regular file, opened without waiting: a FIFO or a device is refused
                // with what it is, and never blocks.
                data = Data(try ScriptFile.bytes(of: resolve(path), kind: "a coverage file"))
            } catch {
                throw CoverageFileError(path: path, problem: "cannot be read: \(error.description)")
            }
            let coverage: Coverage
            do {
                coverage = try JSONDecoder().decode(Coverage.self, from: data)
            } catch {
                throw CoverageFileError(path: path, problem: "is not a coverage file (\(describe(error)))")
            }
            if let bad = coverage.machines.lazy.compactMap(\.countOutOfRange).first {
                throw CoverageFileError(path: path, problem: "is not a coverage file (\(bad))")
            }
            let named = coverage.machines.filter { $0.machine == empty.machine }
            guard let first = named.first else {
                let names = coverage.machines.map { "\(quoting: $0.machine)" }.joined(separator: ", ")
                throw CoverageFileError(path: path, problem: "holds no coverage of \(quoting: empty.machine) (it has: \(names.isEmpty ? "none" : names))")
            }
            // Machines of one name and other shapes (other parameters) are not this one.
            let matching = named.filter { $0.shapeDifference(from: empty) == nil }
            guard !matching.isEmpty else {
                throw CoverageFileError(path: path, problem: "was recorded from another version of \(quoting: empty.machine) (the file's, then the machine's): \(first.shapeDifference(from: empty) ?? "")")
            }
            for machine in matching {
                do {
                    try total.add(machine)
                } catch {
                    throw CoverageFileError(path: path, problem: "was recorded from another version of \(quoting: empty.machine): \(error.difference)")
                }
            }
        }
        return total
    }

    /// A decoding error in one line: what is wrong and where.
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "not JSON" }
        func place(_ path: [any CodingKey]) -> String {
            path.isEmpty ? "at the top" : "at " + path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        }
        switch error {
        case let .dataCorrupted(context): return context.codingPath.isEmpty ? "not JSON" : "a wrong value \(place(context.codingPath))"
        case let .keyNotFound(key, context): return "\(quoting: key.stringValue) missing \(place(context.codingPath))"
        case let .typeMismatch(_, context), let .valueNotFound(_, context): return "a wrong value \(place(context.codingPath))"
        @unknown default: return "not a coverage"
        }
    }
}

/// A coverage file that cannot be used, and why.
package struct CoverageFileError: Error, CustomStringConvertible {
    package let path: String
    package let problem: String

    /// `'cov.json' is not a coverage file (...)`.
    package var description: String { "\(quoting: path) \(problem)" }
}

extension MachineCoverage {
    /// The largest count a coverage file may hold (2^48). Sums of counts saturate at
    /// `Int.max` (``CoverageCount``): 32,768 files at this count reach it.
    static let largestCount = 1 << 48

    /// The first count that is negative or too large, in words; `nil` when all are sound.
    var countOutOfRange: String? {
        func bad(_ count: Int) -> Bool { count < 0 || count > Self.largestCount }
        if let state = states.first(where: { bad($0.entered) }) { return "a count out of range for state \(quoting: state.state)" }
        for cell in cells where bad(cell.ignored) || bad(cell.refused) || cell.lines.contains(where: { bad($0.taken) || bad($0.guardFailed) }) {
            return "a count out of range in cell (\(cell.state), \(cell.event))"
        }
        if let pair = pairs.first(where: { bad($0.count) }) { return "a count out of range for the pair \(pair.first) then \(pair.second)" }
        return nil
    }
}
