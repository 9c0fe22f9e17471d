// The golden-image comparison of HairlineTestSupport against the encoder
// it stands in for: a surface un-premultiplied for comparison must equal
// its PNG encoding decoded, byte for byte (so a golden recorded through the
// encoder matches a fresh render exactly); tolerances count what they say;
// a mismatch and a missing golden are failures.

import Hairline
import HairlinePNG
import HairlineTestSupport
import Testing

@Suite struct GoldenImageTests {
    /// Every premultiplied value of every alpha, in one surface.
    @Test func straightPixelsAreTheEncoders() throws {
        let surface = try Surface(width: 256, height: 256)
        for alpha in 0..<256 {
            for value in 0..<256 {
                let c = UInt8(min(value, alpha))
                surface.setPixel(
                    x: value, y: alpha,
                    to: PremultipliedColor(
                        red: c, green: UInt8(value * alpha / 255),
                        blue: 0, alpha: UInt8(alpha)))
            }
        }
        let decoded = try PNGDecoder.decode(PNGEncoder.encode(surface))
        #expect(StraightImage(surface).bytes == decoded.rgba8)
        // A BGRA8 surface compares as its RGBA8 conversion.
        #expect(StraightImage(surface.converted(to: .bgra8Premultiplied)) == StraightImage(surface))
    }

    @Test func toleranceCountsPixelsAndChannels() throws {
        let a = StraightImage(width: 3, height: 1, bytes: [10, 20, 30, 255, 0, 0, 0, 0, 200, 200, 200, 255])
        let b = StraightImage(width: 3, height: 1, bytes: [12, 20, 30, 255, 0, 0, 0, 0, 200, 201, 200, 255])
        let exact = ImageDifference(actual: a, expected: b)
        #expect(!exact.isWithinTolerance)
        #expect(exact.differingPixelCount == 2 && exact.largestChannelDifference == 2)
        #expect(exact.firstDifference?.x == 0)
        #expect(
            ImageDifference(actual: a, expected: b, tolerance: ImageTolerance(maximumChannelDifference: 2))
                .isWithinTolerance)
        let one = ImageDifference(actual: a, expected: b, tolerance: ImageTolerance(maximumChannelDifference: 1))
        #expect(one.differingPixelCount == 1 && !one.isWithinTolerance)
        #expect(
            ImageDifference(
                actual: a, expected: b,
                tolerance: ImageTolerance(maximumChannelDifference: 1, maximumDifferingPixelCount: 1)
            ).isWithinTolerance)
        let other = StraightImage(width: 1, height: 3, bytes: a.bytes)
        #expect(
            !ImageDifference(actual: a, expected: other, tolerance: ImageTolerance(maximumDifferingPixelCount: 99))
                .isWithinTolerance)
        // The diff marks differing pixels red, equal ones gray.
        let diff = StraightImage.diff(actual: a, expected: b)
        #expect(diff.pixel(x: 0, y: 0) == (130, 0, 0, 255))
        #expect(diff.pixel(x: 1, y: 0) == (255, 255, 255, 255))
    }

    @Test func mismatchesAreFailuresWithPictures() throws {
        let a = try Surface(width: 2, height: 2), b = try Surface(width: 2, height: 2)
        b.setPixel(x: 1, y: 1, to: PremultipliedColor(red: 9, green: 9, blue: 9, alpha: 255))
        withKnownIssue {
            expectImagesMatch(a, b, suite: "GoldenImageTests", name: "mismatch")
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("1 pixels differ") && text.contains("mismatch.diff.png")
        }
        expectImagesMatch(a, a, suite: "GoldenImageTests", name: "match")
    }

    @Test func aMissingGoldenIsAFailure() throws {
        guard !GoldenImages.isRecording else { return }
        let surface = try Surface(width: 1, height: 1)
        withKnownIssue {
            assertSnapshot(of: surface, named: "no-such-golden", suite: "GoldenImageTests")
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains(GoldenImages.recordVariable)
        }
    }
}
