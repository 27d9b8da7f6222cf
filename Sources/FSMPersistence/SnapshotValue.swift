import Foundation

/// A JSON value inside a snapshot: a runtime's queued events and the context, kept as the
/// JSON they encode to, so that ``MachineSnapshot`` stays one `Codable` type whatever the
/// machine's types are, and a migration can read and rewrite them by their keys.
///
/// Whole numbers are kept as `Int64` (a `Double` would round those above 2^53).
public enum SnapshotValue: Codable, Sendable, Hashable {
    /// JSON `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number without a fraction or an exponent that fits in 64 bits.
    case integer(Int64)
    /// Any other number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array, in order.
    case array([SnapshotValue])
    /// An object, by its keys (written in the encoder's key order: sorted with `.sortedKeys`).
    case object([String: SnapshotValue])

    /// The JSON `value` encodes to (with `JSONEncoder`).
    /// - Throws: What encoding `value` throws (`EncodingError`).
    public init<Value: Encodable>(encoding value: Value) throws {
        let data = try JSONEncoder().encode(value)
        self = try JSONDecoder().decode(SnapshotValue.self, from: data)
    }

    /// The value of type `type` this JSON decodes to (with `JSONDecoder`).
    /// - Throws: What decoding throws (`DecodingError`) when it is not one.
    public func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        try JSONDecoder().decode(type, from: JSONEncoder().encode(self))
    }

    /// The JSON value `decoder` holds: `null`, a boolean, a whole number (as ``integer(_:)``
    /// when it fits in `Int64`), another number, a string, an array or an object.
    /// - Throws: `DecodingError` when it holds none of these.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([SnapshotValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: SnapshotValue].self))
        }
    }

    /// Writes the value as the JSON it is.
    /// - Throws: What `encoder` throws (`EncodingError`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case let .bool(value): try container.encode(value)
        case let .integer(value): try container.encode(value)
        case let .number(value): try container.encode(value)
        case let .string(value): try container.encode(value)
        case let .array(value): try container.encode(value)
        case let .object(value): try container.encode(value)
        }
    }
}
