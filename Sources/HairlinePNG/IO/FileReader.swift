// IO stage: whole-file reads with a size cap. A path in -> the file's
// bytes, or `PNGError.cannotRead` naming the path, the failing system call
// and errno. Guarantees: never holds more than the cap plus one read's
// worth of bytes, even if the file grows while it is read or is a pipe.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#else
#error("FileReader needs a POSIX C library")
#endif

/// Reads files with POSIX calls.
enum FileReader {
    /// Bytes asked of each read(2) once the size from fstat(2) is used up.
    static let readSize = 1 << 16

    /// The contents of the file at `path`, at most `maximumByteCount` bytes.
    /// - Throws: `PNGError.cannotRead` if the file cannot be opened, is a
    ///   directory, cannot be read, or holds more than `maximumByteCount`
    ///   bytes.
    static func read(_ path: String, maximumByteCount: Int) throws(PNGError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotRead(path: path, reason: failure("open(2)", errno)) }
        defer { _ = close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw .cannotRead(path: path, reason: failure("fstat(2)", errno))
        }
        if status.st_mode & S_IFMT == S_IFDIR { throw .cannotRead(path: path, reason: "it is a directory") }
        let announced = Int(status.st_size)
        guard announced <= maximumByteCount else { throw tooLarge(path, announced, maximumByteCount) }
        var bytes = [UInt8](repeating: 0, count: max(announced, readSize))
        var count = 0
        while true {
            if count == bytes.count {
                bytes.append(contentsOf: repeatElement(0, count: max(readSize, min(count, maximumByteCount + 1 - count))))
            }
            let result = bytes.withUnsafeMutableBytes { buffer in
                systemRead(descriptor, buffer.baseAddress! + count, buffer.count - count)
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw .cannotRead(path: path, reason: failure("read(2)", errno))
            }
            if result == 0 { break }
            count += result
            guard count <= maximumByteCount else { throw tooLarge(path, count, maximumByteCount) }
        }
        bytes.removeLast(bytes.count - count)
        return bytes
    }

    /// The error for a file over the limit.
    private static func tooLarge(_ path: String, _ count: Int, _ limit: Int) -> PNGError {
        .cannotRead(path: path, reason: "the file has \(count) bytes or more, above the limit of \(limit)")
    }

    /// "`call` failed: <system message> (errno <code>)".
    private static func failure(_ call: String, _ code: Int32) -> String {
        let message = strerror(code).map { String(cString: $0) } ?? "unknown error"
        return "\(call) failed: \(message) (errno \(code))"
    }
}

/// read(2), named apart from `FileReader.read`.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
