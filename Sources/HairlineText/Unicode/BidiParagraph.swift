// Bidi, UAX #9 (Unicode 15.0): one paragraph's scalars (or bidi classes)
// -> a resolved embedding level per scalar, then per line the levels after
// L1 and the visual order (L2). Implements P2-P3 (automatic or forced
// paragraph level), X1-X10 (embeddings, overrides, isolates, depth 125,
// isolating run sequences), W1-W7, N0 (bracket pairs, BD16 with its 63-entry
// stack), N1-N2, I1-I2, L1-L2. Characters removed by X9 (embedding
// controls, BN) get the level of the character before them (the paragraph
// level at the start) and `isRemoved` true. Checked against BidiTest.txt
// and BidiCharacterTest.txt (Tests/HairlineTextTests/Unicode).

/// A paragraph's requested direction.
public enum TextDirection: Sendable, CaseIterable {
    /// From the first strong character (P2-P3); left to right if none.
    case natural
    case leftToRight
    case rightToLeft
}

/// One paragraph's bidi resolution (UAX #9).
public struct BidiParagraph: Sendable {
    /// The scalars' bidi classes as given.
    public let classes: [BidiClass]
    /// The resolved level of each scalar (X9-removed ones: see the file
    /// comment).
    public private(set) var levels: [UInt8]
    /// The paragraph embedding level: 0 left to right, 1 right to left.
    public let paragraphLevel: UInt8

    /// The deepest embedding level (BD2).
    public static let maximumDepth: UInt8 = 125

    /// Resolves `scalars`, one paragraph (a paragraph separator inside is
    /// treated as the paragraph's end by X8 but does not split it).
    /// - Complexity: O(n) plus O(n log n) for bracket pairs.
    public init(_ scalars: [Unicode.Scalar], direction: TextDirection = .natural) {
        let classes = scalars.map(BidiClass.init)
        var brackets = [BidiBracket](repeating: BidiBracket(type: .none, id: 0), count: scalars.count)
        for (i, scalar) in scalars.enumerated() where classes[i] == .otherNeutral {
            let (type, pair) = scalar.bidiPairedBracket
            guard type != .none else { continue }
            // The opening bracket's code point names the pair; U+2329 and
            // U+232A are canonically equivalent to U+3008 and U+3009.
            var id = type == .open ? scalar.value : pair.value
            if id == 0x2329 { id = 0x3008 }
            brackets[i] = BidiBracket(type: type, id: id)
        }
        self.init(classes: classes, brackets: brackets, direction: direction)
    }

    /// Resolves a paragraph given by bidi classes, with no paired
    /// brackets unless `brackets` (one per class) names them.
    public init(classes: [BidiClass], brackets: [BidiBracket]? = nil, direction: TextDirection = .natural) {
        self.classes = classes
        let matching = Self.matchingIsolates(classes)
        switch direction {
        case .leftToRight: paragraphLevel = 0
        case .rightToLeft: paragraphLevel = 1
        case .natural: paragraphLevel = Self.firstStrongLevel(classes, 0..<classes.count, matching) ?? 0
        }
        var resolver = BidiResolver(classes: classes, matching: matching, paragraphLevel: paragraphLevel)
        resolver.resolveExplicit()
        resolver.resolveSequences(brackets: brackets)
        levels = resolver.levels
    }

    /// Every level set to the paragraph's (an override of the whole
    /// paragraph, CSS `unicode-bidi: bidi-override`): no implicit
    /// reordering, a right-to-left paragraph reversed whole.
    public mutating func override() {
        for i in levels.indices { levels[i] = paragraphLevel }
    }

    /// Whether scalar `i` is removed by X9 (embedding controls and BN).
    public func isRemoved(_ i: Int) -> Bool { Self.isRemovedClass(classes[i]) }

    static func isRemovedClass(_ c: BidiClass) -> Bool {
        switch c {
        case .rightToLeftEmbedding, .leftToRightEmbedding, .rightToLeftOverride, .leftToRightOverride,
            .popDirectionalFormat, .boundaryNeutral:
            return true
        default:
            return false
        }
    }

    /// For each isolate initiator, the index of its matching PDI (BD9), or
    /// the count if it has none; -1 elsewhere.
    static func matchingIsolates(_ classes: [BidiClass]) -> [Int] {
        var matching = [Int](repeating: -1, count: classes.count)
        var open: [Int] = []
        for (i, c) in classes.enumerated() {
            switch c {
            case .leftToRightIsolate, .rightToLeftIsolate, .firstStrongIsolate:
                open.append(i)
                matching[i] = classes.count
            case .popDirectionalIsolate:
                if let o = open.popLast() { matching[o] = i }
            case .paragraphSeparator:
                open.removeAll()
            default:
                break
            }
        }
        return matching
    }

