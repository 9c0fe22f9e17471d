// Document: a Unicode scalar -> whether vertical text (`writing-mode: tb`)
// sets it upright (Unicode's Vertical_Orientation, UAX #50, value U) or
// turns it with the line (R, and Tu/Tr, which resvg also turns). The
// table holds UAX #50's U ranges for the blocks text uses: Han, kana,
// Hangul, Yi, CJK symbols and compatibility forms, full-width forms,
// private use, and the supplementary ideographic planes; punctuation that
// UAX #50 marks Tu or Tr inside those blocks (the ideographic comma and
// full stop, brackets, small kana, the prolonged sound mark ...) is left
// out. Scalars outside the table turn (Latin, Arabic, digits).

/// Unicode's Vertical_Orientation, reduced to upright or not.
enum SVGVerticalOrientation {
    /// Inclusive scalar ranges set upright, sorted and disjoint.
    private static let upright: [ClosedRange<UInt32>] = [
        0x00A7...0x00A7, 0x00A9...0x00A9, 0x00AE...0x00AE, 0x00B1...0x00B1, 0x00BC...0x00BE,
        0x00D7...0x00D7, 0x00F7...0x00F7,
        0x1100...0x11FF,  // Hangul Jamo
        0x2E80...0x2FFF,  // CJK radicals, Kangxi, description characters
        0x3000...0x3000, 0x3003...0x3007, 0x3012...0x3013, 0x3020...0x302F, 0x3031...0x303F,
        0x3042...0x3042, 0x3044...0x3044, 0x3046...0x3046, 0x3048...0x3048, 0x304A...0x3062,
        0x3064...0x3082, 0x3084...0x3084, 0x3086...0x3086, 0x3088...0x308D, 0x308F...0x3094,
        0x3097...0x309A, 0x309D...0x309F,  // hiragana without the small kana
        0x30A2...0x30A2, 0x30A4...0x30A4, 0x30A6...0x30A6, 0x30A8...0x30A8, 0x30AA...0x30C2,
        0x30C4...0x30E2, 0x30E4...0x30E4, 0x30E6...0x30E6, 0x30E8...0x30ED, 0x30EF...0x30F4,
        0x30F7...0x30FB, 0x30FD...0x30FF,  // katakana without the small kana and U+30FC
        0x3100...0x31EF,  // Bopomofo, Hangul compatibility Jamo, Kanbun, strokes
        0x3200...0x32FF, 0x3358...0x33FF,  // enclosed CJK, compatibility
        0x3400...0x4DBF, 0x4DC0...0x4DFF, 0x4E00...0x9FFF,  // ideographs, hexagrams
        0xA000...0xA4CF,  // Yi
        0xA960...0xA97F, 0xAC00...0xD7FF,  // Hangul
        0xE000...0xF8FF,  // private use
        0xF900...0xFAFF,  // compatibility ideographs
        0xFE10...0xFE1F, 0xFE30...0xFE48,  // vertical and compatibility forms
        0xFF01...0xFF07, 0xFF0A...0xFF0B, 0xFF0F...0xFF19, 0xFF1F...0xFF3A, 0xFF3C...0xFF3C,
        0xFF3E...0xFF3E, 0xFF40...0xFF5A, 0xFFE0...0xFFE2, 0xFFE4...0xFFE7,  // full-width forms
        0x1F000...0x1FAFF,  // game symbols, enclosed supplements, emoji
        0x20000...0x3FFFD,  // supplementary ideographic planes
    ]

    /// Whether `scalar` stands upright in vertical text.
    /// - Complexity: O(log n) in the table's size.
    static func isUpright(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        var low = 0, high = upright.count - 1
        while low <= high {
            let mid = (low + high) / 2
            if upright[mid].upperBound < value {
                low = mid + 1
            } else if upright[mid].lowerBound > value {
                high = mid - 1
            } else {
                return true
            }
        }
        return false
    }
}
