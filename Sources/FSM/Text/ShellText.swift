/// Words of a command line that a hint invites the user to paste into a POSIX shell.
package enum ShellText {
    /// `word` as a POSIX shell reads it back: as it is when it holds only ASCII letters,
    /// digits and `@%+=:,./_-` (and is not empty), otherwise in single quotes, each `'` in it
    /// written `'\''`. Nothing in a quoted word is expanded or run (`$`, `` ` ``, `;`, `*`).
    package static func quoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy { scalar in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "@", "%", "+", "=", ":", ",", ".", "/", "_", "-": true
            default: false
            }
        }
        if plain { return word }
        var out = "'"
        for scalar in word.unicodeScalars {
            if scalar == "'" { out += "'\\''" } else { out.unicodeScalars.append(scalar) }
        }
        return out + "'"
    }

    /// A command line of quoted words: `fsm repl 'my door.scxml' --script run.fsm`.
    package static func command(_ words: [String]) -> String {
        words.map(quoted).joined(separator: " ")
    }
}
