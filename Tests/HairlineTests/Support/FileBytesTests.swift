// Support: FileBytes against the bytes written, at the sizes around its
// read size (the announced size read into the array's storage, the end
// found by one more read), the cap (at, under and over it), prefixes, a
// file whose announced size is 0 but which has contents (a /proc file:
// the reads after the announced size), and the kinds of file it refuses.

import Foundation
import Testing
@testable import Hairline
import HairlineTestSupport

@Suite struct FileBytesTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("FileBytesTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func wholeFilesAndPrefixesAreTheBytesWritten() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var random = SplitMix64(seed: 0xF11E)
        let chunk = FileBytes.readSize
        for size in [0, 1, 7, chunk - 1, chunk, chunk + 1, 3 * chunk + 5, 1 << 20] {
            let written = (0..<size).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let file = folder.appendingPathComponent("f\(size)").path
            try Data(written).write(to: URL(fileURLWithPath: file))
            #expect(try FileBytes.read(file, maximumByteCount: size) == written, "\(size)")
            #expect(try FileBytes.read(file, maximumByteCount: size + 1 << 20) == written, "\(size)")
            if size > 0 {
                #expect(throws: FileReadError(path: file, reason: .tooLarge(byteCount: size, limit: size - 1))) {
                    try FileBytes.read(file, maximumByteCount: size - 1)
                }
            }
            for prefix in [0, 1, 100, chunk, size, size + 9] {
                let (bytes, fileSize) = try FileBytes.readPrefix(file, byteCount: prefix)
                #expect(bytes == Array(written.prefix(prefix)) && fileSize == size, "\(size), prefix \(prefix)")
            }
        }
    }

    #if os(Linux)
        /// /proc files announce 0 bytes: everything comes from the reads
        /// past the announced size, within the cap.
        @Test func filesLongerThanAnnouncedAreReadToTheirEnd() throws {
            let bytes = try FileBytes.read("/proc/self/status", maximumByteCount: 1 << 20)
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(text.hasPrefix("Name:") && text.contains("\nPid:") && text.hasSuffix("\n"), "\(text.prefix(80))")
            let limit = bytes.count / 2
            #expect(throws: FileReadError.self) { try FileBytes.read("/proc/self/status", maximumByteCount: limit) }
            do {
                _ = try FileBytes.read("/proc/self/status", maximumByteCount: limit)
            } catch {
                guard case .tooLarge(let count, limit) = error.reason else {
                    Issue.record("\(error)")
                    return
                }
                #expect(count > limit)
            }
        }
    #endif

    @Test func foldersMissingFilesAndPipesAreRefusedPlainly() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: FileReadError(path: folder.path, reason: .isFolder)) {
            try FileBytes.read(folder.path, maximumByteCount: 10)
        }
        let missing = folder.appendingPathComponent("none").path
        #expect(throws: FileReadError(path: missing, reason: .notFound)) {
            try FileBytes.read(missing, maximumByteCount: 10)
        }
        let pipe = folder.appendingPathComponent("pipe").path
        #expect(mkfifo(pipe, 0o600) == 0)
        #expect(throws: FileReadError(path: pipe, reason: .notRegularFile(kind: "a named pipe (FIFO)"))) {
            try FileBytes.read(pipe, maximumByteCount: 10)
        }
        #expect(throws: FileReadError(path: pipe, reason: .notRegularFile(kind: "a named pipe (FIFO)"))) {
            try FileBytes.readPrefix(pipe, byteCount: 10)
        }
    }
}
