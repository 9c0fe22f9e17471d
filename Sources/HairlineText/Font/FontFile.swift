// Font stage: a font file's path in -> its bytes, through the C library
// (fopen/fread), or `FontError.unreadableFile` naming the path and the
// failing call. Reads at most `maximumByteCount` bytes, so a huge or
// endless file (a pipe) cannot exhaust memory.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#else
#error("FontFile needs a POSIX C library")
#endif

/// Reads font files with the C library.
enum FontFile {
    /// The largest font file read, in bytes (big CJK fonts are ~20 MB).
    static let maximumByteCount = 1 << 28
    /// Bytes asked of each fread(3).
    static let chunkSize = 1 << 16

    /// The contents of the file at `path`.
    /// - Throws: `.unreadableFile` if it cannot be opened or read, or is
    ///   larger than `maximumByteCount`.
    static func read(_ path: String) throws(FontError) -> [UInt8] {
        guard let file = fopen(path, "rb") else { throw .unreadableFile(path: path, reason: failure("fopen(3)")) }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in fread(buffer.baseAddress, 1, buffer.count, file) }
            bytes.append(contentsOf: chunk[0..<count])
            guard bytes.count <= maximumByteCount else {
                throw .unreadableFile(path: path, reason: "the file is larger than \(maximumByteCount) bytes")
            }
            if count < chunkSize {
                if ferror(file) != 0 { throw .unreadableFile(path: path, reason: failure("fread(3)")) }
                break
            }
        }
        return bytes
    }

    /// "`call` failed: <system message> (errno <code>)".
    private static func failure(_ call: String) -> String {
        let code = errno
        let message = strerror(code).map { String(cString: $0) } ?? "unknown error"
        return "\(call) failed: \(message) (errno \(code))"
    }
}
