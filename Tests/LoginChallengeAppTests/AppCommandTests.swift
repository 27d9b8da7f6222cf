import APIServices
import LoginChallengeApp
import Testing

@Suite("AppCommand: the app's command lines, parsed")
struct AppCommandTests {
    @Test("every command, its aliases and case", arguments: [
        ("", AppCommand.empty), (" login", .empty), ("id koher", .id("koher")), ("id", .id("")), ("ID  two words ", .id(" two words ")),
        ("password 1234", .password("1234")), ("pw x", .password("x")), ("login", .login), ("LOGIN\r", .login), ("close", .close), ("ok", .close),
        ("reload", .reload), ("logout", .logout), ("wait 2", .wait(milliseconds: 2_000)), ("wait 30.5", .wait(milliseconds: 30_500)),
        ("wait  0 ", .wait(milliseconds: 0)), ("force network", .force(.networkError)), ("force Random", .force(nil)), ("screen", .screen),
        ("why", .why), ("help", .help), ("quit", .quit), ("exit", .quit),
    ])
    func parse(line: String, command: AppCommand) {
        #expect(AppCommand.parse(line) == command)
        #expect(command.line.map(AppCommand.parse) == command, "the canonical line parses back")
    }

    @Test("bad lines say why, on one line, with the typed text escaped", arguments: [
        ("logn", "error: unknown command 'logn'; did you mean 'login'? (type help)"),
        ("wait soon", "error: wait needs a number of seconds from 0 to 86400, e.g. wait 2"),
        ("wait -1", "error: wait needs a number of seconds from 0 to 86400, e.g. wait 2"),
        ("wait 86401", "error: wait needs a number of seconds from 0 to 86400, e.g. wait 2"),
        ("force sucess", "error: unknown outcome 'sucess'; did you mean 'success'? (outcomes: success, network, server, system, random)"),
        ("\u{1B}[2J\nx", "error: unknown command '\\e[2J\\nx' (type help)"),
    ])
    func invalid(line: String, message: String) {
        #expect(AppCommand.parse(line) == .invalid(message))
    }

    @Test("a line over 1000 bytes is refused by its length; a text ending in CR keeps it through the canonical line")
    func limits() {
        #expect(AppCommand.parse(String(repeating: "é", count: 501)) == .invalid("error: line too long (1002 bytes; at most 1000); nothing changed"))
        #expect(AppCommand.parse("id a\r\r") == .id("a\r"))
        #expect(AppCommand.id("a\r").line == "id a\r\r")
    }
}
