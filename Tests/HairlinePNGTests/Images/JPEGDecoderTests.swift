// JPEG decoder tests: every fixture against Pillow's decode (libjpeg-turbo,
// islow IDCT, fancy upsampling) within 2 per channel; the frame kinds the
// decoder refuses; errors with offsets; limits before allocation.

import Foundation
import Hairline
@testable import HairlinePNG
import Testing

@Suite struct JPEGDecoderTests {
    static let fixtures = ImageFixtures.names("jpg")

    @Test func fixturesExist() {
        #expect(Self.fixtures.count >= 16)
    }

    /// Each JPEG decodes to Pillow's pixels within 2 per channel (the
    /// contract), and in fact exactly.
    @Test(arguments: fixtures) func matchesPillow(_ name: String) throws {
        let image = try JPEGDecoder.decode(ImageFixtures.bytes(name))
        let reference = try ImageFixtures.reference(name)
        #expect(image.width == reference.width && image.height == reference.height)
        let difference = try #require(ImageFixtures.maximumDifference(image, reference))
        #expect(difference <= 2, "\(name): max channel difference \(difference)")
        // Today every fixture is bit-exact (same IDCT, upsampling and color
        // tables as libjpeg-turbo); loosening that should be deliberate.
        #expect(difference == 0, "\(name): max channel difference \(difference)")
        #expect(image.isOpaque)
    }

    @Test func notJPEG() {
        #expect(throws: JPEGError.notJPEG) { try JPEGDecoder.decode([0x89, 0x50]) }
        #expect(throws: JPEGError.notJPEG) { try JPEGDecoder.decode([]) }
    }

    /// A minimal frame header followed by nothing: SOI, SOF0 of w × h.
    static func header(
        marker: UInt8 = 0xC0, precision: UInt8 = 8, width: Int, height: Int, components: Int = 1
    ) -> [UInt8] {
        var sof: [UInt8] = [
            precision, UInt8(height >> 8), UInt8(height & 255), UInt8(width >> 8), UInt8(width & 255),
            UInt8(components),
        ]
        for i in 0..<components { sof += [UInt8(i + 1), 0x11, 0] }
        let length = sof.count + 2
        return [0xFF, 0xD8, 0xFF, marker, UInt8(length >> 8), UInt8(length & 255)] + sof
    }

