// Database: a folder -> the font files under it (.ttf .otf .ttc .otc, any
// case), found recursively in sorted order (a stable order for matching
// and fallback). Bounded: at most `maximumDepth` levels and
// `maximumFileCount` files; a folder met twice (a symbolic link loop) is
// walked once; unreadable folders are skipped. Files are only listed here;
// FontFile reads them (regular files only).

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

enum FontDirectory {
    /// Folders nested deeper than this are not entered.
    static let maximumDepth = 16
    /// The most font files listed from one folder tree (a system has a
    /// few hundred to a few thousand).
    static let maximumFileCount = 20_000
    /// The file name endings of font files.
    static let extensions: Set<String> = ["ttf", "otf", "ttc", "otc"]

    /// The font files under `path`, sorted by path; empty if it is not a
    /// readable folder.
    static func fontFiles(under path: String) -> [String] {
        var found: [String] = []
        var visited: Set<[UInt64]> = []
        walk(path, depth: 0, into: &found, visited: &visited)
        return found
    }

    /// Whether `name` ends in a font extension.
    static func isFontFileName(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: ".") else { return false }
        return extensions.contains(name[name.index(after: dot)...].lowercased())
    }

    private static func walk(_ path: String, depth: Int, into found: inout [String], visited: inout Set<[UInt64]>) {
        guard depth <= maximumDepth, found.count < maximumFileCount else { return }
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return }
        guard visited.insert([UInt64(status.st_dev), UInt64(status.st_ino)]).inserted else { return }
        guard let directory = opendir(path) else { return }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) {
                    String(cString: $0)
                }
            }
            if name != "." && name != ".." && !name.hasPrefix(".") { names.append(name) }
        }
        closedir(directory)
        for name in names.sorted() {
            guard found.count < maximumFileCount else { return }
            let child = path.hasSuffix("/") ? path + name : path + "/" + name
            var childStatus = stat()
            guard stat(child, &childStatus) == 0 else { continue }
            if childStatus.st_mode & S_IFMT == S_IFDIR {
                walk(child, depth: depth + 1, into: &found, visited: &visited)
            } else if childStatus.st_mode & S_IFMT == S_IFREG, isFontFileName(name) {
                found.append(child)
            }
        }
    }

    /// The folders system fonts live in (those that exist are walked):
    /// Linux's and macOS's usual places, the user's under `$HOME`.
    static func systemFolders() -> [String] {
        var folders: [String] = []
        let home = getenv("HOME").map { String(cString: $0) }
        #if os(macOS)
            folders = ["/System/Library/Fonts", "/Library/Fonts"]
            if let home { folders.append(home + "/Library/Fonts") }
        #else
            folders = ["/usr/share/fonts", "/usr/local/share/fonts"]
            if let home { folders += [home + "/.local/share/fonts", home + "/.fonts"] }
        #endif
        return folders
    }
}
