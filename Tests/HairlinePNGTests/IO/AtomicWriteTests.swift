// Tests of the atomic file write: a good write leaves exactly the encoded
// bytes and no temporary file; a failed write (missing directory, a
// directory in the way, a path naming no file) throws `PNGError` with the
// path and reason, and leaves nothing behind.

import Foundation
import Hairline
import Testing
@testable import HairlinePNG

@Suite struct AtomicWriteTests {
    /// A fresh empty directory, removed by the caller.
    static func makeDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("hairline-png-\(UInt64.random(in: 0...UInt64.max))").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func surface(_ color: PremultipliedColor) throws -> Surface {
        let surface = try Surface(width: 17, height: 5)
        surface.clear(to: color)
        return surface
    }

    @Test func writesTheEncodedBytesAndNothingElse() throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/image.png"
        let surface = try Self.surface(PremultipliedColor(red: 10, green: 20, blue: 30, alpha: 40))
        try PNGEncoder.write(surface, toFile: path)
        let written = try #require(FileManager.default.contents(atPath: path))
        #expect([UInt8](written) == PNGEncoder.encode(surface))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["image.png"])
    }

    @Test func replacesAnExistingFile() throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/image.png"
        try Data("old contents".utf8).write(to: URL(fileURLWithPath: path))
        let surface = try Self.surface(PremultipliedColor(red: 255, green: 255, blue: 255, alpha: 255))
        try PNGEncoder.write(surface, toFile: path)
        #expect(FileManager.default.contents(atPath: path).map { [UInt8]($0) } == PNGEncoder.encode(surface))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["image.png"])
    }

    @Test func missingDirectoryThrowsAndLeavesNoFile() throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/missing/image.png"
        let surface = try Self.surface(.clear)
        let error = #expect(throws: PNGError.self) { try PNGEncoder.write(surface, toFile: path) }
        guard case .cannotWrite(let reportedPath, let reason)? = error else {
            Issue.record("expected cannotWrite, got \(String(describing: error))")
            return
        }
        #expect(reportedPath == path)
        #expect(reason == "its folder does not exist")
        #expect(error?.description.contains(path) == true)
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }

    @Test func directoryInTheWayThrowsAndCleansUp() throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/taken"
        try FileManager.default.createDirectory(atPath: path + "/inside", withIntermediateDirectories: true)
        let error = #expect(throws: PNGError.self) { try PNGEncoder.write(Self.surface(.clear), toFile: path) }
        guard case .cannotWrite(_, let reason)? = error else {
            Issue.record("expected cannotWrite, got \(String(describing: error))")
            return
        }
        #expect(reason == "it is a folder")
        // The directory is untouched and no temporary file remains.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["taken"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: path) == ["inside"])
    }

    @Test(arguments: ["", "/", "some/dir/", "dir/.."])
    func pathsNamingNoFileThrow(path: String) throws {
        #expect(throws: PNGError.self) { try PNGEncoder.write(Self.surface(.clear), toFile: path) }
    }

    @Test func splitsPathsIntoDirectoryAndName() {
        #expect(AtomicFile.split("a.png") == ("", "a.png"))
        #expect(AtomicFile.split("/a.png") == ("/", "a.png"))
        #expect(AtomicFile.split("x/y/a.png") == ("x/y/", "a.png"))
        #expect(AtomicFile.split("x/") == ("x/", ""))
    }
}
