// JPEG stage: one scan (SOS, ITU T.81 B.2.3 and annex G). The scan header
// and its entropy-coded data in -> quantized coefficients added to the
// coefficient store, in natural order: sequential blocks whole, progressive
// scans by spectral band and bit (DC first/refine, AC first/refine with
// end-of-band runs, as libjpeg's jdphuff.c). Guarantees: every block is
// checked for reading past the data, so a truncated or corrupt scan throws
// within one block; work is bounded by blocks × coefficients per scan.

/// A scan's header: which components, which tables, which band and bits.
struct JPEGScanHeader {
    /// Indices into the frame's components, in scan order.
    let components: [Int]
    let dcTables: [Int], acTables: [Int]
    /// Spectral selection start and end (0...63) and successive
    /// approximation high and low bits.
    let spectralStart: Int, spectralEnd: Int, approximationHigh: Int, approximationLow: Int

    /// Parses an SOS segment's payload (`offset`: file offset of its first
    /// byte) against the frame.
    /// - Throws: `.invalidSegment` for an unknown or repeated component, a
    ///   band or bit position the process does not allow, or an MCU of more
    ///   than 10 blocks.
    init(_ segment: UnsafeRawBufferPointer, frame: JPEGFrame, offset: Int) throws(JPEGError) {
        func invalid(_ reason: String, _ field: Int) -> JPEGError {
            .invalidSegment("SOS", reason: reason, at: offset + field)
        }
        guard segment.count >= 1 else { throw invalid("empty", 0) }
        let count = Int(segment[0])
        guard (1...4).contains(count) else { throw invalid("\(count) components", 0) }
        guard segment.count >= 4 + 2 * count else { throw invalid("shorter than its \(count) components", 0) }
        var components: [Int] = [], dc: [Int] = [], ac: [Int] = []
        for i in 0..<count {
            let field = 1 + 2 * i
            guard let index = frame.components.firstIndex(where: { $0.id == segment[field] }) else {
                throw invalid("component id \(segment[field]) is not in the frame", field)
            }
            guard !components.contains(index) else { throw invalid("component id \(segment[field]) twice", field) }
            let d = Int(segment[field + 1] >> 4), a = Int(segment[field + 1] & 15)
            guard d < 4, a < 4 else { throw invalid("Huffman tables \(d)/\(a)", field + 1) }
            components.append(index)
            dc.append(d)
            ac.append(a)
        }
        let field = 1 + 2 * count
        let ss = Int(segment[field]), se = Int(segment[field + 1])
        let ah = Int(segment[field + 2] >> 4), al = Int(segment[field + 2] & 15)
        if frame.isProgressive {
            guard ss <= se, se <= 63, ss > 0 || se == 0 else { throw invalid("spectral band \(ss)...\(se)", field) }
            guard ss == 0 || count == 1 else { throw invalid("an AC scan of \(count) components", 0) }
            guard ah <= 13, al <= 13 else { throw invalid("successive approximation \(ah)/\(al)", field + 2) }
            guard ah == 0 || ah == al + 1 else { throw invalid("successive approximation \(ah)/\(al)", field + 2) }
        } else {
            guard ss == 0, se == 63, ah == 0, al == 0 else {
                throw invalid("a sequential scan must code 0...63 at full precision", field)
            }
        }
        if count > 1 {
            let blocks = components.reduce(0) {
                $0 + frame.components[$1].horizontalFactor * frame.components[$1].verticalFactor
            }
            guard blocks <= JPEGFrame.maximumBlocksPerMCU else {
                throw invalid("\(blocks) blocks per MCU (at most 10)", 0)
            }
        }
        self.components = components
        dcTables = dc
        acTables = ac
        spectralStart = ss
        spectralEnd = se
        approximationHigh = ah
        approximationLow = al
    }

    /// Which kind of block coding the scan uses.
    enum Kind { case sequential, dcFirst, dcRefine, acFirst, acRefine }

