// Paint: an image's rows repeated side by side, for patterns that repeat
// along x and are sampled nearest at one image pixel per device pixel (the
// common tile). A span of such a pattern is then one or a few copies of
// long stretches instead of one copy per period, and a four-pixel group
// is one copy. The renderer keeps the rows of the last image it prepared
// (like the gradient ramp), so redrawing with one pattern builds them once.

/// The rows of one image, each repeated to `length` pixels (a multiple of
/// the image's width, at least `PatternRowCache.minimumLength` and at
/// least two widths).
struct PatternRows {
    /// `height` rows of `length` pixels, row-major; then, for each image
    /// row, the first row of its run of equal rows (`firstEqualRow`).
    /// (Not a field of its own: a pattern shader holds these rows, and a
    /// larger shader is copied by a call to memcpy instead of by moves.)
    let pixels: UnsafePointer<UInt32>
    let length: Int
    /// 1/width and 1/height of the image, for `wrap`.
    let inverseWidth: Double
    let inverseHeight: Double

    /// The first row of image row `j`'s run of equal rows: `j` itself, or
    /// the row above's entry where the two hold the same pixels
    /// (`PatternShader.rowKey`). `height` is the image's.
    @inline(__always)
    func firstEqualRow(_ j: Int, height: Int) -> Int {
        assert(j >= 0 && j < height, "an image row")
        return Int(pixels[height &* length &+ j])
    }

    /// `i` modulo `n`, in 0..<n, through the reciprocal `inverse` = 1/n
    /// instead of an integer division (tens of cycles, twice per span):
    /// for |i| ≤ 2^40 (pattern coordinates are clamped there) the product
    /// is within a few ulps of i/n, so its nearest integer (`Fixed.round`,
    /// no checked conversion) is within one of ⌊i/n⌋ and the remainder
    /// lies in (−2n, 2n), brought into range by at most two corrections.
    @inline(__always)
    static func wrap(_ i: Int, _ n: Int, inverse: Double) -> Int {
        assert(abs(i) <= 1 << 40, "wrap needs |i| ≤ 2^40")
        let q = Fixed.round(Double(i) * inverse)
        var r = i &- q &* n
        if r < 0 {
            r &+= n
            if r < 0 { r &+= n }
        } else if r >= n {
            r &-= n
        }
        return r
    }
}

/// The renderer's cache of `PatternRows` (one image at a time).
struct PatternRowCache {
    /// Rows shorter than this are repeated up to it (four kilobytes of
    /// pixels: a copy long enough that its call costs little per pixel,
    /// and a cell's row at 1x or 2x in one copy; 256 cost the 1x pattern
    /// cell 3 % more instructions).
    static let minimumLength = 1024
    /// The most pixels the cache holds (a megabyte); taller images are
    /// copied period by period instead.
    static let maximumPixels = 1 << 18

    private var storage = ScratchBuffer<UInt32>()
    /// The image the rows were made from (an array compares by identity
    /// first, so the check costs nothing for the same image).
    private var image: Image?
    private var length = 0

    var capacity: Int { storage.capacity }

    /// The repeated rows of `image`, made now if the cache holds another
    /// image; nil where the image is wide enough already or too tall.
    mutating func rows(for image: Image) -> PatternRows? {
        let width = image.width, height = image.height
        guard width < Self.minimumLength else { return nil }
        let length = (Self.minimumLength + width - 1) / width * width
        guard height <= Self.maximumPixels / length else { return nil }
        if self.image != image {
            storage.reserve(height * length + height)
            let firstEqual = storage.base + height * length
            image.pixels.withUnsafeBufferPointer { source in
                let src = source.baseAddress!
                for j in 0..<height {
                    let row = storage.base + j * length
                    var done = 0
                    while done < length {
                        (row + done).update(from: src + j * width, count: width)
                        done += width
                    }
                    let first = src + j * width
                    firstEqual[j] =
                        j > 0 && (0..<width).allSatisfy { first[$0] == first[$0 - width] }
                        ? firstEqual[j - 1] : UInt32(truncatingIfNeeded: j)
                }
            }
            self.image = image
            self.length = length
        }
        return PatternRows(
            pixels: UnsafePointer(storage.base), length: self.length,
            inverseWidth: 1 / Double(width), inverseHeight: 1 / Double(height))
    }

    func deallocate() { storage.deallocate() }
}
