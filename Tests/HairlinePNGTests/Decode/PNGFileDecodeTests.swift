// Tests of decoding from files: a written PNG reads back, and missing
// files, directories and files over the size limit throw `.cannotRead`
// naming the path and the cause.

import Foundation
import Hairline
import Testing
@testable import HairlinePNG

@Suite struct PNGFileDecodeTests {
    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("hairline-pngdec-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test func writtenFilesDecode() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let surface = try PNGRoundTripTests.randomSurface(width: 23, height: 9, seed: 5)
        let path = directory.appendingPathComponent("a.png").path
        try PNGEncoder.write(surface, toFile: path)
        let decoded = try PNGDecoder.decode(contentsOfFile: path)
        #expect(decoded.rgba8 == PNGEncoderTests.expectedPixels(of: surface))
        // The PngSuite fixtures read from disk too.
        let suite = try PNGDecoder.decode(contentsOfFile: PngSuiteFixtures.directory + "/basn6a08.png")
        #expect(suite.width == 32)
    }

    @Test func unreadableFilesThrowCannotRead() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("missing.png").path
        func reason(_ path: String, limits: PNGDecoder.Limits = .default) -> String? {
            do {
                _ = try PNGDecoder.decode(contentsOfFile: path, limits: limits)
                return nil
            } catch {
                guard case .cannotRead(path, let reason) = error else { return "wrong error \(error)" }
                return reason
            }
        }
        #expect(reason(missing) == "no such file")
        #expect(reason(directory.path) == "is a folder, not a file")
        let file = directory.appendingPathComponent("big.png")
        try Data(PNGEncoder.encode(try Surface(width: 64, height: 64))).write(to: file)
        #expect(
            reason(file.path, limits: PNGDecoder.Limits(maximumFileByteCount: 10))?.contains("above the limit of 10")
                == true)
        #expect(reason(file.path) == nil)
    }
}
