import FSM

/// JSON text written for a page: every string escaped so that the JSON can sit inside an
/// HTML `<script>` element whatever the names say (see `JSON.string(_:forHTML:)`).
enum ExplorerJSON {
    static func string(_ value: String) -> String {
        JSON.string(value, forHTML: true)
    }

    static func array(_ items: [String]) -> String {
        "[" + items.joined(separator: ",") + "]"
    }

    static func strings(_ items: [String]) -> String {
        array(items.map(string))
    }

    static func object(_ fields: [(String, String)]) -> String {
        "{" + fields.map { string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    static func optional(_ value: String?) -> String {
        value.map(string) ?? "null"
    }
}
