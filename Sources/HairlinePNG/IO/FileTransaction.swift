// IO stage: several files written all or nothing. Each file is staged as
// a complete, fsync'ed temporary file beside its destination; `commit`
// then checks every destination (none may be a folder), sets each
// existing file aside (a hard link, else a rename, to a backup name) and
// renames each temporary over its destination. If any step fails, every
// destination is put back as it was (its backup renamed over it, or the
// new file removed) and every temporary and backup is removed: either all
// the new files are in place, or none is and every previous file is
// unchanged. `AtomicFile` is the one-file case.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#else
    #error("FileTransaction needs a POSIX C library")
#endif
public import Hairline

/// Writes a set of files whole, all or none of them.
///
///     let files = FileTransaction()
///     try files.stage(PNGEncoder.encode(small), toFile: "icon.png")
///     try files.stage(PNGEncoder.encode(large), toFile: "icon@2x.png")
///     try files.commit()   // both in place, or neither (and the old files kept)
///
/// A transaction not committed removes its temporary files when it is
/// discarded (or deinitialized). Used by one thread at a time.
public final class FileTransaction {
    private struct Staged {
        var temporary: String
        var destination: String
    }

    private var staged: [Staged] = []
    private var isFinished = false

    /// An empty transaction.
    public init() {}

    deinit { discard() }

    /// The destinations staged so far, in order.
    public var destinations: [String] { staged.map(\.destination) }

    /// Writes `bytes` to a temporary file beside `path` (flushed to disk);
    /// `commit()` moves it to `path`.
    /// - Throws: `PNGError.cannotWrite` if `path` does not name a file, is
    ///   already staged in this transaction, is a folder, or the temporary
    ///   file cannot be written (its folder missing, permission denied,
    ///   disk full); nothing is left behind.
    public func stage(_ bytes: [UInt8], toFile path: String) throws(PNGError) {
        precondition(!isFinished, "FileTransaction: stage after commit or discard")
        guard !staged.contains(where: { $0.destination == path }) else {
            throw .cannotWrite(path: path, reason: "the same file is written twice in one run")
        }
        if AtomicFile.isFolder(path) { throw .cannotWrite(path: path, reason: "it is a folder") }
        let temporary = try AtomicFile.writeTemporary(bytes, besides: path)
        staged.append(Staged(temporary: temporary, destination: path))
    }

    /// Encodes `surface` as PNG at `level` (`.default` unless given) and
    /// stages it for `path`; see `stage(_:toFile:)`.
    public func stage(
        _ surface: Surface, toFile path: String, level: PNGCompressionLevel = .default
    ) throws(PNGError) {
        try stage(PNGEncoder.encode(surface, level: level), toFile: path)
    }

    /// Moves every staged file into place, all or none.
    /// - Throws: `PNGError.cannotWrite` naming the destination that failed
    ///   and why; then no destination has changed, and no temporary or
    ///   backup file is left.
    public func commit() throws(PNGError) {
        precondition(!isFinished, "FileTransaction: commit twice")
        defer { isFinished = true }
        // No change at all if a destination became a folder.
        for file in staged where AtomicFile.isFolder(file.destination) {
            discard()
            throw .cannotWrite(path: file.destination, reason: "it is a folder")
        }
        var done: [(file: Staged, backup: String?)] = []
        for file in staged {
            var backup: String?
            if AtomicFile.exists(file.destination) {
                let name = AtomicFile.temporaryName(besides: file.destination, kind: "bak")
                if link(file.destination, name) != 0 && rename(file.destination, name) != 0 {
                    let failure = AtomicFile.failure("cannot set aside the previous file as '\(name)'", errno)
                    rollBack(done)
                    throw .cannotWrite(path: file.destination, reason: failure)
                }
                backup = name
            }
            if rename(file.temporary, file.destination) != 0 {
                let failure = AtomicFile.failure("rename(2) of the temporary file failed", errno)
                if let backup { _ = rename(backup, file.destination) }
                rollBack(done)
                throw .cannotWrite(path: file.destination, reason: failure)
            }
            done.append((file, backup))
        }
        for (file, backup) in done {
            if let backup { unlink(backup) }
            AtomicFile.synchronizeDirectory(AtomicFile.split(file.destination).directory)
        }
        staged = []
    }

    /// Puts back the destinations `done` replaced (in reverse order) and
    /// removes every temporary file.
    private func rollBack(_ done: [(file: Staged, backup: String?)]) {
        for (file, backup) in done.reversed() {
            if let backup {
                _ = rename(backup, file.destination)
            } else {
                unlink(file.destination)
            }
        }
        discard()
    }

    /// Removes every staged temporary file; the transaction writes nothing.
    public func discard() {
        for file in staged { unlink(file.temporary) }
        staged = []
        isFinished = true
    }
}
