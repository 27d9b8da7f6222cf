import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A script for `repl --script`: a regular file of UTF-8 text, one line per event or
/// command; LF, CR and CRLF each end a line.
///
/// Anything else is refused before a line runs, with the true reason: a folder, a device
/// (`/dev/zero`, `/dev/null`), a FIFO or a socket is not a regular file; a NUL byte means a
/// binary file; a byte sequence that is not UTF-8 is named by line and column.
package enum ScriptFile {
    /// The largest script read (64 MiB).
    package static let maximumBytes = 64 << 20

    /// Why a script cannot be replayed.
    package struct Refusal: Error, CustomStringConvertible {
        /// The reason, in words that complete "cannot read the script 'PATH': ".
        package let description: String
    }

    /// The lines of the script at `path`, without their ends.
    ///
    /// The path's type is checked before it is opened (a device is never opened), then
    /// again on the open descriptor, which is opened without waiting (`O_NONBLOCK`: opening
    /// a FIFO would wait for a writer): a file replaced between the check and the open is
    /// still refused.
    package static func lines(of path: String) throws(Refusal) -> [String] {
        try lines(in: bytes(of: path, kind: "a script"))
    }

    /// The bytes of the regular file at `path`, checked as ``lines(of:)`` checks a script;
    /// `kind` names what it should be in a refusal (`a script`).
    package static func bytes(of path: String, kind: String) throws(Refusal) -> [UInt8] {
        var status = stat()
        guard stat(path, &status) == 0 else { throw Refusal(description: reason(errno)) }
        try checkRegular(status, kind: kind)
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw Refusal(description: reason(errno)) }
        defer { close(descriptor) }
        guard fstat(descriptor, &status) == 0 else { throw Refusal(description: reason(errno)) }
        try checkRegular(status, kind: kind)
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw Refusal(description: reason(errno))
            }
            if count == 0 { break }
            bytes += buffer[0..<count]
            // It grew after the check.
            guard bytes.count <= maximumBytes else { throw Refusal(description: "it is too big for \(kind) (more than \(maximumBytes) bytes)") }
        }
        return bytes
    }

    /// Refuses what is not a regular file of at most ``maximumBytes``, saying what it is.
    private static func checkRegular(_ status: stat, kind: String) throws(Refusal) {
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw Refusal(description: "it is a folder, not a file")
        case S_IFIFO: throw Refusal(description: "it is a FIFO (a named pipe), not a regular file" + (kind == "a script" ? "; to replay lines from a program, pipe them to standard input instead" : ""))
        case S_IFCHR, S_IFBLK: throw Refusal(description: "it is a device, not a regular file")
        case S_IFSOCK: throw Refusal(description: "it is a socket, not a regular file")
        default: throw Refusal(description: "it is not a regular file")
        }
        guard Int(status.st_size) <= maximumBytes else {
            throw Refusal(description: "it is too big for \(kind) (\(status.st_size) bytes; at most \(maximumBytes))")
        }
    }

    /// `strerror`, starting with a small letter.
    private static func reason(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }

    /// The lines of a script's bytes (see the type's documentation).
    /// A UTF-8 byte order mark at the start (some editors write one) is skipped.
    package static func lines(in bytes: [UInt8]) throws(Refusal) -> [String] {
        var lines: [String] = []
        let bodyStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var start = bodyStart
        var index = bodyStart
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D {
                lines.append(try line(bytes[start..<index], number: lines.count + 1))
                index += byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
                start = index
            } else {
                index += 1
            }
        }
        if start < bytes.count { lines.append(try line(bytes[start...], number: lines.count + 1)) }
        return lines
    }

    private static func line(_ bytes: ArraySlice<UInt8>, number: Int) throws(Refusal) -> String {
        if let nul = bytes.firstIndex(of: 0) {
            throw Refusal(description: "it is not a text file (a NUL byte at line \(number), byte \(nul - bytes.startIndex + 1))")
        }
        var decoder = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        var text = ""
        while true {
            switch decoder.parseScalar(from: &iterator) {
            case let .valid(encoded):
                text.unicodeScalars.append(Unicode.UTF8.decode(encoded))
                offset += encoded.count
            case .emptyInput:
                return text
            case .error:
                let hex = String(bytes[bytes.startIndex + offset], radix: 16, uppercase: true)
                throw Refusal(description: "it is not UTF-8 text (an invalid byte 0x\(hex.count == 1 ? "0" + hex : hex) at line \(number), byte \(offset + 1))")
            }
        }
    }
}
