// Support: whole-file reads that cannot hang or run away, shared by every
// module that reads a user's file (PNG images, fonts, SVG documents, table
// specs). A path in -> its bytes, or a `FileReadError` that says plainly
// what is wrong ("is a folder", "is a named pipe (FIFO)", "permission
// denied"). Method: stat(2) the path and refuse anything but a regular
// file before opening it; open with O_NONBLOCK (so a FIFO swapped in after
// the check cannot block) and fstat(2) the descriptor again; read at most
// the cap plus one read's worth of bytes, so a file that grows while it is
// read cannot exhaust memory.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#else
    #error("FileBytes needs a POSIX C library")
#endif

/// Reads whole regular files, refusing folders, pipes, sockets and devices.
///
///     let bytes = try FileBytes.read("scene.svg", maximumByteCount: 64 << 20)
public enum FileBytes {
    /// Bytes asked of each read(2) once the size from fstat(2) is used up.
    static let readSize = 1 << 16

    /// The contents of the regular file at `path`, at most
    /// `maximumByteCount` bytes.
    /// - Parameters:
    ///   - path: the file, absolute or relative to the current directory.
    ///   - maximumByteCount: the largest file read, in bytes; larger files
    ///     throw `.tooLarge` before their contents are read.
    /// - Throws: `FileReadError` naming the path and what is wrong: no such
    ///   file, permission denied, a folder, not a regular file (a FIFO,
    ///   socket or device: never opened for reading, never waited on), too
    ///   large, or a failed system call with its `errno`.
    /// - Complexity: O(file size); holds at most `maximumByteCount` plus
    ///   64 KiB of bytes.
    public static func read(_ path: String, maximumByteCount: Int) throws(FileReadError) -> [UInt8] {
        let (descriptor, status) = try openRegularFile(path)
        defer { _ = close(descriptor) }
        let announced = Int(status.st_size)
        guard announced <= maximumByteCount else {
            throw FileReadError(path: path, reason: .tooLarge(byteCount: announced, limit: maximumByteCount))
        }
        // The size fstat(2) announced, read straight into the array's
        // storage, then one small read to find the end: a file that grew
        // since goes on in reads of `readSize`, appended, up to the cap.
        // (Growing the array to probe for the end copied and zeroed a
        // file's size again: a third of rendering a text SVG whose fonts
        // are read whole.)
        var bytes = try readUpTo(announced, from: descriptor, path)
        var failure: FileReadError?
        guard bytes.count == announced else { return bytes }  // shorter than announced: its end
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: readSize) { chunk in
            do throws(FileReadError) {
                while true {
                    let result = try readOnce(descriptor, into: chunk.baseAddress!, count: readSize, path)
                    if result == 0 { return }
                    guard bytes.count + result <= maximumByteCount else {
                        throw FileReadError(
                            path: path, reason: .tooLarge(byteCount: bytes.count + result, limit: maximumByteCount))
                    }
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[..<result]))
                }
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        return bytes
    }

    /// What kind of file `status` describes, for messages: nil for a
    /// regular file.
    static func kind(_ status: stat) -> FileReadError.Reason? {
        switch status.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return .isFolder
        case S_IFIFO: return .notRegularFile(kind: "a named pipe (FIFO)")
        case S_IFSOCK: return .notRegularFile(kind: "a socket")
        case S_IFCHR: return .notRegularFile(kind: "a character device")
        case S_IFBLK: return .notRegularFile(kind: "a block device")
        default: return .notRegularFile(kind: "not a regular file")
        }
    }

    /// One read(2) of up to `count` bytes (at least one) of `descriptor`
    /// into `buffer`, retried when a signal interrupts it.
    /// - Returns: the bytes read, 0 at the end of the file.
    fileprivate static func readOnce(
        _ descriptor: Int32, into buffer: UnsafeMutablePointer<UInt8>, count: Int, _ path: String
    ) throws(FileReadError) -> Int {
        while true {
            let result = systemRead(descriptor, buffer, count)
            if result >= 0 { return result }
            if errno != EINTR { throw FileReadError(path: path, errno: errno, call: "read(2)") }
        }
    }

    /// Up to `count` bytes from `descriptor`, read into the array's own
    /// storage without zero-filling it first: fewer only at the end of
    /// the file.
    fileprivate static func readUpTo(
        _ count: Int, from descriptor: Int32, _ path: String
    ) throws(FileReadError) -> [UInt8] {
        var failure: FileReadError?
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = 0
            guard let base = buffer.baseAddress else { return }
            do throws(FileReadError) {
                while initialized < count {
                    let result = try readOnce(descriptor, into: base + initialized, count: count - initialized, path)
                    if result == 0 { break }
                    initialized += result
                }
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        return bytes
    }

    private static func checkKind(_ status: stat, _ path: String) throws(FileReadError) {
        if let reason = kind(status) { throw FileReadError(path: path, reason: reason) }
    }
}

