// Values: base64 (RFC 4648 §4, the standard alphabet) -> bytes, for
// `data:` URIs. Strict: only the alphabet, `=` padding at the very end and
// ASCII whitespace (which SVG editors put in long URIs) are accepted; the
// first bad byte's offset is reported.

/// Why base64 text could not be decoded, and where (a byte offset into
/// the text).
struct SVGBase64Error: Error, Equatable {
    /// A byte outside the alphabet, padding in the middle, or data that
    /// does not fill whole 4-character groups (then: the text's end).
    var offset: Int
}

enum SVGBase64 {
    /// The value of each alphabet byte, 0xFF for bytes outside it.
    static let table: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        for (value, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(value) }
        return table
    }()

    /// Decodes `text` (a slice of UTF-8 bytes).
    /// - Throws: `SVGBase64Error` at the first byte that breaks the format.
    /// - Complexity: O(n).
    static func decode(_ text: ArraySlice<UInt8>) throws(SVGBase64Error) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(text.count / 4 * 3)
        var group: UInt32 = 0, count = 0, padding = 0
        for index in text.indices {
            let byte = text[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C { continue }
            let offset = index - text.startIndex
            if byte == UInt8(ascii: "=") {
                // Padding fills the third and/or fourth place of the last group.
                guard count >= 2 else { throw SVGBase64Error(offset: offset) }
                padding += 1
                group <<= 6
                count += 1
            } else {
                let value = table[Int(byte)]
                guard value != 0xFF, padding == 0 else { throw SVGBase64Error(offset: offset) }
                group = group << 6 | UInt32(value)
                count += 1
            }
            if count == 4 {
                let bytes = [
                    UInt8(truncatingIfNeeded: group >> 16), UInt8(truncatingIfNeeded: group >> 8),
                    UInt8(truncatingIfNeeded: group),
                ]
                result.append(contentsOf: bytes.prefix(3 - padding))
                if padding > 0 { padding = 3 }  // nothing may follow a padded group
                group = 0
                count = 0
            }
        }
        guard count == 0 else { throw SVGBase64Error(offset: text.count) }
        return result
    }
}
