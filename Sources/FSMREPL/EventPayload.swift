import Foundation

/// Events built from a case's name and JSON, for event types that are `Decodable` (the REPL's
/// `receive {"syn": true}`): the JSON is the case's data, an object of its labelled values
/// (`unlock {"code": "4711"}`) or its one unlabelled value (`receive {"syn": true, ...}` for
/// `case receive(Segment)`), decoded as Swift's synthesised `Decodable` reads an enum.
enum EventPayload<Event> {
    /// Whether the event type can be built from JSON.
    static var isDecodable: Bool { Event.self is any Decodable.Type }

    /// The names of the fields of a case's data, as JSON spells them, in the order the type
    /// reads them (empty when unknown): for completion and for naming unknown fields.
    static func fields(of caseName: String) -> [String] {
        guard let type = Event.self as? any Decodable.Type else { return [] }
        let probe = FieldProbe(caseName: caseName)
        _ = try? probe.read(type)
        let top = probe.keys(at: [caseName])
        return top == ["_0"] ? probe.keys(at: [caseName, "_0"]) : top
    }

    /// The event of case `caseName` with the data `json`, or why not, naming the field.
    static func event(_ caseName: String, json: String) -> Result<Event, PayloadError> {
        guard let type = Event.self as? any Decodable.Type else { return .failure(PayloadError("events of this machine cannot be built from JSON")) }
        let probe = FieldProbe(caseName: caseName)
        _ = try? probe.read(type)
        let unlabelled = probe.keys(at: [caseName]) == ["_0"]
        let known = unlabelled ? probe.keys(at: [caseName, "_0"]) : probe.keys(at: [caseName])
        let data = Data(json.utf8)
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            return .failure(PayloadError("the data is not valid JSON"))
        }
        if let object = parsed as? [String: Any], !known.isEmpty {
            let unknown = object.keys.filter { !known.contains($0) }.sorted()
            if let first = unknown.first {
                return .failure(PayloadError("unknown field \(quoting: first) (fields: \(known.joined(separator: ", ")))"))
            }
        }
        let wrapped = unlabelled ? "{\(quoted(caseName)):{\"_0\":\(json)}}" : "{\(quoted(caseName)):\(json)}"
        do {
            guard let event = try decode(type, Data(wrapped.utf8)) as? Event else { return .failure(PayloadError("the data does not make a \(quoting: caseName) event")) }
            return .success(event)
        } catch let error as DecodingError {
            let base = unlabelled ? [caseName, "_0"] : [caseName]
            // A number that does not fit its field: Foundation says "not valid JSON", often
            // without the field; the field, the type and the value are known here.
            if case .dataCorrupted = error, let misfit = misfit(in: parsed, probe: probe, base: base) { return .failure(PayloadError(misfit)) }
            return .failure(PayloadError(describe(error, prefix: base.count, fields: known)))
        } catch {
            return .failure(PayloadError("the data does not make a \(quoting: caseName) event"))
        }
    }

    private static func decode<T: Decodable>(_ type: T.Type, _ data: Data) throws -> Any {
        try JSONDecoder().decode(T.self, from: data)
    }

    private static func quoted(_ text: String) -> String {
        (try? JSONSerialization.data(withJSONObject: [text], options: [])).map { String(decoding: $0.dropFirst().dropLast(), as: UTF8.self) } ?? "\"\""
    }

    /// A decoding error in the words of the data the user typed: its path without the case
    /// and `_0` around it (`prefix` coding keys).
    private static func describe(_ error: DecodingError, prefix: Int, fields: [String]) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            keys.dropFirst(prefix).map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case let .keyNotFound(key, context):
            let field = path(context.codingPath + [key])
            return "missing field \(quoting: field)"
        case let .typeMismatch(type, context):
            let field = path(context.codingPath)
            // The event's data as a whole: an object of its fields, named.
            let named = field.isEmpty && type is [String: Any].Type && !fields.isEmpty ? " (fields: \(fields.joined(separator: ", ")))" : ""
            return field.isEmpty ? "the data is not what the event holds: expected \(kind(of: type))\(named)" : "field \(quoting: field): expected \(kind(of: type))"
        case let .valueNotFound(type, context):
            return "field \(quoting: path(context.codingPath)) is null: expected \(kind(of: type))"
        case let .dataCorrupted(context):
            let field = path(context.codingPath)
            // The JSON parsed already, so Foundation's "not valid JSON" would mislead: left out.
            let why = context.debugDescription.contains("not valid JSON") ? "" : context.debugDescription
            if field.isEmpty { return "a value does not fit its field" + (why.isEmpty ? "" : " (\(why))") }
            return "field \(quoting: field): " + (why.isEmpty ? "the value does not fit" : why)
        @unknown default:
            return "the data does not make the event"
        }
    }

    /// The first field, in the order the type reads them, whose number does not fit the whole
    /// number type the field is read as (a fraction, or out of its range), said with the range
    /// and the value typed; `nil` when none is found.
    private static func misfit(in parsed: Any, probe: FieldProbe, base: [String]) -> String? {
        for (path, type) in probe.types where path.count >= base.count && Array(path.prefix(base.count)) == base {
            let field = Array(path.dropFirst(base.count))
            guard let integer = type as? any FixedWidthInteger.Type, let value = value(at: field, in: parsed), !(value is Bool),
                  let number = value as? Double ?? (value as? Int).map(Double.init), !fits(number, integer)
            else { continue }
            let typed = (try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed])).map { String(decoding: $0, as: UTF8.self) } ?? "\(value)"
            let expected = "expected \(kind(of: type)) from \(bounds(integer)), not \(typed)"
            return field.isEmpty ? "the data is not what the event holds: \(expected)" : "field \(quoting: field.joined(separator: ".")): \(expected)"
        }
        return nil
    }

    private static func fits<T: FixedWidthInteger>(_ number: Double, _ type: T.Type) -> Bool {
        number.rounded() == number && T(exactly: number) != nil
    }

    private static func bounds<T: FixedWidthInteger>(_ type: T.Type) -> String { "\(T.min) to \(T.max)" }

    /// The value at a path of object keys in parsed JSON.
    private static func value(at path: [String], in json: Any) -> Any? {
        var current: Any = json
        for key in path {
            guard let object = current as? [String: Any], let next = object[key] else { return nil }
            current = next
        }
        return current
    }

    private static func kind(of type: Any.Type) -> String {
        switch type {
        case is [String: Any].Type: "an object"
        case is [Any].Type: "a list"
        case is Bool.Type: "true or false"
        case is String.Type: "a string"
        case is Int.Type, is Int8.Type, is Int16.Type, is Int32.Type, is Int64.Type, is UInt.Type, is UInt8.Type, is UInt16.Type, is UInt32.Type, is UInt64.Type: "a whole number"
        case is Double.Type, is Float.Type: "a number"
        default: "\(type)"
        }
    }
}

