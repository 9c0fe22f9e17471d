// Test support: files of the repository that tests read (fuzz seeds,
// fixtures), found from the package root as the goldens are.

import Foundation

/// Reads files of the repository by their path from its root.
public enum RepositoryFiles {
    /// The absolute path of `path` (relative to the package root).
    public static func path(_ path: String) -> String {
        GoldenImages.repositoryRoot.appendingPathComponent(path).path
    }

    /// The bytes of the file at `path` (relative to the package root), or
    /// nil if it cannot be read.
    public static func bytes(at path: String) -> [UInt8]? {
        (try? Data(contentsOf: GoldenImages.repositoryRoot.appendingPathComponent(path))).map { [UInt8]($0) }
    }
}
