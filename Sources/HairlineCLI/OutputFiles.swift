// The one writer of every command's PNGs (`render`, `table`, `--cells`,
// `gallery`): images are encoded and staged one at a time as they are
// rendered (so a run holds one surface at a time, not one per scale), and
// committed together at the end: either every file is in place, or none
// is and every file that was there before is unchanged. Folders that are
// missing are created first, with plain messages ("is not a folder",
// "permission denied") rather than error codes. Once in
// place, each file is reported (path, pixel size; RunReport).

import Hairline
import HairlinePNG
import HairlineSystem
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A run's output files, all or none, holding at most `maximumPixels`
/// pixels in all.
final class OutputFiles: @unchecked Sendable {
    /// Every run's destinations and created folders, for `abandonAll`
    /// (another thread: the CPU watchdog).
    private static let registryLock = SystemLock()
    nonisolated(unsafe) private static var registeredDestinations: [String] = []
    nonisolated(unsafe) private static var registeredFolders: [String] = []
    nonisolated(unsafe) private static var isCommitting = false
    nonisolated(unsafe) private static var isAbandoned = false

    /// Removes whatever the runs have staged: each destination's temporary
    /// files of this process, and the folders they created (empty ones);
    /// no commit starts after. False (and nothing done) while a commit is
    /// under way: it is short (renames only), and the run then ends by
    /// itself with every file in place.
    static func abandonAll() -> Bool {
        registryLock.lock()
        if isCommitting {
            registryLock.unlock()
            return false
        }
        let pid = getpid()
        for destination in registeredDestinations {
            let slash = destination.lastIndex(of: "/")
            let folder = slash.map { String(destination[..<$0]) } ?? "."
            let name = slash.map { String(destination[destination.index(after: $0)...]) } ?? destination
            let prefix = "." + name.prefix(64) + ".tmp-\(pid)-"
            guard let entries = FilePaths.entries(of: folder.isEmpty ? "/" : folder)
            else { continue }
            for entry in entries where entry.hasPrefix(prefix) { unlink((folder.isEmpty ? "" : folder) + "/" + entry) }
        }
        for folder in registeredFolders.reversed() { rmdir(folder) }
        // No commit may start: the process is about to exit.
        isAbandoned = true
        registryLock.unlock()
        return true
    }

    private let transaction = FileTransaction()
    /// The most pixels the run's images may hold together (`--max-pixels`).
    let maximumPixels: Int
    private var pixels = 0
    /// The files staged so far, with their pixel sizes, in order.
    private(set) var written: [(path: String, width: Int, height: Int)] = []
    /// Outputs whose pixels were counted before they were rendered.
    private var counted: Set<String> = []

    /// The default of `--max-pixels`: 64 Mi pixels (256 MiB of RGBA), so
    /// that a run's images, their encoding and its inputs fit in 1 GiB
    /// and take seconds.
    static let defaultMaximumPixels = 64 << 20

    /// How hard the PNGs are compressed (`--png-level`).
    let pngLevel: PNGCompressionLevel

    init(maximumPixels: Int = OutputFiles.defaultMaximumPixels, pngLevel: PNGCompressionLevel = .default) {
        self.maximumPixels = maximumPixels
        self.pngLevel = pngLevel
    }

    /// Counts an image of `width` x `height` pixels for `path` before it
    /// is rendered.
    /// - Throws: `OutputError.tooManyPixels` if the run's images would hold
    ///   more than `maximumPixels`.
    func reserve(width: Int, height: Int, for path: String) throws {
        let (total, overflow) = pixels.addingReportingOverflow(
            width.multipliedReportingOverflow(by: height).partialValue)
        guard !overflow, total <= maximumPixels else {
            throw OutputError.tooManyPixels(
                path: path, width: width, height: height, used: pixels, limit: maximumPixels)
        }
        pixels = total
        counted.insert(path)
        ProgressLine.shared.update("rendering \(EchoedText.shown(path))", staged: written.count)
    }
    /// Resolved paths no output may replace (the run's inputs), and what
    /// each is.
    private var protected: [String: String] = [:]
    private(set) var count = 0
    /// Folders this run created, removed again if it fails.
    private var createdFolders: [String] = []
    private var committed = false

    deinit {
        guard !committed else { return }
        transaction.discard()
        for folder in createdFolders.reversed() { rmdir(folder) }
    }

