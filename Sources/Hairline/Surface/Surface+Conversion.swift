// Surface: pixels in and out in any PixelFormat, premultiplied or straight,
// at any row stride, for handing a surface's pixels to other APIs (image
// files, GPU uploads, platform bitmaps) and taking theirs.

extension Surface {
    /// Writes every pixel into `destination` in `format`, premultiplied or
    /// straight (`alpha`), `height` rows `bytesPerRow` apart (padding
    /// bytes untouched), after writing any pending clear. A8 keeps alpha
    /// only; from A8, colors are black at that alpha. Straight values are
    /// the premultiplied ones divided by alpha, rounded to nearest (0
    /// where alpha is 0).
    /// - Throws: `SurfaceError.invalidRowStride` if `bytesPerRow` is shorter
    ///   than a row in `format`, `.bufferTooSmall` if `destination` is
    ///   smaller than `bytesPerRow × height`.
    /// - Parameters:
    ///   - destination: memory for `bytesPerRow × height` bytes.
    ///   - bytesPerRow: bytes from one destination row to the next.
    ///   - format: the byte layout to write.
    ///   - alpha: whether to write premultiplied (default) or straight colors.
    public func copyPixels(
        into destination: UnsafeMutableRawBufferPointer, bytesPerRow: Int, format: PixelFormat,
        alpha: AlphaStorage = .premultiplied
    ) throws(SurfaceError) {
        try Self.checkBuffer(
            count: destination.count, bytesPerRow: bytesPerRow, width: width, height: pixelRows.count,
            format: format)
        copyCheckedPixels(into: destination, bytesPerRow: bytesPerRow, format: format, alpha: alpha)
    }

    /// `copyPixels(into:bytesPerRow:format:alpha:)` for a checked
    /// destination.
    func copyCheckedPixels(
        into destination: UnsafeMutableRawBufferPointer, bytesPerRow stride: Int,
        format target: PixelFormat, alpha: AlphaStorage = .premultiplied
    ) {
        flush()
        guard let out = destination.baseAddress else { return }
        let rowBytes = width * target.bytesPerPixel
        let rows = pixelRows.count
        assert(stride >= rowBytes && destination.count >= stride * (rows - 1) + rowBytes, "a checked destination")
        for y in 0..<rows {
            let source = UnsafeRawPointer(firstStoredPixel + y * bytesPerRow), row = out + y * stride
            if target == format && alpha == .premultiplied {
                row.copyMemory(from: source, byteCount: rowBytes)
                continue
            }
            for x in 0..<width {
                let color = format.unpack(Self.load(source, x, format))
                let stored: PremultipliedColor
                if alpha == .straight {
                    let s = color.straightBytes
                    stored = PremultipliedColor(red: s.red, green: s.green, blue: s.blue, alpha: s.alpha)
                } else {
                    stored = color
                }
                Self.store(target.pack(stored), row, x, target)
            }
        }
    }

    /// Replaces every pixel with those of `source`: `height` rows
    /// `bytesPerRow` apart, in `format`, premultiplied or straight
    /// (`alpha`). Straight colors are premultiplied, rounded to nearest;
    /// premultiplied colors with a channel above their alpha are clamped
    /// to it (surfaces never hold such pixels). Into an A8 surface only
    /// alpha goes; from A8, colors are black at that alpha. A pending
    /// clear is dropped.
    /// - Throws: `SurfaceError.invalidRowStride` or `.bufferTooSmall` as
    ///   for `copyPixels`.
    /// - Parameters:
    ///   - source: `bytesPerRow × height` bytes of pixels.
    ///   - stride: bytes from one source row to the next.
    ///   - sourceFormat: the byte layout of `source`.
    ///   - alpha: whether `source` holds premultiplied (default) or straight colors.
    public func replacePixels(
        from source: UnsafeRawBufferPointer, bytesPerRow stride: Int, format sourceFormat: PixelFormat,
        alpha: AlphaStorage = .premultiplied
    ) throws(SurfaceError) {
        try Self.checkBuffer(
            count: source.count, bytesPerRow: stride, width: width, height: pixelRows.count, format: sourceFormat)
        pendingClear = nil
        guard let input = source.baseAddress else { return }
        for y in 0..<pixelRows.count {
            let from = input + y * stride, row = firstStoredPixel + y * bytesPerRow
            for x in 0..<width {
                var c = sourceFormat.unpack(Self.load(from, x, sourceFormat))
                if alpha == .straight {
                    c = PremultipliedColor(straightRed: c.red, green: c.green, blue: c.blue, alpha: c.alpha)
                } else {
                    c = PremultipliedColor(
                        red: min(c.red, c.alpha), green: min(c.green, c.alpha),
                        blue: min(c.blue, c.alpha), alpha: c.alpha)
                }
                Self.store(format.pack(c), row, x, format)
            }
        }
    }

    /// A new surface owning a copy of these pixels in `format` (an exact
    /// copy between RGBA8 and BGRA8; to A8, alpha only; from A8, black at
    /// that alpha).
    /// - Parameter format: the copy's format.
    /// - Complexity: O(width × height).
    public func converted(to format: PixelFormat) -> Surface {
        // The same size as this surface: valid.
        let copy =
            isWholeSurface
            ? try! Surface(width: width, height: height, format: format)
            : try! Surface(width: width, height: height, rows: pixelRows, format: format)
        copy.withUnsafeMutableBytes { bytes in
            copyCheckedPixels(into: bytes, bytesPerRow: copy.bytesPerRow, format: format)
        }
        return copy
    }

    private static func checkBuffer(
        count: Int, bytesPerRow: Int, width: Int, height: Int,
        format: PixelFormat
    ) throws(SurfaceError) {
        let rowBytes = width * format.bytesPerPixel
        guard bytesPerRow >= rowBytes, bytesPerRow <= Int.max / height else {
            throw .invalidRowStride(bytesPerRow: bytesPerRow, minimum: rowBytes)
        }
        let required = bytesPerRow * (height - 1) + rowBytes
        guard count >= required else { throw .bufferTooSmall(required: required, actual: count) }
    }

    /// Pixel `x` of a row in `format`, packed as `PixelFormat.pack` does
    /// (unaligned rows allowed).
    @inline(__always)
    private static func load(_ row: UnsafeRawPointer, _ x: Int, _ format: PixelFormat) -> UInt32 {
        assert(x >= 0, "a column of the row")
        return format == .a8
            ? UInt32(row.load(fromByteOffset: x, as: UInt8.self))
            : row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
    }

    @inline(__always)
    private static func store(_ value: UInt32, _ row: UnsafeMutableRawPointer, _ x: Int, _ format: PixelFormat) {
        assert(x >= 0, "a column of the row")
        if format == .a8 {
            row.storeBytes(of: UInt8(truncatingIfNeeded: value), toByteOffset: x, as: UInt8.self)
        } else {
            row.storeBytes(of: value, toByteOffset: x * 4, as: UInt32.self)
        }
    }
}
