// Hostile specs: the example specs mutated at random (bytes flipped,
// inserted, deleted, duplicated), seeded so a failure names its seed. The
// reader never traps: each mutant either throws a TableSpecError with a
// path and a place inside the text, or reads to a table that lays out.

import Foundation
import HairlineCells
import HairlineTableSpec
import HairlineTestSupport
import Testing

@Suite struct SpecMutationTests {
    /// Mutants per example spec (more with HAIRLINE_LONG_TESTS=1).
    static var mutantCount: Int {
        ProcessInfo.processInfo.environment["HAIRLINE_LONG_TESTS"] == "1" ? 20_000 : 300
    }

    /// Bytes that change a spec's structure when inserted.
    static let structural = Array("{}[],:\"\\-0e.".utf8)

    @Test(arguments: ExampleSpecTests.names) func mutantsThrowOrRead(_ name: String) throws {
        let folder = RepositoryFiles.path("Examples/tables")
        let original = try #require(RepositoryFiles.bytes(at: "Examples/tables/\(name).json"))
        var random = SplitMix64(seed: UInt64(original.count))
        var read = 0
        for index in 0..<Self.mutantCount {
            var bytes = original
            for _ in 0...random.int(in: 0...3) {
                let at = random.int(in: 0...(bytes.count - 1))
                switch random.int(in: 0...4) {
                case 0: bytes[at] ^= UInt8(1 << random.int(in: 0...7))
                case 1: bytes.insert(Self.structural[random.int(in: 0...(Self.structural.count - 1))], at: at)
                case 2: bytes.remove(at: at)
                case 3:
                    let copy = Array(bytes[at..<min(bytes.count, at + random.int(in: 1...24))])
                    bytes.insert(contentsOf: copy, at: at)
                default: bytes[at] = UInt8(truncatingIfNeeded: random.int(in: 0...255))
                }
            }
            do {
                let spec = try TableSpec(json: bytes, baseDirectory: folder)
                _ = try spec.table.layout()
                read += 1
            } catch let error as TableSpecError {
                let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count
                if let location = error.location {
                    #expect(
                        location.line >= 1 && location.line <= lines && location.column >= 1,
                        "mutant \(index) of \(name) (seed \(original.count)): \(error)")
                }
                #expect(error.path?.hasPrefix("$") != false, "\(error)")
            }
        }
        // Some mutants (a changed digit or letter in a string) still read.
        #expect(read > 0)
    }
}