    @Test func unsupportedProcesses() {
        #expect(throws: JPEGError.unsupported("arithmetic coding process (SOF9)", at: 2)) {
            try JPEGDecoder.decode(Self.header(marker: 0xC9, width: 8, height: 8))
        }
        #expect(throws: JPEGError.unsupported("lossless process (SOF3)", at: 2)) {
            try JPEGDecoder.decode(Self.header(marker: 0xC3, width: 8, height: 8))
        }
        #expect(throws: JPEGError.unsupported("12-bit sample precision (only 8-bit)", at: 6)) {
            try JPEGDecoder.decode(Self.header(precision: 12, width: 8, height: 8))
        }
        #expect(throws: JPEGError.unsupported("a line count left to a DNL marker (height 0)", at: 7)) {
            try JPEGDecoder.decode(Self.header(width: 8, height: 0))
        }
    }

    @Test func limitsBeforeAllocation() {
        // 65535 × 65535 would need gigabytes; refused from the header alone.
        #expect(throws: JPEGError.tooLarge(width: 65535, height: 65535)) {
            try JPEGDecoder.decode(Self.header(width: 65535, height: 65535, components: 3))
        }
        let small = ImageDecoder.Limits(maximumDimension: 16, maximumPixelCount: 100)
        #expect(throws: JPEGError.tooLarge(width: 17, height: 13)) {
            try JPEGDecoder.decode(ImageFixtures.bytes("odd-420.jpg"), limits: small)
        }
    }

    @Test func frameWithoutScans() {
        // The data ends after the frame header (15 bytes): truncated at its end.
        #expect(throws: JPEGError.truncated(at: 15)) { try JPEGDecoder.decode(Self.header(width: 8, height: 8)) }
        #expect(throws: JPEGError.missingFrame) {
            try JPEGDecoder.decode(Self.header(width: 8, height: 8) + [0xFF, 0xD9])
        }
        #expect(throws: JPEGError.missingFrame) { try JPEGDecoder.decode([0xFF, 0xD8, 0xFF, 0xD9]) }
    }

    @Test func scanBeforeFrame() {
        #expect(throws: JPEGError.unexpectedMarker(0xDA, at: 2)) {
            try JPEGDecoder.decode([0xFF, 0xD8, 0xFF, 0xDA, 0, 8, 1, 1, 0, 0, 63, 0])
        }
    }

    @Test func missingHuffmanTable() throws {
        // gray.jpg with its DHT segments' marker bytes renamed to COM.
        var bytes = try ImageFixtures.bytes("gray.jpg")
        for i in 0..<(bytes.count - 1) where bytes[i] == 0xFF && bytes[i + 1] == 0xC4 { bytes[i + 1] = 0xFE }
        #expect {
            try JPEGDecoder.decode(bytes)
        } throws: { error in
            guard case .missingTable(kind: "Huffman DC", index: 0, at: _) = error as? JPEGError else { return false }
            return true
        }
    }

    @Test func truncatedScanSaysWhere() throws {
        let bytes = try ImageFixtures.bytes("baseline-420.jpg")
        // Cut inside the entropy-coded data: truncated at the scan's data start.
        let sos = try #require((0..<(bytes.count - 1)).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA })
        let length = Int(bytes[sos + 2]) << 8 | Int(bytes[sos + 3])
        #expect(throws: JPEGError.truncated(at: sos + 2 + length)) {
            try JPEGDecoder.decode(Array(bytes[0..<(sos + 40)]))
        }
    }

    @Test func restartMarkerOutOfSequence() throws {
        var bytes = try ImageFixtures.bytes("restart-420.jpg")
        // Swap the first RST0 for RST5.
        let rst = try #require((0..<(bytes.count - 1)).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xD0 })
        bytes[rst + 1] = 0xD5
        #expect(throws: JPEGError.invalidScanData("restart marker RST0 missing after MCU 3", at: rst)) {
            try JPEGDecoder.decode(bytes)
        }
    }

    @Test func missingEOIIsAccepted() throws {
        let bytes = try ImageFixtures.bytes("baseline-444.jpg")
        let full = try JPEGDecoder.decode(bytes)
        #expect(try JPEGDecoder.decode(Array(bytes.dropLast(2))) == full)
    }

    @Test func errorDescriptionsNameTheOffset() {
        #expect(JPEGError.truncated(at: 12).description.contains("12"))
        #expect(JPEGError.unexpectedMarker(0xDA, at: 3).description.contains("FF DA"))
    }

    /// The islow IDCT of a lone DC coefficient is flat: (dc · q) / 8 + 128.
    @Test func idctOfDC() {
        var coefficients = [Int16](repeating: 0, count: 64)
        var steps = [Int32](repeating: 1, count: 64)
        var workspace = [Int](repeating: 0, count: 64)
        var output = [UInt8](repeating: 0, count: 64)
        for dc in stride(from: -1200, through: 1200, by: 37) {
            coefficients[0] = Int16(dc)
            steps[0] = 1
            coefficients.withUnsafeBufferPointer { c in
                steps.withUnsafeBufferPointer { s in
                    workspace.withUnsafeMutableBufferPointer { w in
                        output.withUnsafeMutableBufferPointer { o in
                            JPEGIDCT.transform(
                                c.baseAddress!, steps: s.baseAddress!, workspace: w.baseAddress!,
                                output: o.baseAddress!, stride: 8)
                        }
                    }
                }
            }
            let expected = UInt8(max(0, min(255, Int((Double(dc) / 8).rounded(.toNearestOrAwayFromZero)) + 128)))
            #expect(output.allSatisfy { abs(Int($0) - Int(expected)) <= 1 }, "dc \(dc)")
        }
    }

    /// The integer IDCT against a Double DCT-III on seeded random blocks:
    /// within 1 wherever the result is not clamped.
    @Test func idctAgainstFloatingPoint() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: state >> 33)
        }
        var coefficients = [Int16](repeating: 0, count: 64)
        let steps = [Int32](repeating: 1, count: 64)
        var workspace = [Int](repeating: 0, count: 64)
        var output = [UInt8](repeating: 0, count: 64)
        for _ in 0..<200 {
            for i in 0..<64 {
                coefficients[i] = i == 0 ? Int16(next() % 1024 - 512) : (next() % 3 == 0 ? Int16(next() % 101 - 50) : 0)
            }
            coefficients.withUnsafeBufferPointer { c in
                steps.withUnsafeBufferPointer { s in
                    workspace.withUnsafeMutableBufferPointer { w in
                        output.withUnsafeMutableBufferPointer { o in
                            JPEGIDCT.transform(
                                c.baseAddress!, steps: s.baseAddress!, workspace: w.baseAddress!,
                                output: o.baseAddress!, stride: 8)
                        }
                    }
                }
            }
            for y in 0..<8 {
                for x in 0..<8 {
                    var sum = 0.0
                    for v in 0..<8 {
                        for u in 0..<8 {
                            let cu = u == 0 ? 1 / 2.0.squareRoot() : 1, cv = v == 0 ? 1 / 2.0.squareRoot() : 1
                            sum +=
                                cu * cv * Double(coefficients[v * 8 + u])
                                * cos(Double(2 * x + 1) * Double(u) * .pi / 16)
                                * cos(Double(2 * y + 1) * Double(v) * .pi / 16)
                        }
                    }
                    let exact = sum / 4 + 128
                    guard exact > 0.5, exact < 254.5 else { continue }
                    #expect(
                        abs(Double(output[y * 8 + x]) - exact) <= 1.01,
                        "pixel (\(x), \(y)): \(output[y * 8 + x]) vs \(exact)")
                }
            }
        }
    }

    /// A progressive gray w × h JPEG of `scans` AC scans (band 1...63,
    /// `refine`: Ah = 1) whose data is nothing but end-of-band runs of
    /// 32767 blocks: tiny files asking for scans × blocks of work.
    static func endOfBandRunBomb(width: Int, height: Int, scans: Int, refine: Bool) -> [UInt8] {
        func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
            [0xFF, marker, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 255)] + payload
        }
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += segment(0xDB, [0] + [UInt8](repeating: 1, count: 64))
        bytes += segment(
            0xC2, [8, UInt8(height >> 8), UInt8(height & 255), UInt8(width >> 8), UInt8(width & 255), 1, 1, 0x11, 0])
        // AC table 0: the one-bit code 0 is symbol 0xE0 (a run of 2^14 + 14 bits).
        bytes += segment(0xC4, [0x10, 1] + [UInt8](repeating: 0, count: 15) + [0xE0])
        let blocks = (width / 8) * (height / 8)
        var bits: [Bool] = []
        for _ in 0..<((blocks + 32766) / 32767) { bits += [false] + [Bool](repeating: true, count: 14) }
        while bits.count % 8 != 0 { bits.append(true) }
        var data: [UInt8] = []
        for i in stride(from: 0, to: bits.count, by: 8) {
            let byte = bits[i..<(i + 8)].reduce(UInt8(0)) { $0 << 1 | ($1 ? 1 : 0) }
            data += byte == 0xFF ? [0xFF, 0] : [byte]
        }
        for _ in 0..<scans { bytes += segment(0xDA, [1, 1, 0, 1, 63, refine ? 0x10 : 0]) + data }
        return bytes + [0xFF, 0xD9]
    }

    /// End-of-band runs are skipped whole, and the scans' total work is
    /// capped at `maximumPassCount` visits per coefficient: a 3 KB file
    /// cannot ask for billions of block visits.
    @Test func endOfBandRunBombsAreBounded() throws {
        let allowed = try JPEGDecoder.decode(Self.endOfBandRunBomb(width: 1024, height: 1024, scans: 30, refine: false))
        #expect(allowed.width == 1024 && allowed.pixels.allSatisfy { $0 == allowed.pixels[0] })
        for refine in [false, true] {
            let bomb = Self.endOfBandRunBomb(width: 1024, height: 1024, scans: 200, refine: refine)
            #expect {
                try JPEGDecoder.decode(bomb)
            } throws: { error in
                guard case .invalidSegment("SOS", let reason, _) = error as? JPEGError else { return false }
                return reason.contains("more than 32 times")
            }
        }
    }
}
