// Zlib stage: Huffman decoding tables for the inflater. Code lengths in ->
// a lookup table indexed by the next `rootBits` input bits, with second-
// level tables for longer codes (zlib's inflate_table layout). Guarantees:
// every code set that `validate` accepts decodes exactly as the canonical
// code of RFC 1951 §3.2.2; bit patterns that no code uses (incomplete codes
// only) give `undefined`.

/// One table entry, packed in a `UInt32`:
///
///     bits 0-3    bits to consume (the full code length), 0 for a link
///     bits 4-7    extra bits after the code (lengths, distances), or the
///                 index bits of the linked second-level table
///     bits 8-10   kind
///     bits 16-31  value: literal byte, base length or distance, symbol,
///                 or the offset of the linked table
enum InflateEntry {
    static let codeLengthMask: UInt32 = 0xF
    static let extraShift: UInt32 = 4
    static let extraMask: UInt32 = 0xF
    static let kindShift: UInt32 = 8
    static let kindMask: UInt32 = 0x7
    static let valueShift: UInt32 = 16

    /// What a decoded entry means; the hot loop switches on it.
    enum Kind: UInt32 {
        /// A literal byte (or, in the code-length alphabet, the symbol).
        case literal = 0
        /// A match length or distance: `value` plus `extra` more bits.
        case base = 1
        /// The end-of-block symbol, 256.
        case endOfBlock = 2
        /// A link to a second-level table at `value` with `extra` index bits.
        case link = 3
        /// A symbol the alphabet reserves; `value` is the symbol.
        case reserved = 4
        /// No code has these bits.
        case undefined = 5
    }

    /// An entry of `kind` with `value` and `extra` and no code length yet.
    static func make(_ kind: Kind, value: Int, extra: Int = 0) -> UInt32 {
        UInt32(value) << valueShift | kind.rawValue << kindShift | UInt32(extra) << extraShift
    }

    @inline(__always) static func codeLength(_ entry: UInt32) -> Int { Int(entry & codeLengthMask) }
    @inline(__always) static func extra(_ entry: UInt32) -> Int { Int(entry >> extraShift & extraMask) }
    @inline(__always) static func kindBits(_ entry: UInt32) -> UInt32 { entry >> kindShift & kindMask }
    @inline(__always) static func value(_ entry: UInt32) -> Int { Int(entry >> valueShift) }
}

/// A two-level decoding table for one prefix code, rebuilt in place for
/// every dynamic block; its storage is allocated once.
final class InflateHuffmanTable: @unchecked Sendable {
    // @unchecked: the fixed-code tables are shared but never rebuilt after
    // `static let` initialisation; other tables belong to one inflater.

    /// Input bits that index the first-level table.
    let rootBits: Int
    /// Entries: 2^rootBits first-level ones, then the second-level tables.
    let entries: UnsafeMutablePointer<UInt32>
    /// Entries allocated.
    let capacity: Int

    /// A table with `rootBits` first-level bits and room for `capacity`
    /// entries in all; `capacity` must cover the worst case of the
    /// alphabet (see `capacity(rootBits:symbolCount:)`).
    init(rootBits: Int, capacity: Int) {
        precondition(capacity >= 1 << rootBits)
        self.rootBits = rootBits
        self.capacity = capacity
        entries = .allocate(capacity: capacity)
        entries.initialize(repeating: InflateEntry.make(.undefined, value: 0), count: capacity)
    }

    deinit { entries.deallocate() }

    /// The most entries a complete code over `symbolCount` symbols can need.
    /// A second-level table of 2^k entries holds at least k + 1 codes, so
    /// it costs at most max over k of 2^k / (k + 1) entries per symbol.
    static func capacity(rootBits: Int, symbolCount: Int) -> Int {
        let deepest = Deflate.maximumCodeLength - rootBits
        let worstRatioTimes64 = (1...max(1, deepest)).map { (64 << $0) / ($0 + 1) }.max()!
        return (1 << rootBits) + (symbolCount * worstRatioTimes64 + 63) / 64
    }

