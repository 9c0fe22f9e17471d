// The zlib stream made piece by piece (ZlibStream.Compressor) is the one
// made of the whole data at once, byte for byte, for every way of cutting
// the data: empty and tiny inputs, inputs around the matcher's lookahead,
// megabytes of noise (the buffer slides many times), of zeros (blocks of
// megabytes: the buffer grows) and of mixed text; and the PNG encoder,
// which filters and compresses row by row, writes the same bytes as
// compressing the whole filtered image.

import Hairline
@testable import HairlinePNG
import HairlineTestSupport
import Testing

@Suite struct DeflateStreamTests {
    static func streamed(_ data: [UInt8], pieces rng: inout SplitMix64, maximumPiece: Int) -> [UInt8] {
        let zlib = ZlibStream.Compressor()
        var at = 0
        data.withUnsafeBytes { bytes in
            while at < data.count {
                let n = min(data.count - at, 1 + Int(rng.next() % UInt64(maximumPiece)))
                zlib.write(UnsafeRawBufferPointer(rebasing: bytes[at..<(at + n)]))
                at += n
            }
        }
        return zlib.finish()
    }

    @Test func smallInputsGiveTheWholeDatasStream() throws {
        var rng = SplitMix64(seed: 51)
        for length in [0, 1, 2, 3, 100, 261, 262, 263, 264, 600, 4096, 40_000] {
            let data = (0..<length).map { i in UInt8(truncatingIfNeeded: i % 7 == 0 ? Int(rng.next() % 256) : i / 3) }
            for maximumPiece in [1, 5, 300, 100_000] {
                #expect(
                    Self.streamed(data, pieces: &rng, maximumPiece: maximumPiece) == ZlibStream.compress(data),
                    "\(length) bytes in pieces up to \(maximumPiece)")
            }
        }
    }

    @Test func megabytesGiveTheWholeDatasStream() throws {
        var rng = SplitMix64(seed: 52)
        let noise = (0..<2_600_000).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
        let zeros = [UInt8](repeating: 0, count: 6_000_000)
        let words = Array("the quick brown fox jumps over the lazy dog ".utf8)
        var text: [UInt8] = []
        while text.count < 3_000_000 {
            text += words[0..<Int(rng.next() % UInt64(words.count))]
            if rng.next() % 9 == 0 { text.append(UInt8(truncatingIfNeeded: rng.next())) }
        }
        for data in [noise, zeros, text] {
            let whole = ZlibStream.compress(data)
            #expect(Self.streamed(data, pieces: &rng, maximumPiece: 70_000) == whole)
            #expect(Self.streamed(data, pieces: &rng, maximumPiece: 3_000_000) == whole)
            #expect(try ZlibStream.decompress(whole, maximumOutputSize: data.count) == data)
        }
    }

    @Test func theEncoderWritesWhatTheWholeFilteredImageCompressesTo() throws {
        var rng = SplitMix64(seed: 53)
        for (width, height) in [(1, 1), (3, 7), (300, 200), (1500, 900)] {
            let surface = try Surface(width: width, height: height)
            let canvas = Canvas(surface: surface)
            for _ in 0..<20 {
                let x = Double(rng.next() % UInt64(width)), y = Double(rng.next() % UInt64(height))
                var path = Path()
                path.addEllipse(in: Rect(x: x, y: y, width: Double(width) / 3, height: Double(height) / 4))
                canvas.fill(path, with: Color(red: Double(rng.next() % 256) / 255, green: 0.4, blue: 0.7, alpha: 0.8))
            }
            surface.flush()
            let whole = PNGEncoder.filteredScanlines(of: surface).withUnsafeBytes { ZlibStream.compress($0) }
            #expect(PNGEncoder.compressedScanlines(of: surface, level: .best) == whole, "\(width) x \(height)")
        }
    }
}
