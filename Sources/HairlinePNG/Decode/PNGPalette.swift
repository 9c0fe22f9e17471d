// Decode stage: the PLTE and tRNS chunks (PNG spec §11.2.3, §11.3.2.1).
// Chunk data and the header in -> palette colors, per-entry alphas or a
// transparent color key. Guarantees: a palette of 1 ... 2^depth entries
// (256 for truecolor), palette alphas no more than its entries, a key of
// the right size; anything else throws `.invalidChunk` with the offset.

/// The palette of an indexed image: RGB entries.
struct PNGPalette: Sendable {
    /// Bytes of one entry: red, green, blue.
    static let entryByteCount = 3
    /// The most entries any palette may have.
    static let maximumEntryCount = 256

    /// The entries' bytes, `count * 3` of them.
    let rgb: [UInt8]

    /// Entries in the palette.
    var count: Int { rgb.count / PNGPalette.entryByteCount }

    /// Parses PLTE data at chunk offset `offset`.
    /// - Throws: `.invalidChunk` if the length is not a positive multiple of
    ///   3, or there are more entries than the bit depth can index (256 for
    ///   truecolor images, whose palette is only a suggestion).
    init(data: UnsafeRawBufferPointer, offset: Int, header: PNGHeader) throws(PNGError) {
        let name = "PLTE"
        guard data.count > 0, data.count % PNGPalette.entryByteCount == 0 else {
            throw .invalidChunk(name, reason: "length \(data.count) is not a positive multiple of 3", at: offset)
        }
        let entries = data.count / PNGPalette.entryByteCount
        let limit = header.colorType == .indexed ? 1 << header.bitDepth : PNGPalette.maximumEntryCount
        guard entries <= limit else {
            throw .invalidChunk(name, reason: "\(entries) entries, more than \(limit)", at: offset)
        }
        rgb = Array(data)
    }

    /// The palette as 256 packed straight RGBA colors (bytes R, G, B, A in
    /// memory order), entry i's alpha taken from `alphas[i]` if present,
    /// else opaque; entries past `count` are transparent black.
    func rgbaTable(alphas: [UInt8]) -> [UInt32] {
        let opaque = UInt8.max
        return (0..<PNGPalette.maximumEntryCount).map { index in
            guard index < count else { return 0 }
            let base = index * PNGPalette.entryByteCount
            let alpha = index < alphas.count ? alphas[index] : opaque
            return UInt32(
                littleEndian: UInt32(rgb[base]) | UInt32(rgb[base + 1]) << 8
                    | UInt32(rgb[base + 2]) << 16 | UInt32(alpha) << 24)
        }
    }
}

/// Simple transparency from a tRNS chunk.
enum PNGTransparency: Sendable, Equatable {
    /// No tRNS chunk.
    case none
    /// Grayscale pixels whose sample equals the key (at full bit depth)
    /// are fully transparent.
    case grayKey(UInt16)
    /// Truecolor pixels whose samples equal the key are fully transparent.
    case rgbKey(red: UInt16, green: UInt16, blue: UInt16)
    /// Alpha of palette entries 0 ..< count; later entries are opaque.
    case paletteAlphas([UInt8])

    /// Bytes of a gray key and of an RGB key: 16-bit samples.
    static let grayKeyByteCount = 2, rgbKeyByteCount = 6

    /// Parses tRNS data at chunk offset `offset`; `palette` is the PLTE
    /// already read (an indexed image's tRNS must follow it).
    /// - Throws: `.invalidChunk` for a wrong length, more alphas than
    ///   palette entries, or an image that has an alpha channel;
    ///   `.chunkOrder` if an indexed image's tRNS precedes its PLTE.
    init(data: UnsafeRawBufferPointer, offset: Int, header: PNGHeader, palette: PNGPalette?) throws(PNGError) {
        let name = "tRNS"
        func sample(_ index: Int) -> UInt16 { UInt16(data[2 * index]) << 8 | UInt16(data[2 * index + 1]) }
        switch header.colorType {
        case .grayscale:
            guard data.count == PNGTransparency.grayKeyByteCount else {
                throw .invalidChunk(name, reason: "length \(data.count), expected 2 for grayscale", at: offset)
            }
            self = .grayKey(sample(0))
        case .truecolor:
            guard data.count == PNGTransparency.rgbKeyByteCount else {
                throw .invalidChunk(name, reason: "length \(data.count), expected 6 for truecolor", at: offset)
            }
            self = .rgbKey(red: sample(0), green: sample(1), blue: sample(2))
        case .indexed:
            guard let palette else { throw .chunkOrder("tRNS before PLTE", at: offset) }
            guard data.count <= palette.count else {
                throw .invalidChunk(
                    name, reason: "\(data.count) alphas for a palette of \(palette.count) entries", at: offset)
            }
            self = .paletteAlphas(Array(data))
        case .grayscaleAlpha, .truecolorAlpha:
            throw .invalidChunk(
                name, reason: "not allowed for color type \(header.colorType.rawValue), which has alpha", at: offset)
        }
    }
}