    func kind(isProgressive: Bool) -> Kind {
        guard isProgressive else { return .sequential }
        if spectralStart == 0 { return approximationHigh == 0 ? .dcFirst : .dcRefine }
        return approximationHigh == 0 ? .acFirst : .acRefine
    }
}

/// The quantized coefficients of every block of every component, natural
/// order, 64 per block; zero until a scan sets them.
final class JPEGCoefficientStore {
    let blocks: [UnsafeMutablePointer<Int16>]
    let counts: [Int]

    init(frame: JPEGFrame) {
        counts = frame.components.map { $0.blocksPerLine * $0.blocksPerColumn * JPEGFrame.blockCount }
        blocks = counts.map { count in
            let p = UnsafeMutablePointer<Int16>.allocate(capacity: count)
            p.initialize(repeating: 0, count: count)
            return p
        }
    }

    deinit { for p in blocks { p.deallocate() } }
}

/// Decodes one scan's entropy-coded data into the coefficient store.
struct JPEGScanDecoder {
    let frame: JPEGFrame
    let header: JPEGScanHeader
    let kind: JPEGScanHeader.Kind
    let dcTables: [JPEGHuffmanTable?]
    let acTables: [JPEGHuffmanTable?]
    /// MCUs between restart markers; 0 for none.
    let restartInterval: Int
    /// DC predictions per scan component.
    var predictions: [Int]
    /// Blocks left in the current end-of-band run (progressive AC).
    var endOfBandRun = 0
    var reader: JPEGBitReader
    /// File offset of the scan's first data byte.
    let dataStart: Int

    /// Checks the tables the scan needs and sets up the reader at `position`.
    init(
        frame: JPEGFrame, header: JPEGScanHeader, tables: JPEGTables, restartInterval: Int,
        bytes: UnsafeRawBufferPointer, position: Int, headerOffset: Int
    ) throws(JPEGError) {
        self.frame = frame
        self.header = header
        kind = header.kind(isProgressive: frame.isProgressive)
        let needsDC = kind == .sequential || kind == .dcFirst
        let needsAC = kind == .sequential || kind == .acFirst || kind == .acRefine
        var dc: [JPEGHuffmanTable?] = [], ac: [JPEGHuffmanTable?] = []
        for i in header.components.indices {
            let d = tables.huffman[header.dcTables[i]], a = tables.huffman[4 + header.acTables[i]]
            if needsDC && d == nil {
                throw .missingTable(kind: "Huffman DC", index: header.dcTables[i], at: headerOffset)
            }
            if needsAC && a == nil {
                throw .missingTable(kind: "Huffman AC", index: header.acTables[i], at: headerOffset)
            }
            dc.append(d)
            ac.append(a)
        }
        dcTables = dc
        acTables = ac
        self.restartInterval = restartInterval
        predictions = Array(repeating: 0, count: header.components.count)
        let base = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
        reader = JPEGBitReader(base: base, count: bytes.count, position: position)
        dataStart = position
    }

