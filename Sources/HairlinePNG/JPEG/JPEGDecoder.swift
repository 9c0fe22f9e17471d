// Decode stage: JPEG file bytes -> pixels (ITU T.81 / ISO 10918-1, JFIF,
// Adobe APP14). Markers are parsed in order; each scan's entropy-coded data
// adds to a store of quantized coefficients; after EOI the islow IDCT,
// libjpeg's fancy upsampling and color conversion make an opaque `Image`.
// Guarantees: malformed, truncated or oversized input throws a `JPEGError`
// with a byte offset; size limits are checked before allocating; work is
// bounded by the file size and the scans × blocks.

public import Hairline

/// Decodes baseline, extended-sequential and progressive Huffman-coded
/// JPEGs at 8-bit precision: grayscale, YCbCr (JFIF), RGB, CMYK and YCCK
/// (Adobe), any whole sampling ratio, restart intervals.
///
///     let image = try JPEGDecoder.decode(bytes)                      // Image
///     let file = try JPEGDecoder.decode(contentsOfFile: "photo.jpg")
///
/// Output is opaque. EXIF orientation, ICC profiles and other metadata are
/// ignored (pixels come out as stored). Arithmetic coding, lossless,
/// hierarchical and 12-bit JPEGs throw `.unsupported`.
public enum JPEGDecoder {
    /// The most scans a file may have. A progressive JPEG has about ten;
    /// the cap bounds the work a tiny hostile file can ask for (each scan
    /// visits every block).
    public static let maximumScanCount = 1000

    /// How many times, on average, the scans may visit each coefficient:
    /// the sum over scans of (band width × blocks coded) is at most this ×
    /// 64 × the frame's blocks. libjpeg's progressive script makes about 3
    /// passes and a script that sends every bit of every coefficient
    /// apart about 14; the cap bounds the work a small hostile file (many
    /// refinement scans of empty bands) can ask for to O(pixels).
    public static let maximumPassCount = 32

    /// Decodes a JPEG file held in memory.
    ///
    /// - Parameters:
    ///   - bytes: the whole file, from SOI (bytes after EOI are ignored).
    ///   - limits: size limits; a frame beyond them throws `.tooLarge`
    ///     before any coefficient memory is allocated.
    /// - Returns: the image, opaque, premultiplied RGBA8.
    /// - Throws: `JPEGError` with the byte offset of the fault.
    /// - Complexity: O(file size + pixels × `maximumPassCount`); memory about
    ///   3 bytes per sample of each component (coefficients and plane) plus
    ///   the result.
    public static func decode(
        _ bytes: UnsafeRawBufferPointer, limits: ImageDecoder.Limits = .default
    ) throws(JPEGError) -> Image {
        var parser = JPEGParser(bytes, limits: limits)
        return try parser.run()
    }

    /// Decodes a JPEG file held in an array; see `decode(_:limits:)`.
    public static func decode(_ bytes: [UInt8], limits: ImageDecoder.Limits = .default) throws(JPEGError) -> Image {
        try bytes.withUnsafeBytesTyped { (buffer) throws(JPEGError) in try decode(buffer, limits: limits) }
    }

    /// Reads and decodes the JPEG file at `path`.
    /// - Throws: `ImageDecoderError.cannotRead` if the file cannot be read
    ///   or is larger than `limits.maximumFileByteCount`, `.jpeg` otherwise.
    public static func decode(
        contentsOfFile path: String, limits: ImageDecoder.Limits = .default
    ) throws(ImageDecoderError) -> Image {
        let bytes = try ImageDecoder.read(path, limits: limits)
        do { return try decode(bytes, limits: limits) } catch { throw .jpeg(error) }
    }
}

