// The format-sniffing entry point: PNG, JPEG and GIF by signature, whatever
// the file is called; WebP and other known formats a clear
// `unsupportedFormat`; errors wrap the format's own with its offset.

import Foundation
import Hairline
@testable import HairlinePNG
import Testing

@Suite struct ImageDecoderTests {
    @Test func sniffsEachFormat() throws {
        #expect(ImageDecoder.Format(sniffing: try ImageFixtures.bytes("gray.jpg")) == .jpeg)
        #expect(ImageDecoder.Format(sniffing: try ImageFixtures.bytes("basic-87a.gif")) == .gif)
        #expect(ImageDecoder.Format(sniffing: try ImageFixtures.bytes("gray.ref.png")) == .png)
        #expect(ImageDecoder.Format(sniffing: [UInt8]()) == nil)
        #expect(ImageDecoder.Format(sniffing: [0xFF, 0xD8]) == .jpeg)
    }

    @Test(arguments: ["gray.jpg", "progressive-420.jpg", "transparent.gif", "subframe.gif"])
    func decodesLikeTheFormatDecoder(_ name: String) throws {
        let bytes = try ImageFixtures.bytes(name)
        let viaSniffing = try ImageDecoder.decode(bytes)
        let direct = name.hasSuffix(".jpg") ? try JPEGDecoder.decode(bytes) : try GIFDecoder.decode(bytes)
        #expect(viaSniffing == direct)
        #expect(try ImageDecoder.decode(contentsOfFile: "\(ImageFixtures.directory)/\(name)") == direct)
    }

    /// Fuzz finding: a stray byte after SOI (skipped by JPEGDecoder, as
    /// libjpeg does) must not make the sniffing entry point disagree.
    @Test func strayByteAfterSOI() throws {
        let gray = try ImageFixtures.bytes("gray.jpg")
        let bytes = [0xFF, 0xD8, 0xF5] + gray[2...]
        #expect(try ImageDecoder.decode(bytes) == JPEGDecoder.decode(gray))
    }

    @Test func decodesPNG() throws {
        let path = "\(ImageFixtures.directory)/gray.ref.png"
        #expect(try ImageDecoder.decode(contentsOfFile: path) == PNGDecoder.decode(contentsOfFile: path).image())
    }

    @Test func webPIsUnsupported() {
        let webP = Array("RIFF".utf8) + [0x24, 0, 0, 0] + Array("WEBPVP8 ".utf8) + [UInt8](repeating: 0, count: 20)
        #expect(throws: ImageDecoderError.unsupportedFormat("WebP")) { try ImageDecoder.decode(webP) }
        #expect(throws: ImageDecoderError.unsupportedFormat("BMP")) {
            try ImageDecoder.decode(Array("BM".utf8) + [0, 0, 0, 0])
        }
        #expect(throws: ImageDecoderError.unknownFormat) { try ImageDecoder.decode(Array("hello".utf8)) }
    }

    /// resvg-tests' image.webp (see Fixtures/images/README.txt): WebP is
    /// named, not decoded.
    @Test func resvgWebP() throws {
        #expect(throws: ImageDecoderError.unsupportedFormat("WebP")) {
            try ImageDecoder.decode(ImageFixtures.bytes("resvg-image.webp"))
        }
    }

    @Test func wrapsTheFormatError() throws {
        let bytes = Array(try ImageFixtures.bytes("baseline-420.jpg").prefix(300))
        #expect {
            try ImageDecoder.decode(bytes)
        } throws: { error in
            guard case .jpeg(.truncated) = error as? ImageDecoderError else { return false }
            return true
        }
        #expect(throws: ImageDecoderError.gif(.missingImage)) {
            try ImageDecoder.decode(Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0, 0x3B])
        }
    }

    @Test func unreadableFile() {
        #expect {
            try ImageDecoder.decode(contentsOfFile: "/nonexistent/hairline.jpg")
        } throws: { error in
            guard case .cannotRead(path: "/nonexistent/hairline.jpg", reason: let reason) = error as? ImageDecoderError
            else { return false }
            return reason == "no such file"
        }
    }

    /// resvg-tests' resources/image.jpg and image.gif (MIT licence, in
    /// Fixtures/images/resvg-LICENSE-MIT), copied as resvg-image.jpg and
    /// resvg-image-gif.gif: the JPEG (progressive 4:2:0) against Pillow's
    /// decode, the GIF (transparent, interlaced) exactly.
    @Test(arguments: ["resvg-image.jpg", "resvg-image-gif.gif"]) func resvgImages(_ name: String) throws {
        let image = try ImageDecoder.decode(ImageFixtures.bytes(name))
        let reference = try ImageFixtures.reference(name)
        let difference = try #require(ImageFixtures.maximumDifference(image, reference))
        #expect(difference <= (name.hasSuffix(".jpg") ? 2 : 0), "\(name): \(difference)")
    }
}
