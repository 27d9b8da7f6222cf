import Entities
import Foundation
import FSMPersistence

/// The login screen saved, and the home screen on top of it if there is one: what an app
/// writes when it may be killed, to show the same screens when it is launched again.
///
/// Each screen is its machine's runtime snapshot (``FSMPersistence/MachineSnapshot``), with
/// what the screen keeps beside the machine as the snapshot's `context`: the typed ID on the
/// login screen, the user loaded on the home screen.
///
/// The password is never in it. A snapshot is a file anyone with the account can read, that
/// backups copy and that outlives the session; a password typed into a secure field must not
/// reach a disk (UIKit does not restore a secure field either). A restored login screen shows
/// an empty password field, in the state it was saved in: the machine does not read the
/// password except when Login is tapped (its guard, "ID and password filled"), so each of its
/// states is the same with an empty password. Login is then disabled until the password is
/// typed again.
public struct LoginScreenSnapshot: Codable, Sendable, Hashable {
    /// The login screen's machine (`login`), its context the typed ID.
    public var login: MachineSnapshot
    /// The home screen's machine (`home`), its context the user loaded; present exactly when
    /// the login machine is `atHome`.
    public var home: MachineSnapshot?

    /// The screens saved as these machine snapshots.
    public init(login: MachineSnapshot, home: MachineSnapshot?) {
        self.login = login
        self.home = home
    }
}

/// What the login screen keeps beside its machine, as saved: the ID (never the password).
struct LoginForm: Codable {
    var id: String
}

/// What the home screen keeps beside its machine, as saved: the user once loaded.
struct HomeForm: Codable {
    var user: User?
}

/// What the passcode entry keeps beside its machine, as saved: the digits entered.
struct PasscodeForm: Codable {
    var digits: String
}

/// Why a saved screen was not restored. Its `description` is one sentence.
public enum ScreenRestoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The machine's snapshot does not fit the machine (another format, a changed machine...).
    case machine(SnapshotError)
    /// What the screen keeps beside its machine is missing or not what it should be.
    case form(screen: String, problem: String)

    /// One sentence, e.g. `cannot restore 'login': no state is named 'waiting'; nothing was restored`.
    public var description: String {
        switch self {
        case let .machine(error): error.description
        case let .form(screen, problem): "cannot restore the \(screen) screen: \(problem); nothing was restored"
        }
    }

    /// The form of `snapshot` read as `type`, or this error naming `screen`.
    static func form<Form: Decodable>(_ type: Form.Type, of snapshot: MachineSnapshot, screen: String) throws(ScreenRestoreError) -> Form {
        guard let context = snapshot.context else { throw .form(screen: screen, problem: "what it keeps beside its machine is missing") }
        do {
            return try context.decode(type)
        } catch {
            throw .form(screen: screen, problem: "what it keeps beside its machine is not readable")
        }
    }
}
