// Test fixtures: Unicode's conformance files (Tests/HairlineTextTests/
// Fixtures/Unicode, gzipped, Unicode License), inflated with HairlinePNG's
// GzipStream and split into lines. A deterministic sample keeps debug runs
// fast; HAIRLINE_UNICODE_FULL=1 runs every line.

import Foundation
import HairlinePNG
import HairlineTestSupport

enum UnicodeFixtures {
    /// The lines of fixture `name` (e.g. "BidiTest.txt"), comments and
    /// blank lines kept out only by the callers.
    static func lines(_ name: String) throws -> [Substring] {
        let path = "Tests/HairlineTextTests/Fixtures/Unicode/" + name + ".gz"
        guard let bytes = RepositoryFiles.bytes(at: path) else { throw FixtureMissing(path: path) }
        let text = try GzipStream.decompress(bytes, maximumOutputSize: 64 << 20)
        return String(decoding: text, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
    }

    /// Whether every case runs (HAIRLINE_UNICODE_FULL set), else every
    /// `sampleStride`-th data line.
    static var runsAll: Bool { ProcessInfo.processInfo.environment["HAIRLINE_UNICODE_FULL"] == "1" }

    struct FixtureMissing: Error { let path: String }
}