/// Why a file could not be read.
public struct FileReadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong with the file.
    public enum Reason: Equatable, Sendable {
        /// Nothing is at the path (or a folder on the way is missing).
        case notFound
        /// A folder on the way is not a folder.
        case notAFolder
        /// The file or a folder on the way may not be read.
        case permissionDenied
        /// The path names a folder.
        case isFolder
        /// The path names a pipe, socket or device (`kind` says which).
        case notRegularFile(kind: String)
        /// The file holds at least `byteCount` bytes, above `limit`.
        case tooLarge(byteCount: Int, limit: Int)
        /// A system call failed otherwise: its name, `errno` and message.
        case system(call: String, code: Int32, message: String)
    }

    /// The path as given (shown cut and escaped by `description`).
    public let path: String
    public let reason: Reason

    /// An error for `path` with `reason`.
    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    /// The error of a failed system call `call` with `errno` `code`.
    init(path: String, errno code: Int32, call: String) {
        self.path = path
        switch code {
        case ENOENT: reason = .notFound
        case ENOTDIR: reason = .notAFolder
        case EACCES, EPERM: reason = .permissionDenied
        case EISDIR: reason = .isFolder
        default:
            let message = strerror(code).map { String(cString: $0) } ?? "unknown error"
            reason = .system(call: call, code: code, message: message)
        }
    }

    /// What is wrong, without the path: "is a folder", "no such file", ….
    public var reasonDescription: String {
        switch reason {
        case .notFound: return "no such file"
        case .notAFolder: return "a folder on its path is not a folder"
        case .permissionDenied: return "permission denied"
        case .isFolder: return "is a folder, not a file"
        case .notRegularFile(let kind): return "is \(kind), not a regular file"
        case .tooLarge(let count, let limit):
            return "the file has \(count) bytes or more, above the limit of \(limit)"
        case .system(let call, let code, let message): return "\(call) failed: \(message) (errno \(code))"
        }
    }

    /// "'<path>': <what is wrong>", the path cut and escaped (`EchoedText`).
    public var description: String { "\(EchoedText.quoted(path)): \(reasonDescription)" }
}

/// read(2), named apart from `FileBytes.read`.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    assert(descriptor >= 0 && count >= 0, "an open file and a buffer length")
    return read(descriptor, buffer, count)
}

extension FileBytes {
    /// `path` made absolute, with symbolic links resolved and `.` and `..`
    /// removed as far as it exists (realpath(3) of its longest existing
    /// prefix), the rest appended as written: two paths that reach the
    /// same file resolve alike, whether or not it exists yet.
    public static func resolvedPath(_ path: String) -> String {
        var components = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        let base = path.hasPrefix("/") ? "" : currentDirectory()
        var tail: [String] = []
        while true {
            let prefix = base + "/" + components.joined(separator: "/")
            if let real = realpath(prefix, nil) {
                defer { free(real) }
                let resolved = String(cString: real)
                guard !tail.isEmpty else { return resolved }
                // The missing tail, its `.` and `..` applied lexically.
                var parts = resolved.split(separator: "/").map(String.init)
                for part in tail.reversed() {
                    if part == "." { continue }
                    if part == ".." { _ = parts.popLast() } else { parts.append(part) }
                }
                return "/" + parts.joined(separator: "/")
            }
            guard let last = components.popLast() else { return "/" + tail.reversed().joined(separator: "/") }
            tail.append(last)
        }
    }

    /// The process's current directory ("" if it cannot be read).
    static func currentDirectory() -> String {
        guard let cwd = getcwd(nil, 0) else { return "" }
        defer { free(cwd) }
        return String(cString: cwd)
    }
}

extension FileBytes {
    /// Opens the regular file at `path` for reading (non-blocking), its
    /// kind checked before opening (a FIFO, socket or device is never
    /// opened) and again on the open descriptor (the path may have been
    /// replaced between stat(2) and open(2)). The caller closes it.
    private static func openRegularFile(_ path: String) throws(FileReadError) -> (descriptor: Int32, status: stat) {
        var status = stat()
        guard stat(path, &status) == 0 else { throw FileReadError(path: path, errno: errno, call: "stat(2)") }
        try checkKind(status, path)
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileReadError(path: path, errno: errno, call: "open(2)") }
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            _ = close(descriptor)
            throw FileReadError(path: path, errno: code, call: "fstat(2)")
        }
        do {
            try checkKind(status, path)
        } catch {
            _ = close(descriptor)
            throw error
        }
        return (descriptor, status)
    }

    /// The first `byteCount` bytes of the regular file at `path` (fewer if
    /// the file is shorter) and the file's size: for formats whose index
    /// lies at the start (a font's table directory and naming tables), so
    /// that a folder of large files is indexed without reading them whole.
    /// - Throws: as `read(_:maximumByteCount:)`, for the same kinds of
    ///   file (never `.tooLarge`).
    /// - Complexity: O(byteCount).
    public static func readPrefix(
        _ path: String, byteCount: Int
    ) throws(FileReadError) -> (bytes: [UInt8], fileSize: Int) {
        let (descriptor, status) = try openRegularFile(path)
        defer { _ = close(descriptor) }
        let size = Int(status.st_size)
        return (try readUpTo(max(0, min(byteCount, size)), from: descriptor, path), size)
    }
}
