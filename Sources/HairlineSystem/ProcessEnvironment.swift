// System: what the process is given and where it writes: environment
// variables, the home and current folders, whether a descriptor is a
// terminal, the number of processors, and unbuffered writes of text to
// standard error (as FileHandle.standardError.write did).

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#else
    #error("HairlineSystem needs a POSIX C library")
#endif

/// The process's environment and standard streams.
public enum ProcessEnvironment {
    /// The value of the environment variable `name`, nil if unset.
    public static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The user's home folder: `$HOME`, nil if unset or empty (the
    /// password database is not read: the CLI is a static executable,
    /// where glibc's NSS lookups need the shared libraries).
    public static var homeDirectory: String? {
        guard let home = value("HOME"), !home.isEmpty else { return nil }
        return home
    }

    /// The process's current folder, absolute ("" if it cannot be read,
    /// e.g. it was removed).
    public static var currentDirectory: String {
        guard let cwd = getcwd(nil, 0) else { return "" }
        defer { free(cwd) }
        return String(cString: cwd)
    }

    /// Whether `descriptor` is a terminal.
    public static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    /// The processors online (at least 1).
    public static var processorCount: Int {
        max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }

    /// Writes `text` (UTF-8) to standard error at once, unbuffered,
    /// retrying short and interrupted writes; errors are ignored (there
    /// is nowhere to report them).
    public static func writeToStandardError(_ text: String) {
        var text = text
        text.withUTF8 { buffer in
            guard var base = buffer.baseAddress else { return }
            var left = buffer.count
            while left > 0 {
                let written = write(2, base, left)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                if written == 0 { return }
                base += written
                left -= written
            }
        }
    }
}
