// Bidi, UAX #9 rules W1-W7, N0-N2 and I1-I2 on one isolating run sequence
// (index list into the paragraph) -> final levels for its characters.
// Works on a copy of the sequence's types; sos and eos from X10.

extension BidiResolver {
    /// The strong direction a type counts as for N0-N2: L, or R for R, EN
    /// and AN; nil for neutrals.
    private static func strong(_ t: BidiClass) -> BidiClass? {
        switch t {
        case .leftToRight: return .leftToRight
        case .rightToLeft, .arabicLetter, .europeanNumber, .arabicNumber: return .rightToLeft
        default: return nil
        }
    }

    private static func isNeutralOrIsolate(_ t: BidiClass) -> Bool {
        switch t {
        case .paragraphSeparator, .segmentSeparator, .whitespace, .otherNeutral, .leftToRightIsolate,
            .rightToLeftIsolate, .firstStrongIsolate, .popDirectionalIsolate:
            return true
        default:
            return false
        }
    }

    /// The largest bracket pair stack of BD16: past it, no more pairs.
    private static let bracketStackLimit = 63

    mutating func resolve(_ sequence: [Int], brackets: [BidiBracket]?) {
        guard let first = sequence.first, let last = sequence.last else { return }
        let level = levels[first]
        let sos: BidiClass = max(level, neighbourLevel(first, step: -1)) & 1 == 1 ? .rightToLeft : .leftToRight
        let after = isIsolateInitiator(classes[last]) ? paragraphLevel : neighbourLevel(last, step: 1)
        let eos: BidiClass = max(level, after) & 1 == 1 ? .rightToLeft : .leftToRight
        var t = sequence.map { types[$0] }
        let n = t.count
        resolveWeak(&t, sos: sos)
        let embedding: BidiClass = level & 1 == 1 ? .rightToLeft : .leftToRight
        if let brackets { resolveBrackets(&t, sequence, brackets, sos: sos, embedding: embedding) }
        // N1-N2.
        var k = 0
        while k < n {
            guard Self.isNeutralOrIsolate(t[k]) else { k += 1; continue }
            var end = k
            while end < n, Self.isNeutralOrIsolate(t[end]) { end += 1 }
            let before = k == 0 ? sos : Self.strong(t[k - 1]) ?? embedding
            let following = end == n ? eos : Self.strong(t[end]) ?? embedding
            let resolved = before == following ? before : embedding
            for j in k..<end { t[j] = resolved }
            k = end
        }
        // I1-I2.
        for (k, i) in sequence.enumerated() {
            let l = levels[i]
            if l & 1 == 0 {
                if t[k] == .rightToLeft {
                    levels[i] = l + 1
                } else if t[k] == .arabicNumber || t[k] == .europeanNumber {
                    levels[i] = l + 2
                }
            } else if t[k] == .leftToRight || t[k] == .arabicNumber || t[k] == .europeanNumber {
                levels[i] = l + 1
            }
        }
    }

    /// W1-W7.
    private func resolveWeak(_ t: inout [BidiClass], sos: BidiClass) {
        let n = t.count
        for k in 0..<n where t[k] == .nonspacingMark {
            if k == 0 {
                t[k] = sos
            } else {
                switch t[k - 1] {
                case .leftToRightIsolate, .rightToLeftIsolate, .firstStrongIsolate, .popDirectionalIsolate:
                    t[k] = .otherNeutral
                default:
                    t[k] = t[k - 1]
                }
            }
        }
        var lastStrong = sos
        for k in 0..<n {
            switch t[k] {
            case .leftToRight, .rightToLeft, .arabicLetter: lastStrong = t[k]
            case .europeanNumber where lastStrong == .arabicLetter: t[k] = .arabicNumber
            default: break
            }
        }
        for k in 0..<n where t[k] == .arabicLetter { t[k] = .rightToLeft }
        if n >= 3 {
            for k in 1..<(n - 1) {
                let before = t[k - 1], after = t[k + 1]
                if t[k] == .europeanSeparator, before == .europeanNumber, after == .europeanNumber {
                    t[k] = .europeanNumber
                } else if t[k] == .commonSeparator, before == after,
                    before == .europeanNumber || before == .arabicNumber
                {
                    t[k] = before
                }
            }
        }
        var k = 0
        while k < n {
            guard t[k] == .europeanTerminator else { k += 1; continue }
            var end = k
            while end < n, t[end] == .europeanTerminator { end += 1 }
            if (k > 0 && t[k - 1] == .europeanNumber) || (end < n && t[end] == .europeanNumber) {
                for j in k..<end { t[j] = .europeanNumber }
            }
            k = end
        }
        for k in 0..<n where t[k] == .europeanSeparator || t[k] == .europeanTerminator || t[k] == .commonSeparator {
            t[k] = .otherNeutral
        }
        lastStrong = sos
        for k in 0..<n {
            switch t[k] {
            case .leftToRight, .rightToLeft: lastStrong = t[k]
            case .europeanNumber where lastStrong == .leftToRight: t[k] = .leftToRight
            default: break
            }
        }
    }

    /// N0: paired brackets (BD16) take the embedding direction when it is
    /// inside them, else the other strong direction inside them when the
    /// context before agrees.
    private func resolveBrackets(
        _ t: inout [BidiClass], _ sequence: [Int], _ brackets: [BidiBracket],
        sos: BidiClass, embedding: BidiClass
    ) {
        var stack: [(id: UInt32, position: Int)] = []
        var pairs: [(open: Int, close: Int)] = []
        scan: for k in sequence.indices where t[k] == .otherNeutral {
            let bracket = brackets[sequence[k]]
            switch bracket.type {
            case .open:
                guard stack.count < Self.bracketStackLimit else { break scan }
                stack.append((bracket.id, k))
            case .close:
                if let j = stack.lastIndex(where: { $0.id == bracket.id }) {
                    pairs.append((stack[j].position, k))
                    stack.removeSubrange(j...)
                }
            case .none:
                break
            }
        }
        pairs.sort { $0.open < $1.open }
        let opposite: BidiClass = embedding == .leftToRight ? .rightToLeft : .leftToRight
        for pair in pairs {
            var foundEmbedding = false, foundOpposite = false
            for k in (pair.open + 1)..<pair.close {
                guard let s = Self.strong(t[k]) else { continue }
                if s == embedding { foundEmbedding = true; break }
                foundOpposite = true
            }
            let resolved: BidiClass
            if foundEmbedding {
                resolved = embedding
            } else if foundOpposite {
                var context = sos
                var k = pair.open - 1
                while k >= 0 {
                    if let s = Self.strong(t[k]) { context = s; break }
                    k -= 1
                }
                resolved = context == opposite ? opposite : embedding
            } else {
                continue
            }
            for position in [pair.open, pair.close] {
                t[position] = resolved
                var k = position + 1
                while k < t.count, classes[sequence[k]] == .nonspacingMark {
                    t[k] = resolved
                    k += 1
                }
            }
        }
    }
}
