#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Independent readers of what the exporters write, for the fuzz targets.
enum DOTCheck {
    /// Whether the double quotes of a line pair up (a quote after an odd run of backslashes
    /// is escaped).
    static func quotesBalanced(_ line: Substring) -> Bool {
        var inside = false
        var backslashes = 0
        for scalar in line.unicodeScalars {
            if scalar == "\\" { backslashes += 1; continue }
            if scalar == "\"" && backslashes % 2 == 0 { inside.toggle() }
            backslashes = 0
        }
        return !inside
    }

    /// The label of a node line `ID [label="..."...` unquoted as Graphviz reads it, or for
    /// an HTML-like `label=<<TABLE...>` the state's name in its first cell.
    static func label(ofNode id: String, in dot: String) -> String? {
        let html = Array("\(id) [label=<<TABLE".unicodeScalars)
        for line in dot.split(separator: "\n") {
            let trimmed = line.unicodeScalars.drop { $0 == " " }
            guard trimmed.starts(with: html) else { continue }
            // Scalars, not Characters: a name that starts with a combining mark merges with
            // the `>` before it into one Character.
            let scalars = Array(trimmed)
            guard let start = scalars.firstRange(of: Array("<TR><TD>".unicodeScalars)),
                  let end = scalars[start.upperBound...].firstRange(of: Array("</TD>".unicodeScalars)) else { return nil }
            return String(String.UnicodeScalarView(scalars[start.upperBound..<end.lowerBound])).replacingAll("<BR/>", with: "\n").replacingAll("&lt;", with: "<").replacingAll("&gt;", with: ">")
                .replacingAll("&quot;", with: "\"").decodingNumericReferences.replacingAll("\\\\", with: "\\").replacingAll("&amp;", with: "&")
        }
        let prefix = Array("\(id) [label=\"".unicodeScalars)
        for line in dot.split(separator: "\n") {
            let trimmed = line.unicodeScalars.drop { $0 == " " }
            guard trimmed.starts(with: prefix) else { continue }
            var out = ""
            var escaped = false
            for scalar in trimmed.dropFirst(prefix.count) {
                if escaped {
                    out.unicodeScalars.append(scalar == "n" ? "\n" : scalar)
                    escaped = false
                } else if scalar == "\\" {
                    escaped = true
                } else if scalar == "\"" {
                    break
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
            return out.decodingNumericReferences.replacingAll("&amp;", with: "&")
        }
        return nil
    }

    /// A name as the DOT export draws it: carriage returns dropped, other control
    /// characters but line breaks and tabs, and the noncharacters U+FFFE and U+FFFF (not XML
    /// characters: Graphviz refuses them), replaced by U+FFFD.
    static func drawn(_ name: String) -> String {
        var out = ""
        for scalar in name.unicodeScalars {
            if scalar == "\r" { continue }
            let replaced = (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || scalar.value == 0x7F || scalar.value == 0xFFFE || scalar.value == 0xFFFF
            if replaced { out += "\u{FFFD}" } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }
}

enum YAMLCheck {
    /// The value of a YAML double-quoted scalar (the escapes the exporter writes).
    static func doubleQuoted(_ text: String) -> String? {
        var scalars = Array(text.unicodeScalars)
        guard scalars.count >= 2, scalars.first == "\"", scalars.last == "\"" else { return nil }
        scalars = Array(scalars.dropFirst().dropLast())
        var out = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\"" { return nil }
            guard scalar == "\\" else { out.append(scalar); index += 1; continue }
            guard index + 1 < scalars.count else { return nil }
            let code = scalars[index + 1]
            index += 2
            switch code {
            case "\\": out.append("\\")
            case "\"": out.append("\"")
            case "n": out.append("\n")
            case "t": out.append("\t")
            case "r": out.append("\r")
            case "x", "u":
                let width = code == "x" ? 2 : 4
                guard index + width <= scalars.count, let value = UInt32(String(String.UnicodeScalarView(scalars[index..<(index + width)])), radix: 16),
                      let decoded = Unicode.Scalar(value) else { return nil }
                out.append(decoded)
                index += width
            default: return nil
            }
        }
        return String(out)
    }
}

extension String {
    /// The text with each decimal reference `&#8238;` (the export writes C1 and bidi controls,
    /// the line and paragraph separators and a lone `]` so) read as its character, as
    /// Graphviz reads it; `&amp;#1;` is left alone (no `&` before the `#`).
    var decodingNumericReferences: String {
        let scalars = Array(unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if scalars[index] == "&", index + 1 < scalars.count, scalars[index + 1] == "#",
               let end = scalars[(index + 2)...].firstIndex(of: ";"),
               let value = UInt32(String(String.UnicodeScalarView(scalars[(index + 2)..<end]))), let decoded = Unicode.Scalar(value) {
                out.append(decoded)
                index = end + 1
            } else {
                out.append(scalars[index])
                index += 1
            }
        }
        return String(out)
    }

    /// Replaces every occurrence, matching scalars (not Characters: a combining mark after
    /// the target would otherwise hide it).
    func replacingAll(_ target: String, with replacement: String) -> String {
        let scalars = Array(unicodeScalars), needle = Array(target.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if scalars[index...].starts(with: needle) {
                out.append(contentsOf: replacement.unicodeScalars)
                index += needle.count
            } else {
                out.append(scalars[index])
                index += 1
            }
        }
        return String(out)
    }
}

/// A failed invariant: says which on standard error (an optimised `precondition` drops its
/// message), then stops the run so libFuzzer keeps the input.
func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    guard !condition() else { return }
    StandardError.print("fuzz invariant failed: \(message())\n")
    abort()
}

enum StandardError {
    static func print(_ text: String) {
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
    }
}

/// Writes an input's exports to `$FSM_FUZZ_DOT_DIR/<hash>.<extension>` when that is set.
enum Dump {
    static let directory: String? = getenv("FSM_FUZZ_DOT_DIR").map { String(cString: $0) }

    static func write(_ files: [String: String], for input: UnsafeRawBufferPointer) {
        guard let directory else { return }
        var hash: UInt64 = 0xcbf29ce484222325
        for byte in input { hash = (hash ^ UInt64(byte)) &* 0x100000001b3 }
        for (fileExtension, text) in files {
            guard let file = fopen("\(directory)/\(String(hash, radix: 16)).\(fileExtension)", "w") else { return }
            let bytes = Array(text.utf8)
            _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
            fclose(file)
        }
    }
}
