// Tests of the gzip container (RFC 1952): a member made by Python's gzip
// module inflates to its text; a bad magic, method, checksum or length, a
// truncation and an output past the limit throw typed errors; optional
// header fields are stepped over.

import Testing
@testable import HairlinePNG

@Suite struct GzipStreamTests {
    /// `gzip.compress(b"hello, gzip", mtime=0)` from Python 3.
    static let hello: [UInt8] = [
        31, 139, 8, 0, 0, 0, 0, 0, 2, 3, 203, 72, 205, 201, 201, 215, 81, 72, 175, 202, 44, 0, 0,
        74, 155, 177, 92, 11, 0, 0, 0,
    ]

    @Test func inflatesAMember() throws {
        #expect(try GzipStream.decompress(Self.hello, maximumOutputSize: 100) == Array("hello, gzip".utf8))
        #expect(GzipStream.hasMagic(Self.hello))
    }

    @Test func skipsAFileName() throws {
        // FNAME set, "a.txt\0" inserted after the fixed header.
        var named = Self.hello
        named[3] = GzipStream.nameFlag
        named.insert(contentsOf: Array("a.txt".utf8) + [0], at: GzipStream.headerByteCount)
        #expect(try GzipStream.decompress(named, maximumOutputSize: 100) == Array("hello, gzip".utf8))
    }

    @Test func rejectsBadInput() {
        var badMagic = Self.hello
        badMagic[1] = 0
        #expect(throws: ZlibError.self) { try GzipStream.decompress(badMagic, maximumOutputSize: 100) }
        var badMethod = Self.hello
        badMethod[2] = 7
        #expect(throws: ZlibError.self) { try GzipStream.decompress(badMethod, maximumOutputSize: 100) }
        var badCRC = Self.hello
        badCRC[Self.hello.count - 8] ^= 1
        #expect(throws: ZlibError.self) { try GzipStream.decompress(badCRC, maximumOutputSize: 100) }
        var badLength = Self.hello
        badLength[Self.hello.count - 4] ^= 1
        #expect(throws: ZlibError.self) { try GzipStream.decompress(badLength, maximumOutputSize: 100) }
        #expect(throws: ZlibError.self) {
            try GzipStream.decompress(Array(Self.hello.prefix(20)), maximumOutputSize: 100)
        }
        #expect(throws: ZlibError.self) {
            try GzipStream.decompress(Array(Self.hello.prefix(5)), maximumOutputSize: 100)
        }
        #expect(throws: ZlibError.self) { try GzipStream.decompress(Self.hello, maximumOutputSize: 4) }
    }
}
