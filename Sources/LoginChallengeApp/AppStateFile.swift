import Foundation
import FSMTerminal
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where `fsm app` keeps where it was (an ``AppSnapshot``): read when it starts, written after
/// each command and when it quits.
///
/// - Written atomically (a temporary file beside it, renamed over it): a kill while writing
///   leaves the previous file whole; a full disk or a folder that cannot be written leaves it
///   as it was.
/// - A file that cannot be used (not JSON, truncated, another format, a machine changed since,
///   unreadable) is never deleted: it is moved aside, to `NAME.unusable-SECONDS`, and the
///   app starts fresh. When it cannot be moved either, it stays where it is and the session
///   does not save over it.
public struct AppStateFile: Sendable, Equatable {
    /// The file.
    public let path: String

    /// The largest file read, in bytes (a saved state is a few kilobytes).
    static let limit = 1 << 20

    /// The file at `path`.
    public init(path: String) {
        self.path = path
    }

    /// `$XDG_STATE_HOME/fsm/app/state.json` (default `~/.local/state`, on macOS
    /// `~/Library/Application Support`), beside the history; `nil` when there is no home.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> AppStateFile? {
        guard let folder = HistoryFile.stateFolder(tool: "fsm", environment: environment) else { return nil }
        return AppStateFile(path: folder.appendingPathComponent("app").appendingPathComponent("state.json").path)
    }

    /// What was found at the path.
    public enum Loaded: Sendable, Equatable {
        /// Nothing: the app starts fresh, quietly.
        case nothing
        /// A document.
        case snapshot(AppSnapshot)
        /// A file that cannot be used, and why.
        case unusable(AppStateError)
    }

    /// Reads the file.
    public func load() -> Loaded {
        var status = stat()
        if lstat(path, &status) != 0 {
            let code = errno
            return code == ENOENT ? .nothing : .unusable(AppStateError("it cannot be read (\(RegularFile.reason(code)))"))
        }
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            return .unusable(AppStateError("it is not a regular file"))
        }
        guard Int(status.st_size) <= Self.limit else { return .unusable(AppStateError("it is larger than \(Self.limit) bytes")) }
        guard let bytes = RegularFile.contents(of: path, limit: Self.limit) else {
            let code = access(path, R_OK) == 0 ? EIO : errno
            return .unusable(AppStateError("it cannot be read (\(RegularFile.reason(code)))"))
        }
        do {
            return .snapshot(try AppSnapshot.decode(Data(bytes)))
        } catch {
            return .unusable(error)
        }
    }

    /// Moves the file aside, to `PATH.unusable-SECONDS` (`-2`, `-3`... when taken), and
    /// returns where; throws, saying why, when it cannot be moved (it is then left in place).
    public func moveAside(now: Date = Date()) throws(AppStateError) -> String {
        let base = path + ".unusable-\(Int(now.timeIntervalSince1970))"
        for attempt in 1...100 {
            let aside = attempt == 1 ? base : base + "-\(attempt)"
            var status = stat()
            guard lstat(aside, &status) != 0 else { continue }
            // link + unlink, not rename: rename would replace a file of that name made meanwhile.
            if link(path, aside) == 0 {
                unlink(path)
                return aside
            }
            let code = errno
            if code == EEXIST { continue }
            // A file system without hard links: rename (the name was free just now).
            if code == EPERM || code == EXDEV || code == ENOTSUP || code == EMLINK {
                guard rename(path, aside) == 0 else { throw AppStateError(RegularFile.reason(errno)) }
                return aside
            }
            throw AppStateError(RegularFile.reason(code))
        }
        throw AppStateError("too many files were moved aside already")
    }

    /// Writes `snapshot` (its folder made if needed); throws, saying why, when it cannot (the
    /// file there is then unchanged).
    public func save(_ snapshot: AppSnapshot) throws(AppStateError) {
        let data: Data
        do {
            data = try snapshot.encoded()
        } catch {
            throw AppStateError("it cannot be written as JSON (\(error))")
        }
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw AppStateError("its folder cannot be made (\(RegularFile.reason(Self.code(of: error) ?? EACCES)))")
            }
        }
        do {
            try RegularFile.write(Array(data), to: path, permissions: 0o600, tool: "fsm")
        } catch {
            throw AppStateError(error.description)
        }
    }

    /// The POSIX error number inside a Foundation error, if there is one.
    private static func code(of error: any Error) -> Int32? {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let underlying, underlying.domain == NSPOSIXErrorDomain { return Int32(underlying.code) }
        let nsError = error as NSError
        if nsError.domain == NSPOSIXErrorDomain { return Int32(nsError.code) }
        if nsError.domain == NSCocoaErrorDomain, nsError.code == NSFileWriteNoPermissionError { return EACCES }
        return nil
    }
}
