// Bidi, UAX #9 rules X1-X10, W1-W7, N0-N2 and I1-I2 for one paragraph:
// bidi classes -> a level per class (BidiParagraph.swift drives it and does
// P2-P3 and L1-L2). Explicit levels first (a directional status stack of at
// most 125 levels plus overflow counters), then each isolating run
// sequence (X10) is resolved on its own copy of the classes.

struct BidiResolver {
    let classes: [BidiClass]
    let matching: [Int]
    let paragraphLevel: UInt8
    /// Levels, explicit after `resolveExplicit`, final after
    /// `resolveSequences`.
    var levels: [UInt8]
    /// The classes after X6's overrides (then W1-N2 per sequence).
    var types: [BidiClass]
    /// The levels after X1-X8, which sos and eos compare (`levels` changes
    /// as sequences are resolved).
    var explicitLevels: [UInt8] = []

    init(classes: [BidiClass], matching: [Int], paragraphLevel: UInt8) {
        self.classes = classes
        self.matching = matching
        self.paragraphLevel = paragraphLevel
        levels = [UInt8](repeating: paragraphLevel, count: classes.count)
        types = classes
    }

    private struct Status {
        var level: UInt8
        /// .leftToRight or .rightToLeft when overriding, else nil.
        var override: BidiClass?
        var isolate: Bool
    }

    /// X1-X8: explicit levels and overrides.
    mutating func resolveExplicit() {
        var stack = [Status(level: paragraphLevel, override: nil, isolate: false)]
        stack.reserveCapacity(Int(BidiParagraph.maximumDepth) + 2)
        var overflowIsolates = 0, overflowEmbeddings = 0, validIsolates = 0
        for i in classes.indices {
            let c = classes[i]
            let top = stack[stack.count - 1]
            switch c {
            case .rightToLeftEmbedding, .leftToRightEmbedding, .rightToLeftOverride, .leftToRightOverride:
                levels[i] = top.level
                let rtl = c == .rightToLeftEmbedding || c == .rightToLeftOverride
                let next = rtl ? (top.level + 1) | 1 : (top.level + 2) & ~1
                if next <= BidiParagraph.maximumDepth, overflowIsolates == 0, overflowEmbeddings == 0 {
                    let override: BidiClass? =
                        c == .rightToLeftOverride
                        ? .rightToLeft
                        : c == .leftToRightOverride ? .leftToRight : nil
                    stack.append(Status(level: next, override: override, isolate: false))
                } else if overflowIsolates == 0 {
                    overflowEmbeddings += 1
                }
            case .rightToLeftIsolate, .leftToRightIsolate, .firstStrongIsolate:
                levels[i] = top.level
                if let o = top.override { types[i] = o }
                var rtl = c == .rightToLeftIsolate
                if c == .firstStrongIsolate {
                    let end = min(matching[i], classes.count)
                    rtl = BidiParagraph.firstStrongLevel(classes, (i + 1)..<end, matching) == 1
                }
                let next = rtl ? (top.level + 1) | 1 : (top.level + 2) & ~1
                if next <= BidiParagraph.maximumDepth, overflowIsolates == 0, overflowEmbeddings == 0 {
                    validIsolates += 1
                    stack.append(Status(level: next, override: nil, isolate: true))
                } else {
                    overflowIsolates += 1
                }
            case .popDirectionalIsolate:
                if overflowIsolates > 0 {
                    overflowIsolates -= 1
                } else if validIsolates > 0 {
                    overflowEmbeddings = 0
                    while !stack[stack.count - 1].isolate { stack.removeLast() }
                    stack.removeLast()
                    validIsolates -= 1
                }
                let now = stack[stack.count - 1]
                levels[i] = now.level
                if let o = now.override { types[i] = o }
            case .popDirectionalFormat:
                levels[i] = top.level
                if overflowIsolates > 0 {
                } else if overflowEmbeddings > 0 {
                    overflowEmbeddings -= 1
                } else if !top.isolate, stack.count >= 2 {
                    stack.removeLast()
                }
            case .paragraphSeparator:
                levels[i] = paragraphLevel
            case .boundaryNeutral:
                levels[i] = top.level
            default:
                levels[i] = top.level
                if let o = top.override { types[i] = o }
            }
        }
    }

    /// X9-X10 and the implicit rules: each isolating run sequence resolved,
    /// then removed characters given their neighbour's level.
    mutating func resolveSequences(brackets: [BidiBracket]?) {
        explicitLevels = levels
        for sequence in isolatingRunSequences() {
            resolve(sequence, brackets: brackets)
        }
        // Removed characters take the level before them.
        var previous = paragraphLevel
        for i in classes.indices {
            if BidiParagraph.isRemovedClass(classes[i]) {
                levels[i] = previous
            } else {
                previous = levels[i]
            }
        }
    }

    /// BD13: the isolating run sequences, as index lists (removed
    /// characters left out).
    func isolatingRunSequences() -> [[Int]] {
        // Level runs.
        var runs: [[Int]] = []
        var current: [Int] = []
        for i in classes.indices where !BidiParagraph.isRemovedClass(classes[i]) {
            if let last = current.last, levels[last] != levels[i] {
                runs.append(current)
                current = []
            }
            current.append(i)
        }
        if !current.isEmpty { runs.append(current) }
        // The run starting at each index, to follow isolates to their PDI.
        var runStartingAt: [Int: Int] = [:]
        for (r, run) in runs.enumerated() { runStartingAt[run[0]] = r }
        var matchedPDIs = Set<Int>()
        for m in matching where m >= 0 && m < classes.count { matchedPDIs.insert(m) }
        var sequences: [[Int]] = []
        for run in runs {
            // A run starting with a PDI that matches an initiator joins
            // that initiator's sequence instead.
            if classes[run[0]] == .popDirectionalIsolate, matchedPDIs.contains(run[0]) { continue }
            var sequence = run
            while let last = sequence.last, isIsolateInitiator(classes[last]), matching[last] < classes.count,
                let next = runStartingAt[matching[last]]
            {
                sequence += runs[next]
            }
            sequences.append(sequence)
        }
        return sequences
    }

    func isIsolateInitiator(_ c: BidiClass) -> Bool {
        c == .leftToRightIsolate || c == .rightToLeftIsolate || c == .firstStrongIsolate
    }

    /// The level of the nearest non-removed character before `i`, or after
    /// it, or the paragraph level at the ends.
    func neighbourLevel(_ i: Int, step: Int) -> UInt8 {
        var j = i + step
        while j >= 0, j < classes.count {
            if !BidiParagraph.isRemovedClass(classes[j]) { return explicitLevels[j] }
            j += step
        }
        return paragraphLevel
    }
}
