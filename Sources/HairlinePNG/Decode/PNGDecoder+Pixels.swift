// Decode stage: decompressed scanlines -> pixels (PNG spec §7-9, §13).
// The filtered rows of each pass in -> rows unfiltered in place, expanded
// to straight RGBA and scattered to their image positions (Adam7 or not).
// Guarantees: every pixel is written exactly once; a bad filter type or
// palette index throws with its row or pixel; 16-bit samples stay lossless.

extension PNGDecoder {
    /// Unfilters and expands the decompressed rows (`rows` holds at least
    /// `header.filteredByteCount` bytes) into a `PNGImage`.
    static func decodePixels(
        _ rows: UnsafeMutableBufferPointer<UInt8>, stream: PNGChunkStream
    ) throws(PNGError) -> PNGImage {
        let header = stream.header
        precondition(rows.count >= header.filteredByteCount)
        let expander = PNGRowExpander(header: header, palette: stream.palette, transparency: stream.transparency)
        let sampleCount = header.width * header.height * PNGRowExpander.channelCount
        let imageRowSamples = header.width * PNGRowExpander.channelCount
        var rgba8 = [UInt8](repeating: 0, count: sampleCount)
        guard header.bitDepth == 16 else {
            try rgba8.withUnsafeMutableBufferPointerTyped { (output) throws(PNGError) in
                try forEachRow(rows, header: header) { (row, pass, passRow, pixelCount) throws(PNGError) in
                    let y = pass.startY + passRow * pass.stepY
                    try expander.expand8(
                        row, pixelCount: pixelCount,
                        into: output.baseAddress! + y * imageRowSamples + pass.startX * PNGRowExpander.channelCount,
                        stride: pass.stepX, y: y, startX: pass.startX)
                }
            }
            return PNGImage(width: header.width, height: header.height, bitDepth: 8, rgba8: rgba8, rgba16: nil)
        }
        var rgba16 = [UInt16](repeating: 0, count: sampleCount)
        try rgba16.withUnsafeMutableBufferPointerTyped { (output) throws(PNGError) in
            try forEachRow(rows, header: header) { (row, pass, passRow, pixelCount) throws(PNGError) in
                let y = pass.startY + passRow * pass.stepY
                expander.expand16(
                    row, pixelCount: pixelCount,
                    into: output.baseAddress! + y * imageRowSamples + pass.startX * PNGRowExpander.channelCount,
                    stride: pass.stepX)
            }
        }
        rgba8.withUnsafeMutableBufferPointer { narrow in
            rgba16.withUnsafeBufferPointer { wide in PNGRowExpander.narrow(wide, into: narrow.baseAddress!) }
        }
        return PNGImage(width: header.width, height: header.height, bitDepth: 16, rgba8: rgba8, rgba16: rgba16)
    }

    /// Walks the filtered rows of every non-empty pass in stream order:
    /// checks each row's filter type, unfilters the row in place against
    /// the (already unfiltered) row above, and hands it to `body` with its
    /// pass, its row index within the pass and its width in pixels.
    /// - Throws: `.invalidFilterType` with the row and pass; `body`'s error.
    static func forEachRow(
        _ rows: UnsafeMutableBufferPointer<UInt8>, header: PNGHeader,
        _ body: (UnsafePointer<UInt8>, PNGPass, Int, Int) throws(PNGError) -> Void
    ) throws(PNGError) {
        let widestRow = header.rowByteCount(pixelCount: header.width)
        // The row above the first row of each pass is zeros (PNG spec §9.2).
        let zeros = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, widestRow))
        zeros.initialize(repeating: 0, count: max(1, widestRow))
        defer { zeros.deallocate() }
        let base = rows.baseAddress!
        var offset = 0
        for pass in header.passes {
            let size = pass.size(width: header.width, height: header.height)
            guard size.width > 0 && size.height > 0 else { continue }
            let rowByteCount = header.rowByteCount(pixelCount: size.width)
            var previous = UnsafePointer(zeros)
            for passRow in 0..<size.height {
                let filterType = base[offset]
                guard let filter = PNGFilter(rawValue: filterType) else {
                    throw .invalidFilterType(filterType, row: passRow, pass: pass.number)
                }
                let row = base + offset + 1
                filter.unfilter(row, previous: previous, count: rowByteCount, bytesPerPixel: header.filterDistance)
                try body(UnsafePointer(row), pass, passRow, size.width)
                previous = UnsafePointer(row)
                offset += 1 + rowByteCount
            }
        }
    }
}
