// System: file paths and folders without Foundation. Paths are text with
// `/` separators; `absolute` makes one absolute the way Foundation's
// URL(fileURLWithPath:).path did: a leading `~/` is the home folder; a
// relative path is joined to the current folder and its `.` and `..`
// segments are removed (RFC 3986 §5.2.4, lexically, no link followed); an
// absolute path is kept as written; trailing slashes go. The name parts
// (extension, last component) follow URL's rules: a name that starts with
// its only dot has no extension. Folders: whether a path exists, is a
// folder or a regular file, and the names in a folder.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#else
    #error("HairlineSystem needs a POSIX C library")
#endif

/// Path arithmetic and folder queries.
public enum FilePaths {
    /// `path` made absolute: `~/x` -> home/x; `x` -> current/x with its
    /// dot segments removed (`a/./b/../c` -> current/a/c); an absolute
    /// path as written. Trailing slashes are dropped ("/" stays).
    public static func absolute(_ path: String) -> String {
        var full: String
        if path == "~" || path.hasPrefix("~/"), let home = ProcessEnvironment.homeDirectory {
            full = home + String(path.dropFirst())
        } else if path.hasPrefix("/") {
            full = path
        } else {
            // Dot segments of the relative part go; empty ones stay.
            var parts = ProcessEnvironment.currentDirectory.split(separator: "/", omittingEmptySubsequences: false)
                .map(String.init)
            if parts.last == "" { parts.removeLast() }
            let relative = path.split(separator: "/", omittingEmptySubsequences: false)
            for (index, part) in relative.enumerated() {
                let isLast = index == relative.count - 1
                if part == "." {
                    if isLast { parts.append("") }
                    continue
                }
                if part == ".." {
                    if parts.count > 1 { parts.removeLast() }
                    if isLast { parts.append("") }
                    continue
                }
                parts.append(String(part))
            }
            full = parts.joined(separator: "/")
        }
        while full.count > 1 && full.hasSuffix("/") { full.removeLast() }
        return full.isEmpty ? "/" : full
    }

    /// The last component of `path` ("/" for the root, "" for "").
    public static func lastComponent(_ path: String) -> String {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        guard let last = parts.last else { return path.isEmpty ? "" : "/" }
        return String(last)
    }

    /// The folder holding `path`, absolute (`absolute(path)` less its
    /// last component; "/" for the root).
    public static func folder(of path: String) -> String {
        var full = absolute(path)
        guard let slash = full.lastIndex(of: "/") else { return "/" }
        full.removeSubrange(slash...)
        while full.count > 1 && full.hasSuffix("/") { full.removeLast() }
        return full.isEmpty ? "/" : full
    }

    /// `component` appended to the folder `base` with one slash between.
    public static func appending(_ component: String, to base: String) -> String {
        if base.hasSuffix("/") { return base + component }
        return base + "/" + component
    }

    /// The extension of `path`'s last component (after its last dot,
    /// without the dot): "" when there is no dot, the dot is the first or
    /// the last character of the name, or the name is "/".
    public static func pathExtension(_ path: String) -> String {
        let name = lastComponent(path)
        guard name != "/", let dot = name.lastIndex(of: "."), dot != name.startIndex,
            name.index(after: dot) != name.endIndex
        else { return "" }
        return String(name[name.index(after: dot)...])
    }

    /// `absolute(path)` without its extension (and its dot), as
    /// URL.deletingPathExtension().path.
    public static func deletingExtension(_ path: String) -> String {
        let full = absolute(path)
        let ext = pathExtension(full)
        return ext.isEmpty ? full : String(full.dropLast(ext.count + 1))
    }

    /// What a path names: a regular file, a folder, or anything else (a
    /// pipe, socket or device).
    public enum Kind: Sendable, Equatable {
        case regularFile, folder, other
    }

    /// What is at `path` (links followed), nil if nothing.
    public static func kind(of path: String) -> Kind? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .regularFile
        case S_IFDIR: return .folder
        default: return .other
        }
    }

    /// Whether anything is at `path` (links followed), as
    /// FileManager.fileExists(atPath:).
    public static func exists(_ path: String) -> Bool { kind(of: path) != nil }

    /// The names in the folder `path` (not `.` and `..`), in the order
    /// the system lists them, at most `limit`; nil if it cannot be read.
    public static func entries(of path: String, limit: Int = 1 << 20) -> [String]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while names.count < limit, let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            names.append(name)
        }
        return names
    }
}