/// The marker loop: tables, frame, scans, EOI.
struct JPEGParser {
    let bytes: UnsafeRawBufferPointer
    let limits: ImageDecoder.Limits
    var tables = JPEGTables()
    var frame: JPEGFrame?
    var store: JPEGCoefficientStore?
    /// Each component's quantization steps, latched at its first scan.
    var latchedSteps: [[Int32]?] = []
    var restartInterval = 0
    var adobeTransform: Int?
    var sawJFIF = false
    var scanCount = 0
    /// Coefficient visits the scans so far asked for (band width × blocks).
    var coefficientVisits = 0

    init(_ bytes: UnsafeRawBufferPointer, limits: ImageDecoder.Limits) {
        self.bytes = bytes
        self.limits = limits
    }

    /// The payload of the segment whose marker is at `offset`: after its
    /// two length bytes, `length - 2` bytes.
    func segment(at offset: Int, name: String) throws(JPEGError) -> UnsafeRawBufferPointer {
        guard offset + 4 <= bytes.count else { throw .truncated(at: offset) }
        let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
        guard length >= 2 else { throw .invalidSegment(name, reason: "length \(length)", at: offset + 2) }
        guard offset + 2 + length <= bytes.count else { throw .truncated(at: offset) }
        return UnsafeRawBufferPointer(rebasing: bytes[(offset + 4)..<(offset + 2 + length)])
    }

    mutating func run() throws(JPEGError) -> Image {
        guard bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xD8 else { throw .notJPEG }
        var position = 2
        markers: while true {
            // Find the next marker: skip stray bytes and fill bytes.
            while position < bytes.count && bytes[position] != 0xFF { position += 1 }
            while position + 1 < bytes.count && bytes[position + 1] == 0xFF { position += 1 }
            guard position + 1 < bytes.count else {
                // The data ends between segments: accepted once a scan is
                // complete (EOI is often missing), else truncated.
                guard scanCount > 0 else { throw .truncated(at: bytes.count) }
                break markers
            }
            let marker = bytes[position + 1]
            let offset = position
            switch marker {
            case 0xD9:
                break markers
            case 0x00, 0x01, 0xD0...0xD7:
                // Stuffed zero or TEM or a restart marker outside a scan: skip.
                position += 2
            case 0xD8:
                throw .unexpectedMarker(marker, at: offset)
            case 0xC0, 0xC1, 0xC2:
                guard frame == nil else { throw .unexpectedMarker(marker, at: offset) }
                let payload = try segment(at: offset, name: "SOF")
                let f = try JPEGFrame(payload, isProgressive: marker == 0xC2, offset: offset + 4, limits: limits)
                frame = f
                latchedSteps = Array(repeating: nil, count: f.components.count)
                position = offset + 4 + payload.count
            case 0xC3, 0xC5...0xC7, 0xC9...0xCB, 0xCD...0xCF:
                let kinds: [UInt8: String] = [
                    0xC3: "lossless", 0xC5: "hierarchical", 0xC6: "hierarchical", 0xC7: "hierarchical lossless",
                    0xC9: "arithmetic coding", 0xCA: "arithmetic coding", 0xCB: "arithmetic lossless",
                    0xCD: "arithmetic hierarchical", 0xCE: "arithmetic hierarchical", 0xCF: "arithmetic hierarchical",
                ]
                throw .unsupported("\(kinds[marker] ?? "this") process (SOF\(marker - 0xC0))", at: offset)
            case 0xC4:
                let payload = try segment(at: offset, name: "DHT")
                try tables.readHuffman(payload, offset: offset + 4)
                position = offset + 4 + payload.count
            case 0xCC:
                throw .unsupported("arithmetic coding (DAC)", at: offset)
            case 0xDB:
                let payload = try segment(at: offset, name: "DQT")
                try tables.readQuantization(payload, offset: offset + 4)
                position = offset + 4 + payload.count
            case 0xDD:
                let payload = try segment(at: offset, name: "DRI")
                guard payload.count >= 2 else {
                    throw .invalidSegment("DRI", reason: "shorter than 2 bytes", at: offset + 4)
                }
                restartInterval = Int(payload[0]) << 8 | Int(payload[1])
                position = offset + 4 + payload.count
            case 0xDA:
                position = try scan(at: offset)
            case 0xDC:
                throw .unsupported("a DNL marker", at: offset)
            case 0xEE:
                let payload = try segment(at: offset, name: "APP14")
                if payload.count >= 12 && Array(payload[0..<5]) == Array("Adobe".utf8) {
                    adobeTransform = Int(payload[11])
                }
                position = offset + 4 + payload.count
            case 0xE0:
                let payload = try segment(at: offset, name: "APP0")
                if payload.count >= 5 && Array(payload[0..<5]) == [0x4A, 0x46, 0x49, 0x46, 0] { sawJFIF = true }
                position = offset + 4 + payload.count
            default:
                // APPn, COM and other segments with a length: skipped.
                let payload = try segment(at: offset, name: "marker FF \(String(marker, radix: 16, uppercase: true))")
                position = offset + 4 + payload.count
            }
        }
        guard let frame, let store, scanCount > 0 else { throw .missingFrame }
        var planes: [[UInt8]] = []
        for (i, component) in frame.components.enumerated() {
            guard let steps = latchedSteps[i] ?? tables.quantization[component.quantizationIndex]?.steps else {
                throw .missingTable(kind: "quantization", index: component.quantizationIndex, at: 0)
            }
            planes.append(JPEGColorConverter.plane(component, coefficients: store.blocks[i], steps: steps))
        }
        let transform = JPEGColorTransform.choose(
            componentIDs: frame.components.map(\.id), adobeTransform: adobeTransform, sawJFIF: sawJFIF)
        return JPEGColorConverter.image(frame: frame, planes: planes, transform: transform)
    }

