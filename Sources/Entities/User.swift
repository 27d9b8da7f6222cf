/// The user shown on the home screen.
public struct User: Identifiable, Equatable, Codable, Sendable {
    /// The user's ID, as typed on the login screen.
    public let id: ID
    /// The display name.
    public var name: String
    /// A short self-introduction.
    public var introduction: String

    /// Creates a user.
    public init(id: User.ID, name: String, introduction: String) {
        self.id = id
        self.name = name
        self.introduction = introduction
    }

    /// A user's ID: a string with its own type. Encodes as the bare string.
    public struct ID: RawRepresentable, Hashable, Sendable {
        /// The ID's text.
        public let rawValue: String

        /// Creates an ID from its text.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }
    }
}

extension User.ID: Codable {
    /// Decodes an ID from a bare string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.init(rawValue: try container.decode(String.self))
    }

    /// Encodes the ID as a bare string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

extension User.ID: ExpressibleByStringLiteral {
    /// Creates an ID from a string literal: `let id: User.ID = "koher"`.
    public init(stringLiteral value: String) {
        self.init(rawValue: value)
    }
}

extension User.ID: CustomStringConvertible {
    /// The ID's text.
    public var description: String { rawValue }
}