    /// Decodes every MCU of the scan.
    /// - Returns: the file offset where parsing resumes (the marker after
    ///   the data).
    mutating func decode(into store: JPEGCoefficientStore) throws(JPEGError) -> Int {
        let single = header.components.count == 1
        let first = frame.components[header.components[0]]
        let mcuCount =
            single
            ? first.codedBlocksPerLine * first.codedBlocksPerColumn : frame.mcusPerLine * frame.mcusPerColumn
        var restartIndex = 0
        try zigzagToNatural.withUnsafeBufferPointer { (order) throws(JPEGError) in
            let skipsRuns = single && kind == .acFirst
            var mcu = 0
            while mcu < mcuCount {
                defer { mcu += 1 }
                if restartInterval > 0 && mcu > 0 && mcu % restartInterval == 0 {
                    let expected = UInt8(0xD0 + restartIndex % 8)
                    guard reader.skipRestartMarker(expected) else {
                        throw .invalidScanData(
                            "restart marker RST\(restartIndex % 8) missing after MCU \(mcu)", at: reader.resumePosition)
                    }
                    restartIndex += 1
                    for i in predictions.indices { predictions[i] = 0 }
                    endOfBandRun = 0
                }
                if skipsRuns && endOfBandRun > 0 {
                    // Blocks inside an end-of-band run are untouched: skip
                    // them together (up to the next restart), so a run
                    // costs O(1), not O(blocks).
                    let boundary = restartInterval > 0 ? (mcu / restartInterval + 1) * restartInterval : mcuCount
                    let skipped = min(endOfBandRun, min(boundary, mcuCount) - mcu)
                    endOfBandRun -= skipped
                    mcu += skipped - 1
                    continue
                }
                if single {
                    let c = frame.components[header.components[0]]
                    let x = mcu % c.codedBlocksPerLine, y = mcu / c.codedBlocksPerLine
                    let block = store.blocks[header.components[0]] + (y * c.blocksPerLine + x) * JPEGFrame.blockCount
                    try decodeBlock(block, scanComponent: 0, order: order.baseAddress!)
                } else {
                    let mx = mcu % frame.mcusPerLine, my = mcu / frame.mcusPerLine
                    for (i, index) in header.components.enumerated() {
                        let c = frame.components[index]
                        for v in 0..<c.verticalFactor {
                            for h in 0..<c.horizontalFactor {
                                let row = my * c.verticalFactor + v, column = mx * c.horizontalFactor + h
                                let block =
                                    store.blocks[index] + (row * c.blocksPerLine + column) * JPEGFrame.blockCount
                                try decodeBlock(block, scanComponent: i, order: order.baseAddress!)
                            }
                        }
                    }
                }
                if reader.hasOverrun {
                    if reader.markerPosition >= 0 && reader.markerPosition < reader.end {
                        throw .invalidScanData(
                            "the data stops at a marker before MCU \(mcu) is complete", at: reader.markerPosition)
                    }
                    throw .truncated(at: dataStart)
                }
            }
        }
        return reader.resumePosition
    }

    @inline(__always)
    mutating func decodeBlock(
        _ block: UnsafeMutablePointer<Int16>, scanComponent i: Int, order: UnsafePointer<Int>
    ) throws(JPEGError) {
        switch kind {
        case .sequential:
            try decodeSequential(block, dc: dcTables[i].unsafelyUnwrapped, ac: acTables[i].unsafelyUnwrapped, i, order)
        case .dcFirst: try decodeDCFirst(block, dc: dcTables[i].unsafelyUnwrapped, i)
        case .dcRefine: if reader.bit() { block[0] |= Int16(truncatingIfNeeded: 1 << header.approximationLow) }
        case .acFirst: try decodeACFirst(block, ac: acTables[i].unsafelyUnwrapped, order)
        case .acRefine: try decodeACRefine(block, ac: acTables[i].unsafelyUnwrapped, order)
        }
    }

    /// The error for a code the table does not hold.
    func badCode(_ what: String) -> JPEGError {
        .invalidScanData("a \(what) Huffman code is not in its table", at: reader.resumePosition)
    }

    /// A whole block of a sequential scan (T.81 F.2.2).
    @inline(__always)
    mutating func decodeSequential(
        _ block: UnsafeMutablePointer<Int16>, dc: JPEGHuffmanTable, ac: JPEGHuffmanTable, _ i: Int,
        _ order: UnsafePointer<Int>
    ) throws(JPEGError) {
        let t = reader.decode(dc)
        guard t >= 0, t <= 16 else { throw badCode("DC") }
        predictions[i] &+= reader.receiveExtend(t)
        block[0] = Int16(truncatingIfNeeded: predictions[i])
        var k = 1
        while k < 64 {
            let rs = reader.decode(ac)
            guard rs >= 0 else { throw badCode("AC") }
            let run = rs >> 4, size = rs & 15
            if size == 0 {
                if run != 15 { break }
                k &+= 16
                continue
            }
            k &+= run
            guard k < 64 else { throw .invalidScanData("a coefficient run passes index 63", at: reader.resumePosition) }
            block[order[k]] = Int16(truncatingIfNeeded: reader.receiveExtend(size))
            k &+= 1
        }
    }

