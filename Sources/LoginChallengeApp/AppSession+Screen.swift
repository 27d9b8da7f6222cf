import Foundation
import FSMTerminal
import UseCases

extension AppSession {
    /// The current screen as text: login (fields, button, indicator) or home (user or
    /// placeholders, Reload, indicator), and the alert on top, verbatim.
    public var screen: String {
        let time = "t=" + String(format: "%.1f", seconds) + "s"
        if let home = login.home {
            var lines = [Self.rule("Home", time)]
            lines.append("  \(home.displayedName)")
            lines.append("  \(home.displayedID)")
            lines.append("  \(home.displayedIntroduction)")
            lines.append("  [Reload] \(home.isReloadButtonEnabled ? "enabled" : "disabled")   [Logout]")
            if home.presentsActivityIndicator { lines.append("  (activity indicator: logging out)") }
            if let alert = home.alert { lines += Self.alertLines(alert) }
            return lines.joined(separator: "\n")
        }
        var lines = [Self.rule("Login", time)]
        let disabled = login.areInputsEnabled ? "" : "  (disabled)"
        lines.append("  ID        " + (login.id.isEmpty ? "(ID)" : "[\(TerminalText.visible(login.id))]") + disabled)
        lines.append("  PASSWORD  " + (login.password.isEmpty ? "(PASSWORD)" : "[" + String(repeating: "•", count: login.password.count) + "]") + disabled)
        lines.append("  [Login] \(login.isLoginButtonEnabled ? "enabled" : "disabled")")
        if login.presentsActivityIndicator { lines.append("  (activity indicator: logging in)") }
        if let alert = login.alert { lines += Self.alertLines(alert) }
        return lines.joined(separator: "\n")
    }

    private static func rule(_ title: String, _ time: String) -> String {
        "── \(title) " + String(repeating: "─", count: max(3, 40 - title.count - time.count)) + " \(time)"
    }

    private static func alertLines(_ alert: Alert) -> [String] {
        ["  ┌ \(alert.title)", "  │ \(alert.message)", "  └ [\(alert.buttonTitle)]  (type: close)"]
    }
}
