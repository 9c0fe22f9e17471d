// Hostile input: every prefix of a few JPEG and GIF fixtures, and seeded
// random byte flips, either throw the format's typed error or decode to a
// well-formed image; never trap or hang (a hang would stall the suite).
// Prefixes that end inside a segment or a scan's data throw `.truncated`
// (or, for a JPEG scan cut at a marker, `.invalidScanData`).

import Hairline
@testable import HairlinePNG
import HairlineTestSupport
import Testing

@Suite struct ImageCorruptionTests {
    static let jpegs = [
        "baseline-420.jpg", "progressive-420.jpg", "restart-rows-progressive.jpg", "cmyk-progressive-odd.jpg",
    ]
    static let gifs = ["interlaced.gif", "subframe.gif", "full-table-deferred.gif"]

    /// Checks what a decode of damaged bytes gave: an error of the right
    /// type (the signature forces the type) or a well-formed image.
    static func checkWellFormed(_ image: Image) {
        #expect(image.pixels.count == image.width * image.height)
        for pixel in image.pixels {
            let c = PremultipliedColor(packed: pixel)
            if c.red > c.alpha || c.green > c.alpha || c.blue > c.alpha {
                Issue.record("pixel \(c) is not premultiplied")
                return
            }
        }
    }

    @Test(arguments: jpegs) func everyJPEGPrefix(_ name: String) throws {
        let bytes = try ImageFixtures.bytes(name)
        let full = try JPEGDecoder.decode(bytes)
        var decoded = 0
        for length in 0..<bytes.count {
            do {
                // A prefix that ends between segments after a complete scan
                // decodes (EOI is optional; a progressive file shows the
                // scans it has), at the full size.
                let image = try JPEGDecoder.decode(Array(bytes[0..<length]))
                #expect(image.width == full.width && image.height == full.height)
                Self.checkWellFormed(image)
                if length >= bytes.count - 2 { #expect(image == full) }
                // The cut is at a marker (within the last scan's final
                // padding byte or two, or just after a marker's FF).
                let nearMarker = (max(0, length - 1)..<min(length + 3, bytes.count - 1)).contains {
                    bytes[$0] == 0xFF && bytes[$0 + 1] != 0 && bytes[$0 + 1] != 0xFF
                }
                #expect(nearMarker || length >= bytes.count - 2, "\(name): prefix of \(length) bytes decoded")
                decoded += 1
            } catch {
                switch error {
                case .truncated, .notJPEG, .missingFrame, .invalidScanData: break
                default: Issue.record("\(name) prefix \(length): unexpected \(error)")
                }
            }
        }
        #expect(decoded >= 2)
    }

    @Test(arguments: gifs) func everyGIFPrefix(_ name: String) throws {
        let bytes = try ImageFixtures.bytes(name)
        for length in 0..<bytes.count {
            do {
                let image = try GIFDecoder.decode(Array(bytes[0..<length]))
                Self.checkWellFormed(image)
            } catch {
                switch error {
                case .truncated, .notGIF, .missingImage: break
                default: Issue.record("\(name) prefix \(length): unexpected \(error)")
                }
            }
        }
    }

    /// Seeded flips, stores and deletions of random bytes past the
    /// signature; the seed is printed by the failing expectation.
    @Test(arguments: jpegs + gifs) func randomDamage(_ name: String) throws {
        let original = try ImageFixtures.bytes(name)
        var random = SplitMix64(seed: 0x1A2B_3C4D ^ UInt64(original.count))
        let limits = ImageDecoder.Limits(maximumDimension: 4096, maximumPixelCount: 1 << 20)
        for trial in 0..<400 {
            var bytes = original
            for _ in 0...Int(random.next() % 4) {
                let at = 6 + Int(random.next() % UInt64(bytes.count - 6))
                switch random.next() % 3 {
                case 0: bytes[at] ^= UInt8(1 << (random.next() % 8))
                case 1: bytes[at] = UInt8(truncatingIfNeeded: random.next())
                default: bytes.remove(at: at)
                }
            }
            do {
                Self.checkWellFormed(try ImageDecoder.decode(bytes, limits: limits))
            } catch {
                switch error {
                case .jpeg, .gif: break
                default: Issue.record("\(name) trial \(trial): unexpected \(error)")
                }
            }
        }
    }
}
