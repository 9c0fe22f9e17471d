// Shaping: a run's script. Detection is deliberately simple: the script of
// the run's first scalar that belongs to a script (by Unicode block ranges
// below; digits, punctuation, spaces and marks belong to none), else
// `.common`. A run is expected to be in one script (the caller splits
// mixed text). Each script gives its OpenType script tags (new Indic tags
// first), its direction and the shaping it needs.

/// The script of a run, as the shaper uses it.
public enum ShapingScript: String, Sendable, CaseIterable {
    case common, latin, greek, cyrillic, armenian, hebrew, arabic, syriac, thaana, nko
    case devanagari, bengali, gurmukhi, gujarati, oriya, tamil, telugu, kannada, malayalam, sinhala
    case thai, lao, tibetan, myanmar, khmer, georgian, hangul, hiragana, katakana, han

    /// (first, last, script) for the blocks each script mostly occupies,
    /// sorted by first.
    private static let ranges: [(UInt32, UInt32, ShapingScript)] = [
        (0x0041, 0x005A, .latin), (0x0061, 0x007A, .latin), (0x00C0, 0x024F, .latin),
        (0x0370, 0x03FF, .greek), (0x0400, 0x052F, .cyrillic), (0x0531, 0x058F, .armenian),
        (0x0591, 0x05FF, .hebrew), (0x0600, 0x06FF, .arabic), (0x0700, 0x074F, .syriac),
        (0x0750, 0x077F, .arabic), (0x0780, 0x07BF, .thaana), (0x07C0, 0x07FF, .nko), (0x0860, 0x086F, .syriac),
        (0x0870, 0x08FF, .arabic), (0x0900, 0x097F, .devanagari), (0x0980, 0x09FF, .bengali),
        (0x0A00, 0x0A7F, .gurmukhi), (0x0A80, 0x0AFF, .gujarati), (0x0B00, 0x0B7F, .oriya),
        (0x0B80, 0x0BFF, .tamil), (0x0C00, 0x0C7F, .telugu), (0x0C80, 0x0CFF, .kannada),
        (0x0D00, 0x0D7F, .malayalam), (0x0D80, 0x0DFF, .sinhala), (0x0E00, 0x0E7F, .thai),
        (0x0E80, 0x0EFF, .lao), (0x0F00, 0x0FFF, .tibetan), (0x1000, 0x109F, .myanmar),
        (0x10A0, 0x10FF, .georgian), (0x1100, 0x11FF, .hangul), (0x1780, 0x17FF, .khmer),
        (0x1E00, 0x1EFF, .latin), (0x1F00, 0x1FFF, .greek), (0x3040, 0x309F, .hiragana),
        (0x30A0, 0x30FF, .katakana), (0x3130, 0x318F, .hangul), (0x3400, 0x4DBF, .han), (0x4E00, 0x9FFF, .han),
        (0xA8E0, 0xA8FF, .devanagari), (0xAC00, 0xD7AF, .hangul), (0xF900, 0xFAFF, .han),
        (0xFB1D, 0xFB4F, .hebrew), (0xFB50, 0xFDFF, .arabic), (0xFE70, 0xFEFF, .arabic),
        (0x20000, 0x3FFFF, .han),
    ]

    /// The script of `scalar` (`.common` for none: digits, punctuation,
    /// symbols, marks, and scripts not listed).
    public init(_ scalar: Unicode.Scalar) {
        let v = scalar.value
        var low = 0, high = Self.ranges.count
        while low < high {
            let mid = (low + high) / 2
            if Self.ranges[mid].0 <= v { low = mid + 1 } else { high = mid }
        }
        if low > 0, Self.ranges[low - 1].1 >= v, !scalar.properties.generalCategory.isMark {
            self = Self.ranges[low - 1].2
        } else {
            self = .common
        }
    }

    /// The run's script: that of its first scalar with one, else `.common`.
    public init<S: Sequence>(detectingIn scalars: S) where S.Element == Unicode.Scalar {
        for scalar in scalars {
            let script = ShapingScript(scalar)
            if script != .common {
                self = script
                return
            }
        }
        self = .common
    }

    /// Whether the script is written right to left.
    public var isRightToLeft: Bool {
        switch self {
        case .hebrew, .arabic, .syriac, .thaana, .nko: true
        default: false
        }
    }

    /// Whether letters take positional forms by Unicode joining types.
    package var usesCursiveJoining: Bool { self == .arabic || self == .syriac || self == .nko }

    /// Whether the script is an Indic one (reordering not implemented).
    var isIndic: Bool {
        switch self {
        case .devanagari, .bengali, .gurmukhi, .gujarati, .oriya, .tamil, .telugu, .kannada, .malayalam, .sinhala: true
        default: false
        }
    }

    /// Whether text in the script is wrong without shaping (joining,
    /// reordering, marks or conjuncts), so layout must shape it.
    public var requiresShaping: Bool {
        switch self {
        case .common, .latin, .greek, .cyrillic, .armenian, .georgian, .hangul, .hiragana, .katakana, .han: false
        default: true
        }
    }

    /// OpenType script tags to look for, preferred first.
    var openTypeTags: [String] {
        switch self {
        case .common: []
        case .latin: ["latn"]
        case .greek: ["grek"]
        case .cyrillic: ["cyrl"]
        case .armenian: ["armn"]
        case .hebrew: ["hebr"]
        case .arabic: ["arab"]
        case .syriac: ["syrc"]
        case .thaana: ["thaa"]
        case .nko: ["nko "]
        case .devanagari: ["dev2", "deva"]
        case .bengali: ["bng2", "beng"]
        case .gurmukhi: ["gur2", "guru"]
        case .gujarati: ["gjr2", "gujr"]
        case .oriya: ["ory2", "orya"]
        case .tamil: ["tml2", "taml"]
        case .telugu: ["tel2", "telu"]
        case .kannada: ["knd2", "knda"]
        case .malayalam: ["mlm2", "mlym"]
        case .sinhala: ["sinh"]
        case .thai: ["thai"]
        case .lao: ["lao "]
        case .tibetan: ["tibt"]
        case .myanmar: ["mym2", "mymr"]
        case .khmer: ["khmr"]
        case .georgian: ["geor"]
        case .hangul: ["hang"]
        case .hiragana, .katakana: ["kana"]
        case .han: ["hani"]
        }
    }
}

extension Unicode.GeneralCategory {
    /// Mn, Mc or Me.
    var isMark: Bool { self == .nonspacingMark || self == .spacingMark || self == .enclosingMark }
}
