// JPEG stage: the frame header (SOFn, ITU T.81 B.2.2). Segment bytes in ->
// the image size, coding process and components with their sampling
// factors and block grids. Guarantees the scan decoder: 1, 3 or 4
// components with distinct ids, factors 1...4 whose ratios to the largest
// are whole numbers, a size within the limits (checked before any
// coefficient memory exists), and block grids that cover whole MCUs.

/// One image component as the frame header declares it.
struct JPEGComponent {
    /// The component identifier scans refer to it by.
    let id: UInt8
    /// Horizontal and vertical sampling factors, 1...4.
    let horizontalFactor: Int, verticalFactor: Int
    /// The quantization table slot, 0...3.
    let quantizationIndex: Int
    /// Samples per line and lines of the downsampled component:
    /// ceil(width · h / hmax) and ceil(height · v / vmax) (T.81 A.1.1).
    let sampleWidth: Int, sampleHeight: Int
    /// Blocks stored per line and per column: whole MCUs' worth, at least
    /// ceil(sampleWidth / 8) × ceil(sampleHeight / 8).
    let blocksPerLine: Int, blocksPerColumn: Int
    /// Blocks a non-interleaved scan of this component codes per line and
    /// per column: ceil(sampleWidth / 8), ceil(sampleHeight / 8).
    var codedBlocksPerLine: Int { (sampleWidth + 7) / 8 }
    var codedBlocksPerColumn: Int { (sampleHeight + 7) / 8 }
}

/// The frame: size, process and components.
struct JPEGFrame {
    /// Image size in pixels.
    let width: Int, height: Int
    /// Progressive DCT (SOF2) rather than sequential (SOF0, SOF1).
    let isProgressive: Bool
    let components: [JPEGComponent]
    /// The largest sampling factors.
    let maximumHorizontalFactor: Int, maximumVerticalFactor: Int
    /// MCUs per line and per column of an interleaved scan.
    let mcusPerLine: Int, mcusPerColumn: Int

    /// Samples per block side (T.81: 8 × 8 blocks).
    static let blockSide = 8
    /// Coefficients per block.
    static let blockCount = 64
    /// Blocks one MCU may hold (T.81 B.2.3: at most 10).
    static let maximumBlocksPerMCU = 10

    /// Parses a SOF0/1/2 segment's payload (`segment`, without the marker
    /// and length; `offset` is the file offset of its first byte).
    /// - Throws: `.invalidSegment`, `.unsupported` (12-bit, DNL, fractional
    ///   sampling), `.tooLarge` before anything is allocated.
    init(
        _ segment: UnsafeRawBufferPointer, isProgressive: Bool, offset: Int, limits: ImageDecoder.Limits
    ) throws(JPEGError) {
        func invalid(_ reason: String, _ field: Int) -> JPEGError {
            .invalidSegment("SOF", reason: reason, at: offset + field)
        }
        guard segment.count >= 6 else { throw invalid("shorter than 6 bytes", 0) }
        let precision = Int(segment[0])
        guard precision == 8 else { throw .unsupported("\(precision)-bit sample precision (only 8-bit)", at: offset) }
        let height = Int(segment[1]) << 8 | Int(segment[2])
        let width = Int(segment[3]) << 8 | Int(segment[4])
        guard height > 0 else { throw .unsupported("a line count left to a DNL marker (height 0)", at: offset + 1) }
        guard width > 0 else { throw invalid("width 0", 3) }
        let count = Int(segment[5])
        guard count == 1 || count == 3 || count == 4 else {
            throw .unsupported("\(count) components (only 1, 3 or 4)", at: offset + 5)
        }
        guard segment.count >= 6 + 3 * count else { throw invalid("shorter than its \(count) components", 0) }
        guard width <= limits.maximumDimension, height <= limits.maximumDimension,
            width * height <= limits.maximumPixelCount
        else { throw .tooLarge(width: width, height: height) }
        var declared: [(id: UInt8, h: Int, v: Int, q: Int)] = []
        for i in 0..<count {
            let field = 6 + 3 * i
            let id = segment[field], factors = Int(segment[field + 1]), q = Int(segment[field + 2])
            let h = factors >> 4, v = factors & 15
            guard (1...4).contains(h), (1...4).contains(v) else {
                throw invalid("sampling factors \(h)x\(v)", field + 1)
            }
            guard q < 4 else { throw invalid("quantization table \(q)", field + 2) }
            guard !declared.contains(where: { $0.id == id }) else { throw invalid("component id \(id) twice", field) }
            declared.append((id, h, v, q))
        }
        let hmax = declared.map(\.h).max()!, vmax = declared.map(\.v).max()!
        for (i, c) in declared.enumerated() where hmax % c.h != 0 || vmax % c.v != 0 {
            throw .unsupported("fractional sampling \(c.h)x\(c.v) of \(hmax)x\(vmax)", at: offset + 7 + 3 * i)
        }
        let side = Self.blockSide
        let mcusPerLine = (width + side * hmax - 1) / (side * hmax)
        let mcusPerColumn = (height + side * vmax - 1) / (side * vmax)
        components = declared.map { c in
            JPEGComponent(
                id: c.id, horizontalFactor: c.h, verticalFactor: c.v, quantizationIndex: c.q,
                sampleWidth: (width * c.h + hmax - 1) / hmax, sampleHeight: (height * c.v + vmax - 1) / vmax,
                blocksPerLine: mcusPerLine * c.h, blocksPerColumn: mcusPerColumn * c.v)
        }
        self.width = width
        self.height = height
        self.isProgressive = isProgressive
        self.maximumHorizontalFactor = hmax
        self.maximumVerticalFactor = vmax
        self.mcusPerLine = mcusPerLine
        self.mcusPerColumn = mcusPerColumn
    }
}