    /// P2-P3: the level of the first strong character of `range`,
    /// skipping isolates; nil if there is none.
    static func firstStrongLevel(_ classes: [BidiClass], _ range: Range<Int>, _ matching: [Int]) -> UInt8? {
        var i = range.lowerBound
        while i < range.upperBound {
            switch classes[i] {
            case .leftToRight: return 0
            case .rightToLeft, .arabicLetter: return 1
            case .leftToRightIsolate, .rightToLeftIsolate, .firstStrongIsolate:
                i = matching[i]
            case .paragraphSeparator:
                return nil
            default:
                break
            }
            i += 1
        }
        return nil
    }

    /// The levels of the scalars `line` after L1: separators, and
    /// whitespace and isolate formatting characters before them or at the
    /// line's end, back to the paragraph level.
    public func lineLevels(_ line: Range<Int>) -> [UInt8] {
        var result = Array(levels[line])
        var trailing = true
        for i in line.reversed() {
            switch classes[i] {
            case .segmentSeparator, .paragraphSeparator:
                result[i - line.lowerBound] = paragraphLevel
                trailing = true
            case .whitespace, .firstStrongIsolate, .leftToRightIsolate, .rightToLeftIsolate, .popDirectionalIsolate:
                if trailing { result[i - line.lowerBound] = paragraphLevel }
            default:
                if Self.isRemovedClass(classes[i]) {
                    if trailing { result[i - line.lowerBound] = paragraphLevel }
                } else {
                    trailing = false
                }
            }
        }
        return result
    }

    /// The scalars of `line` in visual order, left to right (L1 then L2:
    /// from the highest level down to the lowest odd one, each maximal run
    /// at that level or higher reversed). Indices are the paragraph's.
    public func visualOrder(_ line: Range<Int>) -> [Int] {
        Self.reorder(lineLevels(line)).map { $0 + line.lowerBound }
    }

    /// The maximal runs of one level of `line` in visual order, left to
    /// right, each with its level (odd: drawn right to left).
    public func visualRuns(_ line: Range<Int>) -> [(range: Range<Int>, level: UInt8)] {
        let lineLevels = lineLevels(line)
        guard !lineLevels.isEmpty else { return [] }
        var runs: [(range: Range<Int>, level: UInt8)] = []
        var start = 0
        for i in 1...lineLevels.count where i == lineLevels.count || lineLevels[i] != lineLevels[start] {
            runs.append(((start + line.lowerBound)..<(i + line.lowerBound), lineLevels[start]))
            start = i
        }
        let order = Self.reorder(runs.map(\.level))
        return order.map { runs[$0] }
    }

    /// L2 on `levels`: the indices in visual order.
    static func reorder(_ levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max() else { return order }
        let lowestOdd = (levels.filter { $0 & 1 == 1 }.min()) ?? (highest + 1)
        guard highest >= lowestOdd else { return order }
        var level = highest
        while level >= lowestOdd {
            var i = 0
            while i < levels.count {
                guard levels[order[i]] >= level else { i += 1; continue }
                var j = i
                while j < levels.count, levels[order[j]] >= level { j += 1 }
                order[i..<j].reverse()
                i = j
            }
            level -= 1
        }
        return order
    }
}

/// A scalar's paired-bracket data for N0: its type and the pair's
/// identity (the opening bracket's scalar value).
public struct BidiBracket: Sendable, Equatable {
    public var type: BidiBracketType
    public var id: UInt32

    public init(type: BidiBracketType, id: UInt32) {
        self.type = type
        self.id = id
    }
}

extension TextDirection {
    /// The direction of `text`'s first paragraph by UAX #9 P2-P3: that of
    /// its first strong character (L: left to right; R, AL: right to
    /// left), skipping the characters inside isolates (LRI, RLI, FSI up to
    /// their matching PDI, or the paragraph's end); nil if it has none
    /// before the first paragraph separator.
    /// - Complexity: O(n) in the scalars up to the first strong one.
    public static func firstStrong(in text: some StringProtocol) -> TextDirection? {
        var isolates = 0
        for scalar in text.unicodeScalars {
            switch BidiClass(scalar) {
            case .leftToRight where isolates == 0: return .leftToRight
            case .rightToLeft where isolates == 0, .arabicLetter where isolates == 0: return .rightToLeft
            case .leftToRightIsolate, .rightToLeftIsolate, .firstStrongIsolate: isolates += 1
            case .popDirectionalIsolate: isolates = max(0, isolates - 1)
            case .paragraphSeparator: return nil
            default: break
            }
        }
        return nil
    }
}
