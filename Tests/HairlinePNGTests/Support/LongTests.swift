// Test support: switches for slow tests and optional external tools, read
// once from the environment so that default runs stay fast and hermetic.

import Foundation

enum LongTests {
    /// Whether HAIRLINE_LONG_TESTS=1 asks for the multi-megabyte runs.
    static let isEnabled = ProcessInfo.processInfo.environment["HAIRLINE_LONG_TESTS"] == "1"
}

/// Runs `python3` when it is installed, for optional cross-checks.
enum Python {
    /// The python3 found on PATH, if it runs and has zlib.
    static let executable: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/python3"
            guard FileManager.default.isExecutableFile(atPath: candidate) else { continue }
            if (try? run(candidate, ["-c", "import zlib"])) == 0 { return candidate }
            return nil
        }
        return nil
    }()

    static var isAvailable: Bool { executable != nil }

    /// Runs `python3 -c script arguments...` and returns its exit status.
    static func run(script: String, arguments: [String]) throws -> Int32 {
        guard let executable else { return -1 }
        return try run(executable, ["-c", script] + arguments)
    }

    private static func run(_ executable: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
