// Encode stage: the cheap per-row filter choice of the `fast` and `default`
// levels. One straight RGBA row and the row above in -> None or Up.
// Drawn content (flat fills, antialiased edges) repeats pixels: most equal
// their left or upper neighbour, and the raw bytes (None) compress best,
// the matcher coding the repeats and a palette-like literal set. Photos and
// noise repeat almost nothing: Up's differences are smaller literals.
// Measured (with the greedy hash matcher these levels used before the
// scanline compressor): the tiger at 800 px, 90% repeated pixels,
// None 241 KB against Up 296 KB; a photo-like image, 0.01% repeated, Up
// 1.15 MB against None 1.55 MB; the §12.8 heuristic's choice 1.13 MB.

extension PNGFilter {
    /// Every `quickChoiceSampleStep`-th pixel is looked at: a quarter of
    /// the work, the same choice on all but borderline rows.
    static let quickChoiceSampleStep = 4

    /// None when at least half the sampled pixels of `row` equal their left
    /// or upper neighbour in `previous` (RGBA, 4 bytes a pixel; `previous`
    /// is zeros above the first row), else Up. Complexity: O(pixelCount).
    static func quickChoice(
        for row: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>, pixelCount: Int
    ) -> PNGFilter {
        precondition(pixelCount >= 0)
        guard pixelCount > 1 else { return .up }
        let current = UnsafeRawPointer(row), above = UnsafeRawPointer(previous)
        let pixelSize = MemoryLayout<UInt32>.size
        // Pixels 1, 1 + step, ... below pixelCount.
        let sampled = (pixelCount - 2) / quickChoiceSampleStep + 1
        var repeated = 0
        var x = 1
        while x < pixelCount {
            let pixel = current.loadUnaligned(fromByteOffset: x * pixelSize, as: UInt32.self)
            let left = current.loadUnaligned(fromByteOffset: (x - 1) * pixelSize, as: UInt32.self)
            let upper = above.loadUnaligned(fromByteOffset: x * pixelSize, as: UInt32.self)
            // Equal to either neighbour: one XOR is zero (no branch).
            repeated &+= min(pixel ^ left, pixel ^ upper) == 0 ? 1 : 0
            x += quickChoiceSampleStep
        }
        return 2 * repeated >= sampled ? .none : .up
    }
}