    /// Refuses any output that resolves to `path` (`what` names it in the
    /// message: "the input file", "a file the spec reads").
    func protect(_ path: String, as what: String) {
        protected[FileBytes.resolvedPath(path)] = what
    }

    /// Encodes `surface` at `pngLevel` and stages it for `path` (its folder created if
    /// missing).
    /// With `countingPixels` false (a tile of a tiled run, held alone and
    /// checked alone) its pixels do not count towards `maximumPixels`.
    func add(_ surface: Surface, path: String, countingPixels: Bool = true) throws {
        if let what = protected[FileBytes.resolvedPath(path)] {
            throw CommandLineError.outputWouldOverwriteInput(path, what: what)
        }
        if countingPixels && !counted.contains(path) {
            try reserve(width: surface.width, height: surface.height, for: path)
        }
        let folders = try createFolder(for: path)
        createdFolders += folders
        Self.registryLock.lock()
        Self.registeredDestinations.append(path)
        Self.registeredFolders += folders
        Self.registryLock.unlock()
        try transaction.stage(surface, toFile: path, level: pngLevel)
        count += 1
        written.append((path, surface.width, surface.height))
        ProgressLine.shared.update("staged \(EchoedText.shown(path))", staged: written.count)
    }

    /// Puts every staged file in place, or none; first checks every
    /// destination against the protected files again (inputs read after
    /// an output was staged, as a spec's images at a later scale).
    func commit() throws {
        for path in transaction.destinations {
            if let what = protected[FileBytes.resolvedPath(path)] {
                throw CommandLineError.outputWouldOverwriteInput(path, what: what)
            }
        }
        Self.registryLock.lock()
        guard !Self.isAbandoned else {
            Self.registryLock.unlock()
            // The watchdog has stopped the run: wait for it to exit.
            while true { sleep(1) }
        }
        Self.isCommitting = true
        Self.registryLock.unlock()
        defer {
            Self.registryLock.lock()
            Self.isCommitting = false
            Self.registryLock.unlock()
        }
        try transaction.commit()
        committed = true
        RunReport.printWritten(written)
    }
}

/// The default output for `input` (without `-o`): its file name with
/// `.png`, in the current folder, never beside the input
/// (`../specs/table.json` gives `table.png`).
func defaultOutput(for input: String) -> String {
    let name = FilePaths.lastComponent(FilePaths.deletingExtension(input))
    return (name.isEmpty || name == "/" ? "output" : name) + ".png"
}

/// Creates the folder that will hold `path`, and any missing folder above
/// it; returns the folders it created, outermost first.
/// - Throws: `OutputError.cannotCreateFolder` naming the folder and what
///   is wrong ("a file is in the way: it is not a folder", "permission
///   denied").
@discardableResult
func createFolder(for path: String) throws -> [String] {
    guard let slash = path.lastIndex(of: "/") else { return [] }
    var created: [String] = []
    let folder = String(path[..<slash])
    var prefix = path.hasPrefix("/") ? "" : "."
    for component in folder.split(separator: "/", omittingEmptySubsequences: true) {
        prefix += "/" + component
        var status = stat()
        if stat(prefix, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else {
                throw OutputError.cannotCreateFolder(path: prefix, reason: "a file is in the way: it is not a folder")
            }
            continue
        }
        if mkdir(prefix, 0o755) == 0 {
            created.append(prefix)
        } else if errno != EEXIST {
            let code = errno
            let reason =
                code == EACCES || code == EPERM
                ? "permission denied"
                : code == ENOTDIR
                    ? "a file on its path is not a folder"
                    : String(cString: strerror(code)) + " (errno \(code))"
            for folder in created.reversed() { rmdir(folder) }
            throw OutputError.cannotCreateFolder(path: prefix, reason: reason)
        }
    }
    return created
}

/// A problem with an output of any command.
enum OutputError: Error, CustomStringConvertible {
    case cannotCreateFolder(path: String, reason: String)
    case tooManyPixels(path: String, width: Int, height: Int, used: Int, limit: Int)

    var description: String {
        switch self {
        case .cannotCreateFolder(let p, let r): return "cannot create the folder \(EchoedText.quoted(p)): \(r)"
        case .tooManyPixels(let p, let w, let h, let used, let limit):
            return "\(EchoedText.quoted(p)) would be \(w) x \(h) pixels: with the \(used) of the run's other images, "
                + "more than the limit of \(limit) pixels (--max-pixels raises it)"
        }
    }
}
