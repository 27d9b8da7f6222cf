import Foundation
import FSMPersistence
import UseCases

/// The app saved when it may be killed: the screens (the login screen's machine with the ID
/// typed, and the home screen's with the user loaded when it is on top: which screen shows
/// follows from the login machine's state) and the time on the session's clock, so that
/// `fsm app` started again shows the same screen. Never the password (see
/// `LoginScreenSnapshot`).
public struct AppSnapshot: Codable, Sendable, Hashable {
    /// The version of this document that this app writes and reads.
    public static let currentFormat = 1

    /// The document's format.
    public var format: Int
    /// The session's clock when it was saved, in seconds (the `t=` of the screen).
    public var seconds: Double
    /// The screens.
    public var screens: LoginScreenSnapshot

    /// The app as saved: its screens at `seconds` on its clock.
    public init(format: Int = AppSnapshot.currentFormat, seconds: Double, screens: LoginScreenSnapshot) {
        self.format = format
        self.seconds = seconds
        self.screens = screens
    }

    /// The document as JSON, keys sorted, ending with a newline.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        return try encoder.encode(self) + Data("\n".utf8)
    }

    /// Reads a document: its format first, so that a document of another format is named so
    /// (and not reported as a missing key of this one).
    /// - Throws: ``AppStateError`` saying, in a few words, what is wrong with it.
    public static func decode(_ data: Data) throws(AppStateError) -> AppSnapshot {
        struct Format: Decodable { var format: Int }
        let format: Int
        do {
            format = try JSONDecoder().decode(Format.self, from: data).format
        } catch {
            guard (try? JSONSerialization.jsonObject(with: data)) != nil else { throw AppStateError("it is not JSON (a truncated or damaged file)") }
            throw AppStateError("it is JSON but not a saved state of the app (no format)")
        }
        guard format == currentFormat else {
            throw AppStateError("it is written in format \(format); this fsm reads format \(currentFormat)")
        }
        do {
            return try JSONDecoder().decode(AppSnapshot.self, from: data)
        } catch {
            throw AppStateError("it is not a saved state of the app in format \(currentFormat) (\(Self.path(of: error)))")
        }
    }

    /// Where a decoding error is, in a few words.
    private static func path(of error: any Error) -> String {
        let context: DecodingError.Context? = switch error as? DecodingError {
        case let .keyNotFound(key, context)?: DecodingError.Context(codingPath: context.codingPath + [key], debugDescription: "missing")
        case let .typeMismatch(_, context)?, let .valueNotFound(_, context)?, let .dataCorrupted(context)?: context
        default: nil
        }
        guard let context else { return "unreadable" }
        let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        return path.isEmpty ? "unreadable" : "at '\(path)'"
    }
}

/// Why a saved state was not used or not written: one clause, e.g. `it is not JSON (a
/// truncated or damaged file)`.
public struct AppStateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The clause.
    public let description: String

    /// The error saying `description`.
    public init(_ description: String) {
        self.description = description
    }
}
