// Database: a Unicode scalar -> the name of its block (the major blocks of
// the scripts people write; others named by their 128-code-point range),
// for one warning per missing script or range. Ranges from the Unicode
// Character Database's Blocks.txt (Unicode 15).

enum UnicodeBlocks {
    /// (first, last, name), sorted by first.
    static let blocks: [(UInt32, UInt32, String)] = [
        (0x0000, 0x007F, "Basic Latin"), (0x0080, 0x00FF, "Latin-1"), (0x0100, 0x024F, "Latin Extended"),
        (0x0250, 0x02FF, "IPA and spacing modifier"), (0x0300, 0x036F, "combining diacritical mark"),
        (0x0370, 0x03FF, "Greek"), (0x0400, 0x052F, "Cyrillic"), (0x0530, 0x058F, "Armenian"),
        (0x0590, 0x05FF, "Hebrew"), (0x0600, 0x06FF, "Arabic"), (0x0700, 0x074F, "Syriac"),
        (0x0750, 0x077F, "Arabic Supplement"), (0x0780, 0x07BF, "Thaana"), (0x0900, 0x097F, "Devanagari"),
        (0x0980, 0x09FF, "Bengali"), (0x0A00, 0x0A7F, "Gurmukhi"), (0x0A80, 0x0AFF, "Gujarati"),
        (0x0B00, 0x0B7F, "Oriya"), (0x0B80, 0x0BFF, "Tamil"), (0x0C00, 0x0C7F, "Telugu"),
        (0x0C80, 0x0CFF, "Kannada"), (0x0D00, 0x0D7F, "Malayalam"), (0x0D80, 0x0DFF, "Sinhala"),
        (0x0E00, 0x0E7F, "Thai"), (0x0E80, 0x0EFF, "Lao"), (0x0F00, 0x0FFF, "Tibetan"), (0x1000, 0x109F, "Myanmar"),
        (0x10A0, 0x10FF, "Georgian"), (0x1100, 0x11FF, "Hangul Jamo"), (0x1200, 0x139F, "Ethiopic"),
        (0x13A0, 0x13FF, "Cherokee"), (0x1780, 0x17FF, "Khmer"), (0x1800, 0x18AF, "Mongolian"),
        (0x1E00, 0x1EFF, "Latin Extended Additional"), (0x1F00, 0x1FFF, "Greek Extended"),
        (0x2000, 0x206F, "General Punctuation"), (0x2070, 0x209F, "superscript and subscript"),
        (0x20A0, 0x20CF, "currency symbol"), (0x2100, 0x214F, "letterlike symbol"), (0x2150, 0x218F, "number form"),
        (0x2190, 0x21FF, "arrow"), (0x2200, 0x22FF, "mathematical operator"), (0x2300, 0x23FF, "technical symbol"),
        (0x2460, 0x24FF, "enclosed alphanumeric"), (0x2500, 0x259F, "box drawing"), (0x25A0, 0x25FF, "geometric shape"),
        (0x2600, 0x27BF, "symbol and dingbat"), (0x2800, 0x28FF, "Braille"), (0x2E80, 0x2FDF, "CJK radical"),
        (0x3000, 0x303F, "CJK symbol and punctuation"), (0x3040, 0x309F, "Hiragana"), (0x30A0, 0x30FF, "Katakana"),
        (0x3100, 0x312F, "Bopomofo"), (0x3130, 0x318F, "Hangul compatibility jamo"),
        (0x3200, 0x33FF, "enclosed CJK and compatibility"), (0x3400, 0x4DBF, "CJK Unified Ideographs Extension A"),
        (0x4E00, 0x9FFF, "CJK Unified Ideograph"), (0xA000, 0xA4CF, "Yi"), (0xAC00, 0xD7AF, "Hangul syllable"),
        (0xE000, 0xF8FF, "private use"), (0xF900, 0xFAFF, "CJK compatibility ideograph"),
        (0xFB50, 0xFDFF, "Arabic presentation form"), (0xFE00, 0xFE0F, "variation selector"),
        (0xFE30, 0xFE4F, "CJK compatibility form"), (0xFE70, 0xFEFF, "Arabic presentation form B"),
        (0xFF00, 0xFFEF, "halfwidth and fullwidth form"), (0x1F000, 0x1F0FF, "game symbol"),
        (0x1F100, 0x1F2FF, "enclosed alphanumeric supplement"), (0x1F300, 0x1F5FF, "pictograph (emoji)"),
        (0x1F600, 0x1F64F, "emoticon (emoji)"), (0x1F680, 0x1F6FF, "transport and map symbol"),
        (0x1F900, 0x1F9FF, "supplemental pictograph (emoji)"), (0x20000, 0x2FA1F, "CJK Unified Ideographs Extension"),
    ]

    /// The block's name, or "U+XXXX–U+YYYY" for the 128 code points
    /// around a scalar in no listed block.
    static func name(of scalar: Unicode.Scalar) -> String {
        let v = scalar.value
        var low = 0, high = blocks.count
        while low < high {
            let mid = (low + high) / 2
            if blocks[mid].0 <= v { low = mid + 1 } else { high = mid }
        }
        if low > 0, v <= blocks[low - 1].1 { return blocks[low - 1].2 }
        let first = v & ~0x7F
        return "U+\(hex(first))–U+\(hex(first + 0x7F))"
    }

    private static func hex(_ v: UInt32) -> String {
        let digits = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
