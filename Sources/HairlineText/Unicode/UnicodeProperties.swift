// Unicode properties for bidi and line breaking: a scalar -> its
// Bidi_Class, Line_Break class (after UAX #14 LB1), paired bracket and
// mirrored glyph, read from the generated range tables
// (UnicodeTables+Bidi.swift and UnicodeTables+LineBreak.swift, from the UCD by
// Scripts/generate_unicode_tables.py). Lookups binary-search sorted range
// starts (O(log n), n about 1,200 and 2,600 ranges); Latin-1 has a direct
// table. Grapheme clusters and general categories come from the stdlib.

extension UnicodeTables {
    /// The value of the range holding `scalar` in a table of
    /// `start << 8 | value` entries sorted by start (the first starts at 0).
    @inline(__always)
    static func value(in table: [UInt32], for scalar: UInt32) -> UInt8 {
        var low = 0, high = table.count
        // Invariant: table[low]'s start <= scalar < table[high]'s start.
        while high - low > 1 {
            let middle = (low + high) / 2
            if table[middle] >> 8 <= scalar { low = middle } else { high = middle }
        }
        return UInt8(truncatingIfNeeded: table[low])
    }

    /// Bidi classes of U+0000 ... U+00FF, looked up once.
    static let latin1BidiClasses: [BidiClass] = (0..<256).map {
        BidiClass(rawValue: value(in: bidiClassRanges, for: UInt32($0))) ?? .leftToRight
    }

    /// Line break classes of U+0000 ... U+00FF, looked up once.
    static let latin1LineBreakClasses: [LineBreakClass] = (0..<256).map {
        LineBreakClass(rawValue: value(in: lineBreakRanges, for: UInt32($0))) ?? .al
    }

    /// The index of the `stride`-entry record starting with `scalar` in a
    /// table sorted by each record's first entry, nil if there is none.
    static func record(in table: [UInt32], stride: Int, for scalar: UInt32) -> Int? {
        var low = 0, high = table.count / stride
        while low < high {
            let middle = (low + high) / 2
            let key = table[middle * stride]
            if key == scalar { return middle * stride }
            if key < scalar { low = middle + 1 } else { high = middle }
        }
        return nil
    }
}

extension BidiClass {
    /// The Bidi_Class of `scalar` (UCD DerivedBidiClass, unassigned code
    /// points taking the block defaults).
    public init(_ scalar: Unicode.Scalar) {
        if scalar.value < 256 {
            self = UnicodeTables.latin1BidiClasses[Int(scalar.value)]
            return
        }
        self =
            BidiClass(rawValue: UnicodeTables.value(in: UnicodeTables.bidiClassRanges, for: scalar.value))
            ?? .leftToRight
    }

    /// Whether the class is R, AL or AN, or an explicit embedding, override
    /// or isolate: a paragraph without any is laid out left to right
    /// whole when its direction is left to right or automatic.
    public var needsBidi: Bool {
        switch self {
        case .rightToLeft, .arabicLetter, .arabicNumber, .leftToRightEmbedding, .leftToRightOverride,
            .rightToLeftEmbedding, .rightToLeftOverride, .popDirectionalFormat, .leftToRightIsolate,
            .rightToLeftIsolate, .firstStrongIsolate, .popDirectionalIsolate:
            return true
        default:
            return false
        }
    }
}

extension LineBreakClass {
    /// The Line_Break class of `scalar` after rule LB1 (see the type).
    public init(_ scalar: Unicode.Scalar) {
        if scalar.value < 256 {
            self = UnicodeTables.latin1LineBreakClasses[Int(scalar.value)]
            return
        }
        self =
            LineBreakClass(rawValue: UnicodeTables.value(in: UnicodeTables.lineBreakRanges, for: scalar.value)) ?? .al
    }
}

/// Bidi_Paired_Bracket_Type (UAX #9 BD14, BD15).
public enum BidiBracketType: UInt8, Sendable {
    case none = 0, open = 1, close = 2
}

extension Unicode.Scalar {
    /// The scalar's Bidi_Paired_Bracket_Type and its pair (the closing
    /// bracket of an opening one and the reverse); (.none, self) for a
    /// scalar that is not a paired bracket.
    public var bidiPairedBracket: (type: BidiBracketType, pair: Unicode.Scalar) {
        guard let i = UnicodeTables.record(in: UnicodeTables.bracketPairs, stride: 3, for: value),
            let pair = Unicode.Scalar(UnicodeTables.bracketPairs[i + 1])
        else { return (.none, self) }
        return (BidiBracketType(rawValue: UInt8(UnicodeTables.bracketPairs[i + 2])) ?? .none, pair)
    }

    /// The scalar's Bidi_Mirroring_Glyph (the glyph drawn for it at an odd
    /// level, e.g. ")" for "("), nil if it has none.
    public var bidiMirror: Unicode.Scalar? {
        guard let i = UnicodeTables.record(in: UnicodeTables.mirrors, stride: 2, for: value) else { return nil }
        return Unicode.Scalar(UnicodeTables.mirrors[i + 1])
    }
}

extension UnicodeTables {
    /// Whether `value` is a scalar of the common CJK blocks a label is
    /// written in (kana, CJK punctuation, unified and compatibility
    /// ideographs, fullwidth forms) that is not a combining mark, needs no
    /// shaping (Han, Hiragana, Katakana, Common) and has a bidi class that
    /// needs no bidi (L, ON, WS, EN, ET, ES, CS): the answer of the three
    /// slower checks, by range (CJK labels skip the general-category and
    /// script lookups per scalar). Checked against them over every scalar
    /// of the ranges (UnicodeRangeTests).
    @inline(__always)
    static func isPlainCJK(_ value: UInt32) -> Bool {
        switch value {
        // CJK Symbols and Punctuation up to U+3029 (U+302A-302F are marks),
        // U+3030-303F; Hiragana letters (U+3099-309A are marks), the
        // spacing sound marks, Katakana.
        case 0x3000...0x3029, 0x3030...0x303F, 0x3041...0x3096, 0x309B...0x30FF: true
        // CJK Unified Ideographs Extension A, CJK Unified Ideographs.
        case 0x3400...0x4DBF, 0x4E00...0x9FFF: true
        // CJK Compatibility Ideographs; Halfwidth and Fullwidth Forms.
        case 0xF900...0xFAD9, 0xFF01...0xFF9D: true
        default: false
        }
    }
}
