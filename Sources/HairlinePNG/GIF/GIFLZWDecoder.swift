// GIF stage: LZW decompression (GIF89a appendix F). The image's data
// sub-blocks in -> color indices in raster order, at most `count` of them.
// Variable-width codes, LSB first, from (minimum code size + 1) bits to 12;
// clear and end codes; the table stops growing at 4096 entries (4095 is the
// last code) and decoding continues at 12 bits until a clear code (a
// "deferred clear"). Guarantees: never writes past `count` indices, never
// reads past the data; each input code costs O(its string's length).

/// Decodes one image's LZW stream.
struct GIFLZWDecoder {
    /// The table's size limit (12-bit codes).
    static let maximumCodeCount = 4096
    static let maximumCodeBits = 12

    /// Decodes the sub-blocks starting at `position` (the first block's
    /// length byte) into `output`.
    /// - Parameters:
    ///   - bytes: the whole file.
    ///   - minimumCodeSize: the byte before the sub-blocks (1...8).
    ///   - dataOffset: the file offset of that byte, for errors.
    ///   - output: receives the indices; its count is the frame's pixels.
    /// - Returns: the number of indices written (fewer than `output.count`
    ///   when an end code or the block terminator comes early).
    /// - Throws: `.truncated` if the file ends first, `.invalidImageData`
    ///   for a code beyond the table.
    static func decode(
        _ bytes: UnsafeRawBufferPointer, position start: Int, minimumCodeSize: Int, dataOffset: Int,
        into output: UnsafeMutableBufferPointer<UInt8>
    ) throws(GIFError) -> Int {
        let clear = 1 << minimumCodeSize, endCode = clear + 1
        var prefix = [UInt16](repeating: 0, count: maximumCodeCount)
        var suffix = [UInt8](repeating: 0, count: maximumCodeCount)
        var first = [UInt8](repeating: 0, count: maximumCodeCount)
        var length = [UInt16](repeating: 0, count: maximumCodeCount)
        for i in 0..<clear {
            suffix[i] = UInt8(truncatingIfNeeded: i)
            first[i] = UInt8(truncatingIfNeeded: i)
            length[i] = 1
        }
        var position = start, blockRemaining = 0
        var bitBuffer: UInt64 = 0, bitCount = 0
        var codeSize = minimumCodeSize + 1, next = endCode + 1, previous = -1
        var written = 0
        let total = output.count
        guard total > 0 else { return 0 }
        while written < total {
            // Gather the next code's bits from the sub-blocks.
            while bitCount < codeSize {
                if blockRemaining == 0 {
                    guard position < bytes.count else { throw .truncated(at: dataOffset) }
                    blockRemaining = Int(bytes[position])
                    position += 1
                    if blockRemaining == 0 { return written }  // the terminator, early
                }
                guard position < bytes.count else { throw .truncated(at: dataOffset) }
                bitBuffer |= UInt64(bytes[position]) << UInt64(bitCount)
                position += 1
                blockRemaining -= 1
                bitCount += 8
            }
            let code = Int(bitBuffer & ((1 << UInt64(codeSize)) - 1))
            bitBuffer >>= UInt64(codeSize)
            bitCount -= codeSize
            if code == clear {
                codeSize = minimumCodeSize + 1
                next = endCode + 1
                previous = -1
                continue
            }
            if code == endCode { return written }
            let emitted: Int
            if previous < 0 {
                guard code < clear else {
                    throw .invalidImageData(
                        "code \(code) follows a clear code (a root below \(clear) must)", at: dataOffset)
                }
                emitted = code
                output[written] = UInt8(truncatingIfNeeded: code)
                written += 1
                previous = code
                continue
            } else if code < next {
                emitted = code
            } else if code == next && next < maximumCodeCount {
                // The KwKwK case: the previous string plus its first byte.
                prefix[next] = UInt16(previous)
                suffix[next] = first[previous]
                first[next] = first[previous]
                length[next] = length[previous] &+ 1
                emitted = code
            } else {
                throw .invalidImageData("code \(code) is not yet in the table (next is \(next))", at: dataOffset)
            }
            // Write the string backwards from its last byte, clipped.
            let count = Int(length[emitted])
            var c = emitted
            var index = written + count - 1
            while index >= total {
                c = Int(prefix[c])
                index -= 1
            }
            while index > written {
                output[index] = suffix[c]
                c = Int(prefix[c])
                index -= 1
            }
            output[written] = suffix[c]
            if code < next && next < maximumCodeCount {
                prefix[next] = UInt16(previous)
                suffix[next] = first[emitted]
                first[next] = first[previous]
                length[next] = length[previous] &+ 1
            }
            if next < maximumCodeCount { next += 1 }
            if next == 1 << codeSize && codeSize < maximumCodeBits { codeSize += 1 }
            written = min(written + count, total)
            previous = code
        }
        return written
    }
}
