// Font stage: a font file's path in -> its bytes, through the engine's
// `FileBytes` (regular files only: a FIFO or a device is refused, never
// waited on), or `FontError.unreadableFile` naming the path and what is
// wrong. Reads at most `maximumByteCount` bytes.

import Hairline

/// Reads font files.
enum FontFile {
    /// The largest font file read, in bytes (big CJK fonts are ~20 MB).
    static let maximumByteCount = 1 << 28

    /// The contents of the file at `path`.
    /// - Throws: `.unreadableFile` if it cannot be opened or read, is not
    ///   a regular file, or is larger than `maximumByteCount`.
    static func read(_ path: String) throws(FontError) -> [UInt8] {
        do {
            return try FileBytes.read(path, maximumByteCount: maximumByteCount)
        } catch {
            throw .unreadableFile(path: path, reason: error.reasonDescription)
        }
    }
}
