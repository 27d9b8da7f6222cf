import Foundation
import FSMTerminal

/// Reading and writing text files for sessions and scripts.
package enum FileText {
    /// Writes `contents` to the file at `path` (UTF-8) through ``RegularFile``: only a
    /// regular file or a new name in an existing folder is written (a link is followed to the
    /// file it names), replaced atomically; a device, FIFO, socket or folder is refused.
    /// - Parameter tool: The tool's name, for a refusal (`fsm writes only regular files`).
    package static func write(_ path: String, _ contents: String, tool: String) throws {
        try RegularFile.write(Array(contents.utf8), to: path, tool: tool)
    }

    /// ``write(_:_:tool:)`` for the `fsm` tool.
    package static func write(_ path: String, _ contents: String) throws {
        try write(path, contents, tool: "fsm")
    }
}

extension FileText {
    /// A file error as one plain line, e.g. `no such file or directory`, instead of
    /// Foundation's `The operation could not be completed. (NSCocoaErrorDomain error 4.)`.
    package static func describe(_ error: any Error) -> String {
        if let failure = error as? RegularFile.Failure { return failure.description }
        if let refusal = error as? ScriptFile.Refusal { return refusal.description }
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if nsError.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(nsError.code)))
        }
        if nsError.domain == NSCocoaErrorDomain {
            switch CocoaError.Code(rawValue: nsError.code) {
            case .fileNoSuchFile, .fileReadNoSuchFile: return "no such file or directory"
            case .fileReadNoPermission, .fileWriteNoPermission: return "permission denied"
            case .fileWriteOutOfSpace: return "no space left on the device"
            case .fileWriteVolumeReadOnly: return "the volume is read-only"
            case .fileWriteFileExists: return "a file is in the way"
            case .fileReadCorruptFile, .fileReadInapplicableStringEncoding: return "the file cannot be read as text"
            case .fileReadUnknown: return "the file cannot be read"
            case .fileWriteUnknown: return "the file cannot be written (is a folder on the path a file, or missing?)"
            default: break
            }
        }
        if nsError.domain == NSCocoaErrorDomain { return nsError.localizedDescription }
        return String(describing: error)
    }
}
