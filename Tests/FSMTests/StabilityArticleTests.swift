import Foundation
import Testing

/// The Stability article's table against the pinned API files it describes.
@Suite("The Stability article lists every product's pinned surface as committed")
struct StabilityArticleTests {
    /// The article's rows: product, stability, declarations.
    static func rows() throws -> [(product: String, stability: String, count: Int)] {
        try packageFile("Sources/FSM/Documentation.docc/Stability.md").split(separator: "\n").compactMap { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 5, cells[1].hasPrefix("`"), let count = Int(cells[3]) else { return nil }
            return (cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`")), cells[2], count)
        }
    }

    /// The declarations pinned for a product: the lines of `API/PRODUCT.txt` that are not
    /// conformances.
    static func pinned(_ product: String) throws -> Int {
        try packageFile("API/\(product).txt").split(separator: "\n")
            .filter { !$0.contains(": conforms to ") && !$0.contains(": inherits from ") }.count
    }

    @Test("one row per API file, each with the count of its declarations")
    func countsMatchTheFiles() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let files = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("API").path)
            .filter { $0.hasSuffix(".txt") }.map { String($0.dropLast(4)) }.sorted()
        let rows = try Self.rows()
        #expect(rows.map(\.product).sorted() == files)
        for row in rows {
            let pinned = try Self.pinned(row.product)
            #expect(pinned == row.count, "Stability.md says \(row.product) has \(row.count) declarations; API/\(row.product).txt has \(pinned)")
        }
    }

    @Test("the tools and the new store are not stable, every library they build on is")
    func stabilityByProduct() throws {
        for row in try Self.rows() {
            let tool = ["FSMREPL", "FSMTerminal", "FSMTool", "FSMStore", "FSMStorePostgres"].contains(row.product)
            #expect(row.stability == (tool ? "not stable" : "source-stable"), "\(row.product): \(row.stability)")
        }
    }
}