    /// The DC coefficient's high bits (T.81 G.1.2.1).
    @inline(__always)
    mutating func decodeDCFirst(_ block: UnsafeMutablePointer<Int16>, dc: JPEGHuffmanTable, _ i: Int) throws(JPEGError)
    {
        let t = reader.decode(dc)
        guard t >= 0, t <= 16 else { throw badCode("DC") }
        predictions[i] &+= reader.receiveExtend(t)
        block[0] = Int16(truncatingIfNeeded: predictions[i] &<< header.approximationLow)
    }

    /// A band's high bits, with end-of-band runs (T.81 G.1.2.2).
    @inline(__always)
    mutating func decodeACFirst(
        _ block: UnsafeMutablePointer<Int16>, ac: JPEGHuffmanTable, _ order: UnsafePointer<Int>
    ) throws(JPEGError) {
        if endOfBandRun > 0 {
            endOfBandRun -= 1
            return
        }
        var k = header.spectralStart
        let end = header.spectralEnd, low = header.approximationLow
        while k <= end {
            let rs = reader.decode(ac)
            guard rs >= 0 else { throw badCode("AC") }
            let run = rs >> 4, size = rs & 15
            if size == 0 {
                if run < 15 {
                    endOfBandRun = (1 << run) - 1
                    if run > 0 { endOfBandRun += reader.bits(run) }
                    break
                }
                k += 16
                continue
            }
            k += run
            guard k <= end else {
                throw .invalidScanData("a coefficient run passes the band's end", at: reader.resumePosition)
            }
            block[order[k]] = Int16(truncatingIfNeeded: reader.receiveExtend(size) &<< low)
            k += 1
        }
    }

    /// A band's next bit: new coefficients of ±1 and correction bits for
    /// those already nonzero (T.81 G.1.2.3, as jdphuff.c).
    mutating func decodeACRefine(
        _ block: UnsafeMutablePointer<Int16>, ac: JPEGHuffmanTable, _ order: UnsafePointer<Int>
    ) throws(JPEGError) {
        let positive = Int16(truncatingIfNeeded: 1 << header.approximationLow)
        let negative = Int16(truncatingIfNeeded: -1 << header.approximationLow)
        let end = header.spectralEnd
        var k = header.spectralStart
        @inline(__always) func refine(_ index: Int, _ reader: inout JPEGBitReader) {
            let value = block[index]
            if reader.bit() && value & positive == 0 {
                block[index] = value &+ (value >= 0 ? positive : negative)
            }
        }
        if endOfBandRun == 0 {
            while k <= end {
                let rs = reader.decode(ac)
                guard rs >= 0 else { throw badCode("AC") }
                var run = rs >> 4
                let size = rs & 15
                var value: Int16 = 0
                if size != 0 {
                    // T.81 allows only 1 here; others are read as 1, as libjpeg does.
                    value = reader.bit() ? positive : negative
                } else if run != 15 {
                    endOfBandRun = 1 << run
                    if run > 0 { endOfBandRun += reader.bits(run) }
                    break
                }
                while k <= end {
                    let index = order[k]
                    if block[index] != 0 {
                        refine(index, &reader)
                    } else {
                        if run == 0 { break }
                        run -= 1
                    }
                    k += 1
                }
                if value != 0 && k <= end { block[order[k]] = value }
                k += 1
            }
        }
        if endOfBandRun > 0 {
            while k <= end {
                let index = order[k]
                if block[index] != 0 { refine(index, &reader) }
                k += 1
            }
            endOfBandRun -= 1
        }
    }
}
