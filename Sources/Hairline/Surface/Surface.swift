// Surface: the pixel store every draw ends in: its own memory or the
// caller's, rows `bytesPerRow` bytes apart, pixels in a PixelFormat
// (premultiplied RGBA8 or BGRA8, or A8), pixel (x, y) covering the device
// square [x, x+1) x [y, y+1).

/// Why a surface could not be created.
public enum SurfaceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Width or height is zero or negative.
    case emptySize(width: Int, height: Int)
    /// The size exceeds `Surface.maximumDimension` on a side or
    /// `Surface.maximumPixelCount` in all.
    case tooLarge(width: Int, height: Int)
    /// Rows of caller memory shorter than a row of pixels, or not a whole
    /// number of 32-bit pixels apart for a 32-bit format.
    case invalidRowStride(bytesPerRow: Int, minimum: Int)
    /// Caller memory smaller than `bytesPerRow × height` bytes.
    case bufferTooSmall(required: Int, actual: Int)
    /// Caller memory for a 32-bit format not aligned to 4 bytes.
    case misalignedBuffer

    /// A readable description, for messages and debugging.
    public var description: String {
        switch self {
        case .emptySize(let w, let h):
            return "surface size \(w) x \(h) is empty: both sides must be at least 1 pixel"
        case .tooLarge(let w, let h):
            return
                "surface size \(w) x \(h) exceeds the limit of \(Surface.maximumDimension) pixels a side and \(Surface.maximumPixelCount) pixels in all"
        case .invalidRowStride(let stride, let minimum):
            return
                "bytesPerRow \(stride) is invalid: it must be at least \(minimum) (a row of pixels) and, for a 32-bit format, a multiple of 4"
        case .bufferTooSmall(let required, let actual):
            return "the buffer holds \(actual) bytes; a surface of this size and stride needs \(required)"
        case .misalignedBuffer:
            return "the buffer of a 32-bit surface must start at an address that is a multiple of 4"
        }
    }
}

