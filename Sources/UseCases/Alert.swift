import Entities

/// An alert as a screen shows it: title, message and the title of its only button.
public struct Alert: Sendable, Hashable {
    /// The title.
    public let title: String
    /// The message.
    public let message: String
    /// The title of the button that closes it.
    public let buttonTitle: String

    /// Creates an alert.
    public init(title: String, message: String, buttonTitle: String) {
        self.title = title
        self.message = message
        self.buttonTitle = buttonTitle
    }
}

extension Alert {
    /// The network-error alert, the same on both screens (verbatim).
    public static let network = Alert(title: "ネットワークエラー", message: "通信に失敗しました。ネットワークの状態を確認して下さい。", buttonTitle: "閉じる")
    /// The server-error alert, the same on both screens (verbatim).
    public static let server = Alert(title: "サーバーエラー", message: "しばらくしてからもう一度お試し下さい。", buttonTitle: "閉じる")
    /// The alert for any other error, the same on both screens (verbatim).
    public static let system = Alert(title: "システムエラー", message: "エラーが発生しました。", buttonTitle: "閉じる")
}

extension LoginFailure {
    /// The kind of an error thrown by `AuthServiceProtocol.logIn(id:password:)`.
    public init(_ error: any Error) {
        switch error {
        case is LoginError: self = .login
        case is NetworkError: self = .network
        case is ServerError: self = .server
        default: self = .system
        }
    }

    /// The alert of this failure on the login screen, verbatim.
    public var alert: Alert {
        switch self {
        case .login: Alert(title: "ログインエラー", message: "IDまたはパスワードが正しくありません。", buttonTitle: "閉じる")
        case .network: .network
        case .server: .server
        case .system: .system
        }
    }
}

extension HomeFailure {
    /// The kind of an error thrown by `UserServiceProtocol.currentUser()`.
    public init(_ error: any Error) {
        switch error {
        case is AuthenticationError: self = .authentication
        case is NetworkError: self = .network
        case is ServerError: self = .server
        default: self = .system
        }
    }

    /// The alert of this failure on the home screen, verbatim.
    public var alert: Alert {
        switch self {
        case .authentication: Alert(title: "認証エラー", message: "再度ログインして下さい。", buttonTitle: "OK")
        case .network: .network
        case .server: .server
        case .system: .system
        }
    }
}
