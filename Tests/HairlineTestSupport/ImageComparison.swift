// Test support: two images compared with a tolerance (how far a channel may
// be off, how many pixels may be off), a report of what differs, a diff
// image that shows where, and `expectImagesMatch`, which records an issue
// and writes actual, expected and diff PNGs when they differ.

public import Hairline
public import Testing

/// How different two images may be and still match.
public struct ImageTolerance: Hashable, Sendable, CustomStringConvertible {
    /// A pixel differs when any of its straight 8-bit channels differs by
    /// more than this (0: any difference counts).
    public var maximumChannelDifference: Int
    /// How many pixels may differ.
    public var maximumDifferingPixelCount: Int

    /// A tolerance; both limits are clamped to at least 0.
    public init(maximumChannelDifference: Int = 0, maximumDifferingPixelCount: Int = 0) {
        self.maximumChannelDifference = max(0, maximumChannelDifference)
        self.maximumDifferingPixelCount = max(0, maximumDifferingPixelCount)
    }

    /// Byte for byte: the default, since rendering is deterministic.
    public static let exact = ImageTolerance()

    public var description: String {
        "channels within \(maximumChannelDifference), at most \(maximumDifferingPixelCount) pixels off"
    }
}

/// What differs between an actual and an expected image.
public struct ImageDifference: Sendable, CustomStringConvertible {
    /// The sizes, width x height.
    public let actualSize: (width: Int, height: Int), expectedSize: (width: Int, height: Int)
    /// Pixels with a channel off by more than the tolerance's channel limit.
    public let differingPixelCount: Int
    /// The largest difference of any channel of any pixel (0...255).
    public let largestChannelDifference: Int
    /// The first differing pixel in row-major order, if any.
    public let firstDifference: (x: Int, y: Int)?
    /// The tolerance this was measured with.
    public let tolerance: ImageTolerance

    /// Whether the sizes are equal.
    public var sizesMatch: Bool { actualSize == expectedSize }
    /// Whether the images match within the tolerance.
    public var isWithinTolerance: Bool { sizesMatch && differingPixelCount <= tolerance.maximumDifferingPixelCount }

    /// Compares `actual` with `expected` under `tolerance`.
    /// Complexity: O(width x height).
    public init(actual: StraightImage, expected: StraightImage, tolerance: ImageTolerance = .exact) {
        actualSize = (actual.width, actual.height)
        expectedSize = (expected.width, expected.height)
        self.tolerance = tolerance
        guard actualSize == expectedSize else {
            differingPixelCount = max(actual.width * actual.height, expected.width * expected.height)
            largestChannelDifference = 255
            firstDifference = (0, 0)
            return
        }
        var count = 0, largest = 0
        var first: (x: Int, y: Int)?
        let a = actual.bytes, e = expected.bytes
        for pixel in 0..<(actual.width * actual.height) {
            let o = pixel * StraightImage.bytesPerPixel
            var worst = 0
            for c in o..<(o + StraightImage.bytesPerPixel) { worst = max(worst, abs(Int(a[c]) - Int(e[c]))) }
            largest = max(largest, worst)
            if worst > tolerance.maximumChannelDifference {
                count += 1
                if first == nil { first = (pixel % actual.width, pixel / actual.width) }
            }
        }
        differingPixelCount = count
        largestChannelDifference = largest
        firstDifference = first
    }

    public var description: String {
        guard sizesMatch else {
            return "sizes differ: actual \(actualSize.width) x \(actualSize.height), "
                + "expected \(expectedSize.width) x \(expectedSize.height)"
        }
        let whereFirst = firstDifference.map { " (first at x \($0.x), y \($0.y))" } ?? ""
        return
            "\(differingPixelCount) pixels differ\(whereFirst), largest channel difference \(largestChannelDifference); "
            + "tolerance: \(tolerance)"
    }
}

extension StraightImage {
    /// An opaque picture of where `actual` and `expected` differ, as large
    /// as the larger of the two: a differing pixel is red (brighter the
    /// larger its worst channel difference; pure red where only one image
    /// has the pixel), an equal one a faint gray version of `expected`.
    public static func diff(actual: StraightImage, expected: StraightImage) -> StraightImage {
        let width = max(actual.width, expected.width), height = max(actual.height, expected.height)
        var bytes = [UInt8](repeating: 255, count: width * height * bytesPerPixel)
        for y in 0..<height {
            for x in 0..<width {
                let o = (y * width + x) * bytesPerPixel
                guard x < actual.width, y < actual.height, x < expected.width, y < expected.height else {
                    (bytes[o], bytes[o + 1], bytes[o + 2]) = (255, 0, 0)
                    continue
                }
                let a = actual.pixel(x: x, y: y), e = expected.pixel(x: x, y: y)
                let worst = max(
                    abs(Int(a.red) - Int(e.red)), abs(Int(a.green) - Int(e.green)),
                    abs(Int(a.blue) - Int(e.blue)), abs(Int(a.alpha) - Int(e.alpha)))
                if worst > 0 {
                    // Even a difference of 1 shows clearly.
                    (bytes[o], bytes[o + 1], bytes[o + 2]) = (UInt8(min(255, 128 + worst)), 0, 0)
                } else {
                    // Luma over white, faded to a quarter of its contrast.
                    let luma = (299 * Int(e.red) + 587 * Int(e.green) + 114 * Int(e.blue)) / 1000
                    let over = 255 - (255 - luma) * Int(e.alpha) / 255
                    let faded = UInt8(255 - (255 - over) / 4)
                    (bytes[o], bytes[o + 1], bytes[o + 2]) = (faded, faded, faded)
                }
            }
        }
        return StraightImage(width: width, height: height, bytes: bytes)
    }
}

/// Expects `actual` to match `expected` within `tolerance`. When they do
/// not, records an issue at the caller that says what differs and names
/// the PNGs written for a look: `.build/golden-failures/<suite>/<name>`
/// followed by `.actual.png`, `.expected.png` and `.diff.png`.
public func expectImagesMatch(
    _ actual: Surface, _ expected: Surface, tolerance: ImageTolerance = .exact,
    suite: String, name: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    let actualImage = StraightImage(actual), expectedImage = StraightImage(expected)
    let difference = ImageDifference(actual: actualImage, expected: expectedImage, tolerance: tolerance)
    guard !difference.isWithinTolerance else { return }
    let files = GoldenImages.writeFailure(
        actual: actual, expected: .surface(expected),
        diff: .diff(actual: actualImage, expected: expectedImage), suite: suite, name: name)
    Issue.record("\(suite)/\(name): \(difference)\n\(files)", sourceLocation: sourceLocation)
}

/// How many different pixel values `surface` holds: what a golden test
/// checks of its picture beside the golden (anti-aliased edges and
/// gradients give many; a blank or flat render, one or two), so that a
/// golden recorded from a broken render cannot pass unnoticed.
public func distinctPixelCount(_ surface: Surface) -> Int {
    let bytes = surface.bytes
    var seen = Set<UInt32>()
    var i = 0
    while i + 3 < bytes.count {
        seen.insert(
            UInt32(bytes[i]) | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2]) << 16 | UInt32(bytes[i + 3]) << 24)
        i += 4
    }
    return seen.count
}