    /// Which incomplete code sets a table accepts besides complete ones.
    struct Allowance {
        /// A single code of one bit (RFC 1951 §3.2.7 allows it for
        /// distances; zlib also accepts it for literal/length codes).
        var singleCode: Bool
        /// No codes at all (distances, when a block has no matches).
        var empty: Bool
    }

    /// Checks that `lengths` (each 0 ... 15) form a complete prefix code, or
    /// an incomplete one that `allowance` permits.
    /// - Throws: `.invalidCodeLengths` naming the fault, at `offset`.
    static func validate(
        _ lengths: UnsafeBufferPointer<UInt8>, allowance: Allowance, name: String, offset: Int
    ) throws(ZlibError) {
        let countPerLength = CanonicalCode.countPerLength(lengths)
        let used = lengths.count - countPerLength[0]
        var unusedCodes = 1
        for length in 1...Deflate.maximumCodeLength {
            unusedCodes = unusedCodes * 2 - countPerLength[length]
            if unusedCodes < 0 { throw .invalidCodeLengths("\(name) code is over-subscribed", at: offset) }
        }
        guard unusedCodes > 0 else { return }
        if used == 0 && allowance.empty { return }
        if used == 1 && countPerLength[1] == 1 && allowance.singleCode { return }
        throw .invalidCodeLengths("\(name) code is incomplete (\(used) codes)", at: offset)
    }

    /// Rebuilds the table for `lengths`, which `validate` has accepted;
    /// symbol s decodes to `templates[s]` (an `InflateEntry` without its
    /// code length). Complexity: O(table size + symbols).
    func build(lengths: UnsafeBufferPointer<UInt8>, templates: UnsafeBufferPointer<UInt32>) {
        precondition(templates.count >= lengths.count)
        let rootSize = 1 << rootBits, rootMask = rootSize - 1
        // Canonical codes (RFC 1951 §3.2.2), bit-reversed to match the
        // least-significant-bit-first reader.
        let countPerLength = CanonicalCode.countPerLength(lengths)
        let reversedCodes = CanonicalCode.reversedCodes(for: lengths, countPerLength: countPerLength)
        var deepestBelowRoot = [Int](repeating: 0, count: rootSize)  // longest code per first-level slot
        for (symbol, length) in lengths.enumerated() where Int(length) > rootBits {
            let slot = Int(reversedCodes[symbol]) & rootMask
            deepestBelowRoot[slot] = max(deepestBelowRoot[slot], Int(length))
        }
        // Bits that match no code: with a single one-bit code, one bit was
        // examined (the inflater consumes it before reporting, so that a
        // stream cut short reads as truncated); with no codes, none.
        let usedCount = lengths.count - countPerLength[0]
        let undefined = InflateEntry.make(.undefined, value: 0) | (usedCount == 1 ? 1 : 0)
        entries.update(repeating: undefined, count: rootSize)
        var next = rootSize
        for slot in 0..<rootSize where deepestBelowRoot[slot] > 0 {
            let indexBits = deepestBelowRoot[slot] - rootBits
            precondition(next + (1 << indexBits) <= capacity, "table capacity below the worst case")
            entries[slot] = InflateEntry.make(.link, value: next, extra: indexBits)
            (entries + next).update(repeating: undefined, count: 1 << indexBits)
            next += 1 << indexBits
        }
        for (symbol, length) in lengths.enumerated() where length > 0 {
            let entry = templates[symbol] | UInt32(length)
            let reversed = Int(reversedCodes[symbol])
            if Int(length) <= rootBits {
                for index in stride(from: reversed, to: rootSize, by: 1 << Int(length)) { entries[index] = entry }
            } else {
                let link = entries[reversed & rootMask]
                let start = InflateEntry.value(link), size = 1 << InflateEntry.extra(link)
                for index in stride(from: reversed >> rootBits, to: size, by: 1 << (Int(length) - rootBits)) {
                    entries[start + index] = entry
                }
            }
        }
    }
}
