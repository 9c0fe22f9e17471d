// The jpeg and gif fuzz drivers, seeded and bounded: the fixtures of
// Tests/HairlinePNGTests/Fixtures/images and byte-level mutations of them.
// A trap or a malformed image stops the process, so reaching the end is
// the assertion; the seeds are checked to decode, so the drivers reach
// their checks.

import Hairline
@testable import HairlineFuzz
import HairlinePNG
import HairlineTestSupport
import Testing

extension FuzzDriverTests {
    /// The fixture files with extension `ext`.
    static func imageSeeds(_ names: [String]) -> [[UInt8]] {
        names.compactMap { RepositoryFiles.bytes(at: "Tests/HairlinePNGTests/Fixtures/images/" + $0) }
    }

    static let jpegSeedNames = [
        "baseline-420.jpg", "progressive-420.jpg", "restart-rows-progressive.jpg", "cmyk-progressive-odd.jpg",
        "gray-progressive-odd.jpg", "sample-2x2-progressive-restart.jpg", "odd-422.jpg",
    ]
    static let gifSeedNames = [
        "interlaced.gif", "subframe.gif", "transparent.gif", "long-runs.gif", "two-colors-odd.gif",
    ]

    @Test func jpegDriver() throws {
        let seeds = Self.imageSeeds(Self.jpegSeedNames)
        #expect(seeds.count == Self.jpegSeedNames.count)
        for seed in seeds { #expect(try JPEGDecoder.decode(seed).width > 0) }
        try run("jpeg", seeds: seeds, count: 1500, seed: 33)
    }

    @Test func gifDriver() throws {
        let seeds = Self.imageSeeds(Self.gifSeedNames)
        #expect(seeds.count == Self.gifSeedNames.count)
        for seed in seeds { #expect(try GIFDecoder.decode(seed).width > 0) }
        try run("gif", seeds: seeds, count: 1500, seed: 34)
    }
}
