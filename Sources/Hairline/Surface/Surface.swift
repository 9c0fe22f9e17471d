// Surface: the pixel store every draw ends in. Premultiplied RGBA, 8 bits a
// channel, bytes in R, G, B, A order, rows of `bytesPerRow` bytes, pixel
// (x, y) covering the device square [x, x+1) x [y, y+1).

/// Why a surface could not be created.
public enum SurfaceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Width or height is zero or negative.
    case emptySize(width: Int, height: Int)
    /// The size exceeds `Surface.maximumDimension` on a side or
    /// `Surface.maximumPixelCount` in all.
    case tooLarge(width: Int, height: Int)

    public var description: String {
        switch self {
        case .emptySize(let w, let h):
            return "surface size \(w) x \(h) is empty: both sides must be at least 1 pixel"
        case .tooLarge(let w, let h):
            return "surface size \(w) x \(h) exceeds the limit of \(Surface.maximumDimension) pixels a side and \(Surface.maximumPixelCount) pixels in all"
        }
    }
}

/// A premultiplied RGBA8 bitmap in device space (pixels).
///
/// A surface is a reference type: canvases draw into it in place. Use one
/// from one thread at a time; parallel rendering gives each worker its own
/// surface.
public final class Surface {
    /// The largest width or height, in pixels. Keeps every pixel index and
    /// byte offset far from integer overflow and the rasterizer's cell
    /// coordinates exact in `Double`.
    public static let maximumDimension = 1 << 16
    /// The largest number of pixels (1 GiB of RGBA storage).
    public static let maximumPixelCount = 1 << 28

    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Bytes from the start of one row to the next (`width * 4` here).
    public let bytesPerRow: Int
    /// The pixel bytes, `bytesPerRow * height` of them.
    @usableFromInline
    let storage: UnsafeMutableRawPointer
    /// A clear not written yet (the packed premultiplied color): the next
    /// draw writes it where it does not cover (ClearingKernel), and every
    /// reader writes it first (`flush()`).
    var pendingClear: UInt32?
    /// Keeps the reference count, which every draw changes, off the cache
    /// line of the next heap object (CacheLinePad).
    private let trailingPad = CacheLinePad()

    /// Creates a surface of `width` x `height` pixels, cleared to
    /// transparent black.
    /// - Throws: `SurfaceError` if a side is below 1 or the size exceeds the
    ///   limits; never traps on a bad size.
    public init(width: Int, height: Int) throws(SurfaceError) {
        guard width > 0, height > 0 else { throw .emptySize(width: width, height: height) }
        guard width <= Surface.maximumDimension, height <= Surface.maximumDimension,
              width * height <= Surface.maximumPixelCount
        else { throw .tooLarge(width: width, height: height) }
        self.width = width
        self.height = height
        self.bytesPerRow = width * 4
        let count = bytesPerRow * height
        // Whole cache lines: the last pixels written must not share a line
        // with a neighbouring allocation another thread may be writing.
        storage = UnsafeMutableRawPointer.allocate(byteCount: (count + 63) & ~63, alignment: 64)
        storage.initializeMemory(as: UInt8.self, repeating: 0, count: count)
    }

    deinit {
        storage.deallocate()
    }

    /// The size in pixels.
    public var size: (width: Int, height: Int) { (width, height) }

    /// The stored color of pixel (x, y) (device pixels); `nil` outside the
    /// surface. A pending clear reads as its color.
    public func pixel(x: Int, y: Int) -> PremultipliedColor? {
        guard x >= 0, x < width, y >= 0, y < height else { return nil }
        if let pendingClear { return PremultipliedColor(packed: pendingClear) }
        let p = storage.advanced(by: y * bytesPerRow + x * 4).assumingMemoryBound(to: UInt8.self)
        return PremultipliedColor(red: p[0], green: p[1], blue: p[2], alpha: p[3])
    }

    /// Stores a color at pixel (x, y); does nothing outside the surface.
    public func setPixel(x: Int, y: Int, to color: PremultipliedColor) {
        guard x >= 0, x < width, y >= 0, y < height else { return }
        flush()
        let p = storage.advanced(by: y * bytesPerRow + x * 4).assumingMemoryBound(to: UInt8.self)
        p[0] = color.red; p[1] = color.green; p[2] = color.blue; p[3] = color.alpha
    }

    /// Sets every pixel to `color`.
    ///
    /// The clear is recorded, not written: the next draw writes each pixel
    /// of the rows it reaches once (the clear color where it does not
    /// cover, its result over the clear color where it does) and clears
    /// the rest, so a clear followed by a draw costs about one pass over
    /// the pixels instead of two. Every way of reading the pixels
    /// (`pixel(x:y:)`, `bytes`, `withUnsafeBytes`, `withUnsafeMutableBytes`,
    /// PNG encoding, `Image(surface)`) sees the cleared surface; `flush()`
    /// writes a pending clear at once.
    public func clear(to color: PremultipliedColor = .clear) {
        pendingClear = color.packed
    }

    /// Writes a pending clear (`clear(to:)`) into the pixels now; does
    /// nothing if there is none. Readers call it themselves; call it to
    /// time or control when the pixels are written.
    public func flush() {
        guard let color = pendingClear else { return }
        pendingClear = nil
        if color == 0 {
            storage.initializeMemory(as: UInt8.self, repeating: 0, count: bytesPerRow * height)
            return
        }
        fillPixels(storage.assumingMemoryBound(to: UInt32.self), count: width * height, with: color)
    }

    /// Calls `body` with the pixel bytes (rows of `bytesPerRow`), after
    /// writing any pending clear.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        flush()
        return try body(UnsafeRawBufferPointer(start: storage, count: bytesPerRow * height))
    }

    /// Calls `body` with the mutable pixel bytes (rows of `bytesPerRow`),
    /// after writing any pending clear. The caller keeps every color
    /// channel ≤ its alpha.
    public func withUnsafeMutableBytes<R>(_ body: (UnsafeMutableRawBufferPointer) throws -> R) rethrows -> R {
        flush()
        return try body(UnsafeMutableRawBufferPointer(start: storage, count: bytesPerRow * height))
    }

    /// A copy of the pixel bytes, row by row, with no padding.
    public var bytes: [UInt8] {
        withUnsafeBytes { Array($0) }
    }

    /// Row `y` as 32-bit pixels (R, G, B, A bytes in memory order), for
    /// the kernels of a draw (which fuse a pending clear in; other code
    /// reads through the flushing accessors).
    @inlinable
    func rowPointer(_ y: Int) -> UnsafeMutablePointer<UInt32> {
        storage.advanced(by: y * bytesPerRow).assumingMemoryBound(to: UInt32.self)
    }
}