    /// Parses the SOS at `offset` and decodes its data.
    /// - Returns: where the marker loop resumes.
    mutating func scan(at offset: Int) throws(JPEGError) -> Int {
        guard let frame else { throw .unexpectedMarker(0xDA, at: offset) }
        // Allocated at the first scan, so a header alone costs nothing.
        let store = self.store ?? JPEGCoefficientStore(frame: frame)
        self.store = store
        scanCount += 1
        guard scanCount <= JPEGDecoder.maximumScanCount else {
            throw .invalidSegment("SOS", reason: "more than \(JPEGDecoder.maximumScanCount) scans", at: offset)
        }
        let payload = try segment(at: offset, name: "SOS")
        let header = try JPEGScanHeader(payload, frame: frame, offset: offset + 4)
        let totalBlocks = frame.components.reduce(0) { $0 + $1.blocksPerLine * $1.blocksPerColumn }
        let scanBlocks =
            header.components.count == 1
            ? frame.components[header.components[0]].codedBlocksPerLine
                * frame.components[header.components[0]].codedBlocksPerColumn
            : header.components.reduce(0) {
                $0 + frame.mcusPerLine * frame.mcusPerColumn * frame.components[$1].horizontalFactor
                    * frame.components[$1].verticalFactor
            }
        coefficientVisits += (header.spectralEnd - header.spectralStart + 1) * scanBlocks
        guard coefficientVisits <= JPEGDecoder.maximumPassCount * JPEGFrame.blockCount * totalBlocks else {
            throw .invalidSegment(
                "SOS", reason: "the scans visit each coefficient more than \(JPEGDecoder.maximumPassCount) times",
                at: offset)
        }
        for index in header.components where latchedSteps[index] == nil {
            let slot = frame.components[index].quantizationIndex
            guard let table = tables.quantization[slot] else {
                throw .missingTable(kind: "quantization", index: slot, at: offset)
            }
            latchedSteps[index] = table.steps
        }
        var decoder = try JPEGScanDecoder(
            frame: frame, header: header, tables: tables, restartInterval: restartInterval, bytes: bytes,
            position: offset + 4 + payload.count, headerOffset: offset)
        return try decoder.decode(into: store)
    }
}
