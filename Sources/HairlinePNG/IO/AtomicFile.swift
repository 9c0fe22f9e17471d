// IO stage: whole-or-nothing file writes. Bytes and a path in -> the file
// at the path holding exactly those bytes, or a typed error and the path
// untouched. Method: write a temporary file in the same directory, fsync
// it, rename(2) it over the destination (atomic within one file system),
// then fsync the directory so that the rename itself survives a crash.
// Several files at once: FileTransaction.swift, which this file serves.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#else
    #error("AtomicFile needs a POSIX C library")
#endif

/// Writes files atomically with POSIX calls.
enum AtomicFile {
    /// Permissions of the new file before the umask: rw-r--r--.
    static let fileMode: mode_t = 0o644
    /// The longest prefix of the destination name kept in the temporary
    /// name, in characters, so that the temporary name stays well within
    /// the 255-byte limit of common file systems.
    static let maximumNamePrefixLength = 64

    /// Replaces the file at `path` with `bytes`, whole or not at all.
    /// - Throws: `PNGError.cannotWrite` with the failing call and `errno`
    ///   text; the temporary file is removed first.
    static func write(_ bytes: [UInt8], toFile path: String) throws(PNGError) {
        let files = FileTransaction()
        try files.stage(bytes, toFile: path)
        try files.commit()
    }

    /// Writes `bytes` to a new temporary file in `path`'s folder, flushed
    /// to disk, and returns its path.
    /// - Throws: `PNGError.cannotWrite` naming `path`; nothing is left.
    static func writeTemporary(_ bytes: [UInt8], besides path: String) throws(PNGError) -> String {
        let name = split(path).name
        guard !name.isEmpty, name != ".", name != ".." else {
            throw .cannotWrite(path: path, reason: "the path does not name a file")
        }
        let temporaryPath = temporaryName(besides: path, kind: "tmp")
        let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, fileMode)
        guard descriptor >= 0 else {
            let code = errno
            let reason =
                code == ENOENT
                ? "its folder does not exist"
                : code == EACCES || code == EPERM
                    ? "permission denied (cannot create a file in its folder)"
                    : code == ENOTDIR
                        ? "a folder on its path is not a folder"
                        : failure("cannot create temporary file '\(temporaryPath)'", code)
            throw .cannotWrite(path: path, reason: reason)
        }
        var failed: String?
        if let code = writeAll(bytes, to: descriptor) {
            failed = failure("write(2) to '\(temporaryPath)' failed", code)
        } else if fsync(descriptor) != 0 {
            failed = failure("fsync(2) of '\(temporaryPath)' failed", errno)
        }
        // close(2) releases the descriptor even when it reports an error.
        if close(descriptor) != 0 && failed == nil {
            failed = failure("close(2) of '\(temporaryPath)' failed", errno)
        }
        if let failed {
            unlink(temporaryPath)
            throw .cannotWrite(path: path, reason: failed)
        }
        return temporaryPath
    }

    /// A fresh hidden name in `path`'s folder: `.<name>.<kind>-<pid>-<random>`.
    static func temporaryName(besides path: String, kind: String) -> String {
        let (directory, name) = split(path)
        let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 16)
        return directory + "." + name.prefix(maximumNamePrefixLength) + ".\(kind)-\(getpid())-\(suffix)"
    }

    /// Whether something (a file, folder or link) is at `path`.
    static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// Whether `path` is a folder (or a link to one).
    static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// The directory prefix of `path` including its final slash ("" for a
    /// bare name) and the last component.
    static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        return (String(path[...slash]), String(path[path.index(after: slash)...]))
    }

    /// Writes all of `bytes` to `descriptor`, retrying after interrupts and
    /// short writes; returns the `errno` of a failure, or nil.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        bytes.withUnsafeBytes { buffer -> Int32? in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                if written == 0 { return EIO }
                offset += written
            }
            return nil
        }
    }

    /// Flushes the directory entry of the renamed file; best effort, since
    /// the file itself is complete and some file systems refuse it.
    static func synchronizeDirectory(_ directory: String) {
        let descriptor = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        _ = close(descriptor)
    }

    /// "`step`: <system message> (errno <code>)".
    static func failure(_ step: String, _ code: Int32) -> String {
        let message = strerror(code).map { String(cString: $0) } ?? "unknown error"
        return "\(step): \(message) (errno \(code))"
    }
}

/// write(2), named apart from `AtomicFile.write`.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