/// A bitmap in device space (pixels), in one of the `PixelFormat`s,
/// premultiplied RGBA8 unless made otherwise.
///
/// A surface either owns its pixels (`init(width:height:format:)`) or
/// draws into memory the caller owns (`init(wrapping:…)`), rows
/// `bytesPerRow` bytes apart; the bytes between the end of a row's pixels
/// and the next row are never read or written. A surface is a reference
/// type: canvases draw into it in place. Use one from one thread at a
/// time; workers draw disjoint rows of one surface in parallel through
/// its bands (`band(rows:)`).
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
    /// Bytes from the start of one row to the next (`width ×
    /// format.bytesPerPixel` for a surface that owns its pixels).
    public let bytesPerRow: Int
    /// How each pixel is stored.
    public let format: PixelFormat
    /// The first pixel of row 0.
    @usableFromInline
    let storage: UnsafeMutableRawPointer
    /// The memory allocated here (freed with the surface), or nil for
    /// borrowed memory. For a row window it starts at the first stored row.
    private let allocation: UnsafeMutableRawPointer?
    /// The rows that hold pixels: every row (`0..<height`), except for a
    /// row window (`init(width:height:rows:format:)`, `SurfaceBand.makeWindow()`),
    /// whose pixels exist only in these rows. Canvases draw only into
    /// them, and every reader (`pixel(x:y:)`, `bytes`, `withUnsafeBytes`,
    /// `copyPixels`, `Image(_:)`) sees only them.
    public let pixelRows: Range<Int>
    /// What keeps borrowed storage alive (the surface a band is part of).
    private let owner: AnyObject?
    /// A clear not written yet (the color packed in the surface's format,
    /// `PixelFormat.pack`): the next draw writes it where it does not
    /// cover (ClearingKernel), and every reader writes it first (`flush()`).
    var pendingClear: UInt32?
    /// Keeps the reference count, which every draw changes, off the cache
    /// line of the next heap object (CacheLinePad).
    private let trailingPad = CacheLinePad()

    /// Creates a surface of `width` x `height` pixels in `format`, owning
    /// its pixels (rows without padding), cleared to transparent black.
    /// - Throws: `SurfaceError` if a side is below 1 or the size exceeds the
    ///   limits; never traps on a bad size.
    /// - Parameters:
    ///   - width: columns, in device pixels (1...`maximumDimension`).
    ///   - height: rows, in device pixels (1...`maximumDimension`).
    ///   - format: how pixels are stored (premultiplied RGBA8 by default).
    public init(width: Int, height: Int, format: PixelFormat = .rgba8Premultiplied) throws(SurfaceError) {
        try Self.check(width: width, height: height)
        self.width = width
        self.height = height
        self.format = format
        self.bytesPerRow = width * format.bytesPerPixel
        let count = bytesPerRow * height
        // Whole cache lines: the last pixels written must not share a line
        // with a neighbouring allocation another thread may be writing.
        storage = UnsafeMutableRawPointer.allocate(byteCount: (count + 63) & ~63, alignment: 64)
        storage.initializeMemory(as: UInt8.self, repeating: 0, count: count)
        allocation = storage
        owner = nil
        pixelRows = 0..<height
    }

    /// Creates a row window: a surface of `width` x `height` pixels whose
    /// pixels exist only in `rows` (memory for those rows alone, cleared
    /// to transparent black). Device coordinates stay those of the whole
    /// surface: row `y` of the window is row `y` of the surface it stands
    /// for, so a canvas over it draws every row of `rows` exactly as over
    /// the whole surface, and nothing elsewhere (its clip starts as the
    /// window's rows). Workers rendering one scene in bands make their
    /// offscreen layers this way, each the size of its band.
    /// - Throws: `SurfaceError` for a bad size, or `.emptySize` if `rows`
    ///   is empty or reaches outside `0..<height`.
    /// - Parameters:
    ///   - width: columns, in device pixels (1...`maximumDimension`).
    ///   - height: rows of the whole surface, in device pixels.
    ///   - rows: the rows that hold pixels (device pixels).
    ///   - format: how pixels are stored (premultiplied RGBA8 by default).
    public init(
        width: Int, height: Int, rows: Range<Int>, format: PixelFormat = .rgba8Premultiplied
    )
        throws(SurfaceError)
    {
        try Self.check(width: width, height: height)
        guard !rows.isEmpty, rows.lowerBound >= 0, rows.upperBound <= height else {
            throw .emptySize(width: width, height: rows.count)
        }
        self.width = width
        self.height = height
        self.format = format
        self.bytesPerRow = width * format.bytesPerPixel
        let count = bytesPerRow * rows.count
        let memory = UnsafeMutableRawPointer.allocate(byteCount: (count + 63) & ~63, alignment: 64)
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: count)
        allocation = memory
        // Row 0's address (outside the memory unless `rows` starts at 0):
        // only rows of `rows` are ever read or written through it.
        storage = memory - rows.lowerBound * bytesPerRow
        owner = nil
        pixelRows = rows
    }

    /// A row window over `rows` of `parent` (a band's window), sharing its
    /// memory and geometry and keeping it alive.
    init(windowOf parent: Surface, rows: Range<Int>) {
        width = parent.width
        height = parent.height
        bytesPerRow = parent.bytesPerRow
        format = parent.format
        storage = parent.storage
        allocation = nil
        owner = parent
        pixelRows = rows
    }

    /// Creates a surface that draws into `buffer`, memory the caller owns:
    /// `height` rows of `width` pixels in `format`, each row
    /// `bytesPerRow` bytes after the one before (padding after a row's
    /// pixels is left untouched). The pixels are used as they are (no
    /// clear).
    ///
    /// The caller keeps `buffer` allocated, and reads or writes it only
    /// through this surface, for as long as the surface (or any canvas
    /// drawing into it) is in use; the surface never frees it.
    /// - Throws: `SurfaceError` for a bad size, a stride shorter than a
    ///   row (or, for 32-bit formats, not a multiple of 4), a buffer
    ///   smaller than `bytesPerRow × height`, or (32-bit formats) a buffer
    ///   not aligned to 4 bytes.
    /// - Parameters:
    ///   - buffer: the caller's memory, at least `bytesPerRow × height` bytes
    ///     (4-byte aligned for the 32-bit formats).
    ///   - width: pixels per row.
    ///   - height: rows.
    ///   - bytesPerRow: bytes from one row's start to the next (at least
    ///     `width × format.bytesPerPixel`).
    ///   - format: the byte layout of the pixels in `buffer`.
    public init(
        wrapping buffer: UnsafeMutableRawBufferPointer, width: Int, height: Int, bytesPerRow: Int,
        format: PixelFormat = .rgba8Premultiplied
    ) throws(SurfaceError) {
        try Self.check(width: width, height: height)
        let minimum = width * format.bytesPerPixel
        guard bytesPerRow >= minimum, bytesPerRow <= Int.max / height, bytesPerRow % format.bytesPerPixel == 0 else {
            throw .invalidRowStride(bytesPerRow: bytesPerRow, minimum: minimum)
        }
        guard let base = buffer.baseAddress, buffer.count >= bytesPerRow * height else {
            throw .bufferTooSmall(required: bytesPerRow * height, actual: buffer.count)
        }
        guard Int(bitPattern: base) % format.bytesPerPixel == 0 else { throw .misalignedBuffer }
        self.width = width
        self.height = height
        self.bytesPerRow = bytesPerRow
        self.format = format
        storage = base
        allocation = nil
        owner = nil
        pixelRows = 0..<height
    }

    /// A surface over rows of `parent` (a band), sharing its memory and
    /// keeping it alive.
    init(rowsOf parent: Surface, from first: Int, count: Int) {
        width = parent.width
        height = count
        bytesPerRow = parent.bytesPerRow
        format = parent.format
        storage = parent.storage + first * parent.bytesPerRow
        allocation = nil
        owner = parent
        pixelRows = 0..<count
    }

    /// An RGBA8 surface of `width` x `height` pixels whose every row is
    /// `row` (rows zero bytes apart), for the kernels of an A8 draw, which
    /// composite each span there before its alphas are stored in the A8
    /// surface (Composite/AlphaRowKernel.swift). Borrows `row` (at least
    /// `width` pixels), which the caller keeps alive; never handed out.
    init(scratchRow row: UnsafeMutablePointer<UInt32>, width: Int, height: Int) {
        self.width = width
        self.height = height
        bytesPerRow = 0
        format = .rgba8Premultiplied
        storage = UnsafeMutableRawPointer(row)
        allocation = nil
        owner = nil
        pixelRows = 0..<height
    }

    private static func check(width: Int, height: Int) throws(SurfaceError) {
        guard width > 0, height > 0 else { throw .emptySize(width: width, height: height) }
        guard width <= Surface.maximumDimension, height <= Surface.maximumDimension,
            width * height <= Surface.maximumPixelCount
        else { throw .tooLarge(width: width, height: height) }
    }

    deinit {
        allocation?.deallocate()
    }

    /// The stored color of pixel (x, y) (device pixels); `nil` outside the
    /// surface. A pending clear reads as its color; an A8 pixel reads as
    /// black at its alpha.
    /// - Parameters:
    ///   - x: the column, in device pixels.
    ///   - y: the row, in device pixels.
    public func pixel(x: Int, y: Int) -> PremultipliedColor? {
        guard x >= 0, x < width, pixelRows.contains(y) else { return nil }
        if let pendingClear { return format.unpack(pendingClear) }
        let row = storage + y * bytesPerRow
        if format == .a8 { return format.unpack(UInt32(row.load(fromByteOffset: x, as: UInt8.self))) }
        return format.unpack(row.load(fromByteOffset: x * 4, as: UInt32.self))
    }

    /// Stores a color at pixel (x, y); does nothing outside the surface.
    /// (An A8 surface keeps the alpha.)
    /// - Parameters:
    ///   - x: the column, in device pixels.
    ///   - y: the row, in device pixels.
    ///   - color: the premultiplied color (each channel at most alpha).
    public func setPixel(x: Int, y: Int, to color: PremultipliedColor) {
        guard x >= 0, x < width, pixelRows.contains(y) else { return }
        flush()
        let row = storage + y * bytesPerRow
        if format == .a8 {
            row.storeBytes(of: color.alpha, toByteOffset: x, as: UInt8.self)
        } else {
            row.storeBytes(of: format.pack(color), toByteOffset: x * 4, as: UInt32.self)
        }
    }

    /// Sets every pixel to `color` (an A8 surface: its alpha).
    ///
    /// The clear is recorded, not written: the next draw writes each pixel
    /// of the rows it reaches once (the clear color where it does not
    /// cover, its result over the clear color where it does) and clears
    /// the rest, so a clear followed by a draw costs about one pass over
    /// the pixels instead of two. Every way of reading the pixels
    /// (`pixel(x:y:)`, `bytes`, `withUnsafeBytes`, `withUnsafeMutableBytes`,
    /// PNG encoding, `Image(surface)`) sees the cleared surface; `flush()`
    /// writes a pending clear at once.
    /// - Parameter color: the premultiplied color every pixel becomes.
    public func clear(to color: PremultipliedColor = .clear) {
        // A row window is cleared at once (a fused clear may write rows a
        // draw does not reach).
        guard isWholeSurface else {
            return fillRows(pixelRows.lowerBound, pixelRows.upperBound, with: format.pack(color))
        }
        pendingClear = format.pack(color)
    }

    /// Whether every row holds pixels (not a row window).
    var isWholeSurface: Bool { pixelRows.count == height }

    /// The pixels a canvas over the surface may draw: its columns, and
    /// the rows that hold pixels.
    var pixelBounds: PixelRect {
        PixelRect(minX: 0, minY: pixelRows.lowerBound, maxX: width, maxY: pixelRows.upperBound)
    }

    /// Writes a pending clear (`clear(to:)`) into the pixels now; does
    /// nothing if there is none. Readers call it themselves; call it to
    /// time or control when the pixels are written.
    public func flush() {
        guard let color = pendingClear else { return }
        pendingClear = nil
        fillRows(pixelRows.lowerBound, pixelRows.upperBound, with: color)
    }

    /// Stores `value` (packed in the surface's format) in every pixel of
    /// rows `first..<last`, and nothing between rows.
    func fillRows(_ first: Int, _ last: Int, with value: UInt32) {
        guard last > first else { return }
        let rowBytes = width * format.bytesPerPixel
        if format == .a8 {
            let byte = UInt8(truncatingIfNeeded: value)
            if bytesPerRow == rowBytes {
                fillBytes(storage + first * bytesPerRow, count: (last - first) * rowBytes, with: byte)
            } else {
                for y in first..<last { fillBytes(storage + y * bytesPerRow, count: rowBytes, with: byte) }
            }
            return
        }
        if bytesPerRow == rowBytes {
            fillPixels(rowPointer(first), count: (last - first) * width, with: value)
        } else {
            for y in first..<last { fillPixels(rowPointer(y), count: width, with: value) }
        }
    }

    /// Copies the pixels of row `source` (every column) into each row of
    /// `rows` (rows holding pixels, none of them `source`): library
    /// copies of at most `rowCopyChunk` bytes, from the same source row
    /// (which stays in the first level cache).
    func copyRow(_ source: Int, into rows: Range<Int>) {
        assert(
            pixelRows.contains(source)
                && (rows.isEmpty
                    || (pixelRows.contains(rows.lowerBound)
                        && pixelRows.contains(rows.upperBound - 1)))
                && !rows.contains(source),
            "a row copied within the rows that hold pixels")
        let rowBytes = width * format.bytesPerPixel
        let from = UnsafeRawPointer(storage + source * bytesPerRow)
        guard rowBytes > Self.rowCopyChunk else {
            for y in rows { (storage + y * bytesPerRow).copyMemory(from: from, byteCount: rowBytes) }
            return
        }
        for y in rows {
            let to = storage + y * bytesPerRow
            var done = 0
            repeat {
                let n = min(Self.rowCopyChunk, rowBytes &- done)
                (to + done).copyMemory(from: from + done, byteCount: n)
                done &+= n
            } while done < rowBytes
        }
    }

    /// The most bytes `copyRow` copies in one library call. Longer copies
    /// take glibc's `rep movsb` (past 2,112 bytes on the AMD EPYC
    /// measured), which copying a row from the row above (its bytes 4,116
    /// apart at 3x: 20 bytes apart modulo 4 KiB, where loads wait on the
    /// stores before them) made 2.3x slower than copies of 2 KiB each:
    /// 16.2 against 7.1 µs for the 132 rows of a 1,029-pixel surface.
    static let rowCopyChunk = 2048

    /// The bytes the surface spans: `bytesPerRow` for each of `pixelRows`
    /// from the first pixel of those rows (padding included; for wrapped
    /// memory, the caller's).
    var byteCount: Int { bytesPerRow * pixelRows.count }

    /// The first pixel of the first row that holds pixels.
    var firstStoredPixel: UnsafeMutableRawPointer { storage + pixelRows.lowerBound * bytesPerRow }

    /// Calls `body` with the pixel bytes (`height` rows, `bytesPerRow`
    /// apart, in `format`; for a row window its `pixelRows` alone), after
    /// writing any pending clear.
    /// - Parameter body: reads the pixels: `height` rows `bytesPerRow`
    ///   apart; valid only during the call.
    /// - Returns: what `body` returns.
    /// - Throws: what `body` throws.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        flush()
        return try body(UnsafeRawBufferPointer(start: firstStoredPixel, count: byteCount))
    }

    /// Calls `body` with the mutable pixel bytes (`height` rows,
    /// `bytesPerRow` apart, in `format`; for a row window its `pixelRows`
    /// alone), after writing any pending clear.
    /// The caller keeps every color channel ≤ its alpha.
    /// - Parameter body: reads and writes the pixels in place (keep them
    ///   premultiplied); valid only during the call.
    /// - Returns: what `body` returns.
    /// - Throws: what `body` throws.
    public func withUnsafeMutableBytes<R>(_ body: (UnsafeMutableRawBufferPointer) throws -> R) rethrows -> R {
        flush()
        return try body(UnsafeMutableRawBufferPointer(start: firstStoredPixel, count: byteCount))
    }

    /// A copy of the pixels in the surface's format, row by row, with no
    /// padding (`width × format.bytesPerPixel` bytes a row; for a row
    /// window, its `pixelRows` alone).
    public var bytes: [UInt8] {
        withUnsafeBytes { raw in
            let rowBytes = width * format.bytesPerPixel
            if rowBytes == bytesPerRow { return Array(raw) }
            var result = [UInt8]()
            result.reserveCapacity(rowBytes * pixelRows.count)
            for y in 0..<pixelRows.count {
                result.append(
                    contentsOf: UnsafeRawBufferPointer(rebasing: raw[(y * bytesPerRow)..<(y * bytesPerRow + rowBytes)]))
            }
            return result
        }
    }

    /// Row `y` as 32-bit pixels (in the format's byte order), for the
    /// kernels of a draw (which fuse a pending clear in; other code reads
    /// through the flushing accessors). 32-bit formats only.
    @inlinable
    func rowPointer(_ y: Int) -> UnsafeMutablePointer<UInt32> {
        assert(format != .a8 && y >= 0 && y < height, "a 32-bit row of the surface")
        return storage.advanced(by: y * bytesPerRow).assumingMemoryBound(to: UInt32.self)
    }
}
