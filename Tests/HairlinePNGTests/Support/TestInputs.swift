// Test support: reproducible inputs of the shapes DEFLATE must handle
// (text, skewed bytes, repeats), each from a seeded SplitMix64.

import HairlineTestSupport

/// Inputs of the shapes DEFLATE must handle, each reproducible.
enum TestInputs {
    /// English-like text: words drawn from a small vocabulary.
    static func text(byteCount: Int, seed: UInt64) -> [UInt8] {
        var generator = SplitMix64(seed: seed)
        let words = [
            "the", "path", "is", "flattened", "into", "line", "edges", "and", "each", "pixel",
            "coverage", "of", "a", "cell", "table", "rasterizer", "Hairline", "draws", "with",
            "exact", "area", "premultiplied", "alpha", "\n", "surface", "PNG", "zlib", "deflate",
        ]
        var bytes: [UInt8] = []
        bytes.reserveCapacity(byteCount + 16)
        while bytes.count < byteCount {
            bytes += words.randomElement(using: &generator)!.utf8
            bytes.append(UInt8(ascii: " "))
        }
        return Array(bytes.prefix(byteCount))
    }

    /// Bytes from a small alphabet with a skewed distribution and some
    /// repeats: exercises dynamic codes with many distinct lengths.
    static func skewed(byteCount: Int, seed: UInt64) -> [UInt8] {
        var generator = SplitMix64(seed: seed)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(byteCount)
        while bytes.count < byteCount {
            if bytes.count > 64 && Int.random(in: 0..<8, using: &generator) == 0 {
                let distance = Int.random(in: 1...min(bytes.count, 40_000), using: &generator)
                let length = Int.random(in: 3...300, using: &generator)
                for _ in 0..<min(length, byteCount - bytes.count) { bytes.append(bytes[bytes.count - distance]) }
            } else {
                // Geometric: each step of 4 values half as likely as the last.
                let steps = generator.next().trailingZeroBitCount
                bytes.append(UInt8(min(255, steps * 4 + Int.random(in: 0..<4, using: &generator))))
            }
        }
        return bytes
    }

    /// `pattern` repeated to `byteCount` bytes.
    static func repeating(_ pattern: [UInt8], byteCount: Int) -> [UInt8] {
        (0..<byteCount).map { pattern[$0 % pattern.count] }
    }
}
