import Foundation
import Testing

@Suite("fsm app, end to end")
struct AppTests {
    @Test("a scripted session: a forced failure, login, the user, token expiry, the authentication alert, back to login with the texts kept")
    func session() throws {
        let input = try String(contentsOf: goldenDirectory.appendingPathComponent("app-session.in"), encoding: .utf8)
        let expected = try String(contentsOf: goldenDirectory.appendingPathComponent("app-session.out"), encoding: .utf8)
        let run = try fsm(["app", "--seed", "26", "--speed", "100"], input: input)
        #expect(run.status == 0)
        #expect(run.stdout == expected)
        #expect(run.stdout.contains("  │ 通信に失敗しました。ネットワークの状態を確認して下さい。"))
        #expect(run.stdout.contains("  ソフトウェアエンジニア。 Heart of Swift https://heart-of-swift.github.io を書きました。"))
        #expect(run.stdout.contains("  ┌ 認証エラー\n  │ 再度ログインして下さい。\n  └ [OK]"))
        #expect(run.stdout.hasSuffix("── Login ──────────────────────────── t=36.0s\n  ID        [koher]\n  PASSWORD  [••••]\n  [Login] enabled\n> quit\n"))
    }

    @Test("an over-long line is echoed cut (to 60 scalars and …), its reply giving its length")
    func overLongLine() throws {
        let long = "id " + String(repeating: "k", count: 3_000)
        let run = try fsm(["app", "--seed", "9"], input: long + "\nquit\n")
        #expect(run.status == 0)
        #expect(run.stdout.contains("> " + long.prefix(60) + "…\nerror: line too long (3003 bytes; at most 1000); nothing changed\n"))
        #expect(!run.stdout.contains(String(repeating: "k", count: 100)))
    }

    @Test("the same seed gives the same session")
    func reproducible() throws {
        let input = "id koher\npassword 1234\nlogin\nwait 2\nwait 2\nreload\nwait 2\nreload\nwait 2\n"
        let first = try fsm(["app", "--seed", "9"], input: input)
        let second = try fsm(["app", "--seed", "9"], input: input)
        #expect(first.status == 0)
        #expect(first.stdout == second.stdout)
    }

    @Test("bad commands get a message and change nothing")
    func badCommands() throws {
        let run = try fsm(["app", "--seed", "1"], input: "logn\nwait soon\nreload\nforce sucess\nclose\nwhy\nid koher\n")
        #expect(run.status == 0)
        #expect(run.stdout.contains("error: unknown command 'logn'; did you mean 'login'? (type help)"))
        #expect(run.stdout.contains("error: wait needs a number of seconds from 0 to 86400, e.g. wait 2"))
        #expect(run.stdout.contains("not now: there is no home screen (log in first)"))
        #expect(run.stdout.contains("error: unknown outcome 'sucess'; did you mean 'success'?"))
        #expect(run.stdout.contains("not now: There is no alert to close (type why for details)"))
        #expect(run.stdout.contains("> why\nthe last refusal, in the machine's words: illegal transition: 'closeAlert' is not permitted in state 'idle': declared illegal (permitted: edit, logIn)"))
        #expect(run.stdout.hasSuffix("  ID        [koher]\n  PASSWORD  (PASSWORD)\n  [Login] disabled\n"))
    }
}
