import Entities
import Foundation
import Testing

@Suite("Entities")
struct UserTests {
    @Test("User.ID encodes as the bare string and decodes back")
    func idCoding() throws {
        let user = User(id: "koher", name: "Yuta Koshizawa", introduction: "Swift")
        let data = try JSONEncoder().encode(user.id)
        #expect(String(decoding: data, as: UTF8.self) == "\"koher\"")
        #expect(try JSONDecoder().decode(User.ID.self, from: data) == "koher")
        let roundTrip = try JSONDecoder().decode(User.self, from: JSONEncoder().encode(user))
        #expect(roundTrip == user)
    }

    @Test("User.ID reads as its raw value")
    func idText() {
        let id: User.ID = "koher"
        #expect(id.rawValue == "koher")
        #expect(id.description == "koher")
        #expect("\(id)" == "koher")
        #expect(User.ID(rawValue: "a") != User.ID(rawValue: "b"))
    }

    @Test("errors carry their causes and messages")
    func errors() {
        let network = NetworkError(cause: GeneralError(message: "Timeout."))
        #expect((network.cause as? GeneralError)?.message == "Timeout.")
        let server = ServerError.internal(cause: GeneralError(message: "Rate limit exceeded."))
        if case let .internal(cause) = server {
            #expect((cause as? GeneralError)?.message == "Rate limit exceeded.")
        } else {
            Issue.record("not internal")
        }
        #expect(GeneralError(message: "System error.").cause == nil)
        if case let .response(response) = ServerError.response(HTTPResponse(statusCode: 503)) {
            #expect(response.statusCode == 503)
        }
    }
}