/// Why JSON did not make an event: one line, naming the field.
struct PayloadError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A decoder that reads no data: it records which keys a type asks for at each path, and
/// answers with placeholder values, so that the fields of a case's data are known without
/// an instance (for completion, and to name an unknown field). The enum's container says it
/// holds exactly the case asked about.
final class FieldProbe {
    let caseName: String
    private var recorded: [[String]: [String]] = [:]

    init(caseName: String) { self.caseName = caseName }

    /// Runs the type's `init(from:)` on the probe (its result is a placeholder, dropped).
    func read<T: Decodable>(_ type: T.Type) throws -> T { try T(from: ProbeDecoder(probe: self, path: [])) }

    /// The keys asked for at a path, in order, each once.
    func keys(at path: [String]) -> [String] { recorded[path] ?? [] }

    /// The type each value was read as, by its path (keys from the top, the case first), in
    /// the order they were read.
    private(set) var types: [(path: [String], type: Any.Type)] = []

    func record(_ type: Any.Type, at path: [String]) {
        if !types.contains(where: { $0.path == path }) { types.append((path, type)) }
    }

    func record(_ key: String, at path: [String]) {
        if !(recorded[path]?.contains(key) ?? false) { recorded[path, default: []].append(key) }
    }
}

private struct ProbeDecoder: Decoder {
    let probe: FieldProbe
    let path: [String]
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(ProbeKeyed<Key>(probe: probe, path: path))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { ProbeUnkeyed() }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { ProbeSingle(probe: probe, path: path) }
}

private struct ProbeKeyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let probe: FieldProbe
    let path: [String]
    var codingPath: [any CodingKey] { [] }
    /// At the top, the one case asked about; below, none known (keys are recorded as asked).
    var allKeys: [Key] { path.isEmpty ? Key(stringValue: probe.caseName).map { [$0] } ?? [] : [] }

    func contains(_ key: Key) -> Bool { true }
    func decodeNil(forKey key: Key) throws -> Bool {
        probe.record(key.stringValue, at: path)
        return false
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        probe.record(key.stringValue, at: path)
        probe.record(T.self, at: path + [key.stringValue])
        if let value = placeholder(T.self) { return value }
        return try T(from: ProbeDecoder(probe: probe, path: path + [key.stringValue]))
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        probe.record(key.stringValue, at: path)
        return nil
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        probe.record(key.stringValue, at: path)
        return KeyedDecodingContainer(ProbeKeyed<NestedKey>(probe: probe, path: path + [key.stringValue]))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        probe.record(key.stringValue, at: path)
        return ProbeUnkeyed()
    }

    func superDecoder() throws -> any Decoder { ProbeDecoder(probe: probe, path: path) }
    func superDecoder(forKey key: Key) throws -> any Decoder { ProbeDecoder(probe: probe, path: path + [key.stringValue]) }
}

/// An array of no elements.
private struct ProbeUnkeyed: UnkeyedDecodingContainer {
    var codingPath: [any CodingKey] { [] }
    var count: Int? { 0 }
    var isAtEnd: Bool { true }
    var currentIndex: Int { 0 }
    mutating func decodeNil() throws -> Bool { true }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        throw DecodingError.valueNotFound(T.self, .init(codingPath: [], debugDescription: "probe"))
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        throw DecodingError.valueNotFound(NestedKey.self, .init(codingPath: [], debugDescription: "probe"))
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { ProbeUnkeyed() }
    mutating func superDecoder() throws -> any Decoder {
        throw DecodingError.valueNotFound(Decoder.self, .init(codingPath: [], debugDescription: "probe"))
    }
}

private struct ProbeSingle: SingleValueDecodingContainer {
    let probe: FieldProbe
    let path: [String]
    var codingPath: [any CodingKey] { [] }
    func decodeNil() -> Bool { false }
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        probe.record(T.self, at: path)
        if let value = placeholder(T.self) { return value }
        return try T(from: ProbeDecoder(probe: probe, path: path))
    }
}

/// A placeholder value of a primitive type, or `nil`.
private func placeholder<T>(_ type: T.Type) -> T? {
    let values: [Any] = [false, "", 0, Int8(0), Int16(0), Int32(0), Int64(0), UInt(0), UInt8(0), UInt16(0), UInt32(0), UInt64(0), 0.0, Float(0)]
    return values.lazy.compactMap { $0 as? T }.first
}
