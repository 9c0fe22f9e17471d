// IO stage: whole-file reads with a size cap, through the engine's
// `FileBytes` (regular files only: a FIFO or device never blocks). A path
// in -> the file's bytes, or `PNGError.cannotRead` naming the path and
// what is wrong with it.

import Hairline

/// Reads image files.
enum FileReader {
    /// The contents of the file at `path`, at most `maximumByteCount` bytes.
    /// - Throws: `PNGError.cannotRead` if the file cannot be opened, is not
    ///   a regular file, cannot be read, or holds more than
    ///   `maximumByteCount` bytes.
    static func read(_ path: String, maximumByteCount: Int) throws(PNGError) -> [UInt8] {
        do {
            return try FileBytes.read(path, maximumByteCount: maximumByteCount)
        } catch {
            throw .cannotRead(path: path, reason: error.reasonDescription)
        }
    }
}
