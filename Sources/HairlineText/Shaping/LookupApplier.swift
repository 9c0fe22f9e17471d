// Shaping: applies GSUB or GPOS lookups to a glyph buffer. A lookup runs
// over the buffer once (forward; reverse chaining backward), trying its
// subtables at each glyph its feature mask selects and its flags do not
// skip. Contextual and chaining contextual lookups (formats 1-3) match a
// backtrack, input and lookahead sequence and apply nested lookups at
// input positions. Bounded: nesting at most `maximumNestingDepth` deep and
// every step paid from the buffer's operation budget, so cyclic or huge
// lookups stop with the glyphs as they are. The substitution and
// positioning subtables are in LookupApplier+Substitution/+Positioning.
// Model: HarfBuzz hb-ot-layout-gsubgpos.hh (skipping iterator, context
// matching), written anew.

/// Applies one layout table's lookups to a buffer.
struct LookupApplier {
    /// Nested lookups (contextual -> nested -> ...) stop at this depth
    /// (HarfBuzz: 64; real fonts nest 2 or 3).
    static let maximumNestingDepth = 16

    let data: FontData
    let header: LayoutHeader
    let definitions: GlyphDefinitions
    let isSubstitution: Bool
    var buffer: ShapingBuffer
    /// Whether the run is right to left (cursive attachment's direction).
    var isRightToLeftRun = false
    /// Lookups read so far (a lookup is read once per run).
    private var lookupCache: [Int: Lookup] = [:]
    private var depth = 0

    init(header: LayoutHeader, definitions: GlyphDefinitions, isSubstitution: Bool, buffer: ShapingBuffer) {
        data = header.data
        self.header = header
        self.definitions = definitions
        self.isSubstitution = isSubstitution
        self.buffer = buffer
    }

    mutating func lookup(_ index: Int) -> Lookup? {
        if let cached = lookupCache[index] { return cached }
        guard let lookup = header.lookup(index) else { return nil }
        lookupCache[index] = lookup
        return lookup
    }

    /// Applies lookup `index` over the whole buffer to glyphs whose mask
    /// overlaps `mask`.
    mutating func apply(lookupIndex index: Int, mask: UInt32) {
        guard let lookup = lookup(index), !lookup.subtables.isEmpty else { return }
        if isSubstitution, lookup.type == 8 {
            var i = buffer.count - 1
            while i >= 0, buffer.spend() {
                if buffer.glyphs[i].mask & mask != 0, !skips(i, lookup) { _ = applyOnce(lookup, at: i) }
                i -= 1
            }
            return
        }
        var i = 0
        while i < buffer.count, buffer.spend() {
            if buffer.glyphs[i].mask & mask != 0, !skips(i, lookup), let next = applyOnce(lookup, at: i) {
                i = max(next, i + 1)
            } else {
                i += 1
            }
        }
    }

    /// Tries the lookup's subtables at glyph `i` until one applies: the
    /// index to continue from, nil if none applied.
    mutating func applyOnce(_ lookup: Lookup, at i: Int) -> Int? {
        for subtable in lookup.subtables {
            guard buffer.spend() else { return nil }
            let result = isSubstitution ? substitute(lookup, subtable, at: i) : position(lookup, subtable, at: i)
            if let result { return result }
        }
        return nil
    }

    /// Applies nested lookup `index` at glyph `i` once (from a contextual
    /// lookup), unless the nesting limit is reached.
    mutating func applyNested(_ index: Int, at i: Int) {
        guard depth < Self.maximumNestingDepth, i < buffer.count, let lookup = lookup(index) else { return }
        guard !skips(i, lookup) else { return }
        depth += 1
        _ = applyOnce(lookup, at: i)
        depth -= 1
    }

    // MARK: Skipping

    /// Whether lookup flags make the lookup pass over glyph `i`.
    func skips(_ i: Int, _ lookup: Lookup) -> Bool {
        let info = buffer.glyphs[i], flag = lookup.flag
        switch info.glyphClass {
        case GlyphClass.base: return flag & Lookup.ignoreBases != 0
        case GlyphClass.ligature: return flag & Lookup.ignoreLigatures != 0
        case GlyphClass.mark:
            if flag & Lookup.ignoreMarks != 0 { return true }
            if let set = lookup.markFilteringSet { return !definitions.markSetCovers(set, info.glyph) }
            let type = Int(flag >> 8)
            return type != 0 && definitions.markAttachClass(info.glyph) != type
        default: return false
        }
    }

    /// The next glyph after `i` the lookup does not skip (nil at the end or
    /// when the budget is spent).
    mutating func next(after i: Int, _ lookup: Lookup) -> Int? {
        var j = i + 1
        while j < buffer.count, buffer.spend() {
            if !skips(j, lookup) { return j }
            j += 1
        }
        return nil
    }

    /// The glyph before `i` the lookup does not skip.
    mutating func previous(before i: Int, _ lookup: Lookup) -> Int? {
        var j = i - 1
        while j >= 0, buffer.spend() {
            if !skips(j, lookup) { return j }
            j -= 1
        }
        return nil
    }

    // MARK: Coverage and classes

    func coverageIndex(_ table: FontTable, _ glyph: UInt16) -> Int? {
        (try? PairAdjustment.coverageIndex(data, table, glyph)) ?? nil
    }

    func classOf(_ table: FontTable?, _ glyph: UInt16) -> Int {
        guard let table else { return 0 }
        return (try? PairAdjustment.classOf(data, table, glyph)) ?? 0
    }

    /// The subtable's part at the 16-bit offset stored at `at`.
    func offsetTable(_ table: FontTable, _ at: Int) -> FontTable? {
        guard let offset = try? data.u16(table, at), offset != 0 else { return nil }
        return try? table.slice(from: Int(offset))
    }

    func u16(_ table: FontTable, _ at: Int) -> Int? { (try? data.u16(table, at)).map(Int.init) }
}

/// How one sequence of a contextual rule is matched: by glyph id (format
/// 1), by class (format 2), or by coverage (format 3).
enum SequenceMatch {
    case glyphs
    case classes(backtrack: FontTable?, input: FontTable?, lookahead: FontTable?)
    case coverages(FontTable)
}

extension LookupApplier {
    // MARK: Contextual matching

    /// Whether glyph `glyph` matches `value` in sequence part `part` (0
    /// backtrack, 1 input, 2 lookahead).
    func matches(_ glyph: UInt16, _ value: Int, part: Int, _ match: SequenceMatch) -> Bool {
        switch match {
        case .glyphs: return Int(glyph) == value
        case .classes(let b, let i, let l): return classOf(part == 0 ? b : part == 1 ? i : l, glyph) == value
        case .coverages(let table):
            guard let sub = try? table.slice(from: value) else { return false }
            return coverageIndex(sub, glyph) != nil
        }
    }

    /// The positions of the input sequence starting at `i` (whose first
    /// glyph is already matched), `rest` the values of the others; nil if
    /// it does not match.
    mutating func matchInput(at i: Int, rest: [Int], _ lookup: Lookup, _ match: SequenceMatch) -> [Int]? {
        var positions = [i]
        var j = i
        for value in rest {
            guard let k = next(after: j, lookup), matches(buffer.glyphs[k].glyph, value, part: 1, match) else {
                return nil
            }
            positions.append(k)
            j = k
        }
        return positions
    }

    /// Whether the backtrack (`values` nearest first) matches before `i`
    /// and the lookahead after `last`.
    mutating func matchContext(
        before i: Int, backtrack: [Int], after last: Int, lookahead: [Int],
        _ lookup: Lookup, _ match: SequenceMatch
    ) -> Bool {
        var j = i
        for value in backtrack {
            guard let k = previous(before: j, lookup), matches(buffer.glyphs[k].glyph, value, part: 0, match) else {
                return false
            }
            j = k
        }
        j = last
        for value in lookahead {
            guard let k = next(after: j, lookup), matches(buffer.glyphs[k].glyph, value, part: 2, match) else {
                return false
            }
            j = k
        }
        return true
    }

    /// Applies a matched rule's nested lookups (sequence index, lookup
    /// index) at the matched positions, shifting later positions when a
    /// nested substitution changes the glyph count. Returns the index after
    /// the matched input.
    mutating func applyRecords(_ records: [(sequence: Int, lookup: Int)], positions: [Int]) -> Int {
        var positions = positions
        for record in records where record.sequence < positions.count {
            let at = positions[record.sequence]
            let before = buffer.count
            applyNested(record.lookup, at: at)
            let delta = buffer.count - before
            if delta != 0 {
                for k in positions.indices where positions[k] > at { positions[k] = max(at, positions[k] + delta) }
            }
        }
        return min(buffer.count, (positions.last ?? 0) + 1)
    }

    /// Reads `count` 16-bit values at `at`.
    func values(_ table: FontTable, _ at: Int, _ count: Int) -> [Int]? {
        guard count >= 0, (try? data.check(table, at, 2 * count)) != nil else { return nil }
        return (0..<count).map { k in Int((try? data.u16(table, at + 2 * k)) ?? 0) }
    }

    /// Reads `count` sequence lookup records (4 bytes each) at `at`.
    func records(_ table: FontTable, _ at: Int, _ count: Int) -> [(sequence: Int, lookup: Int)]? {
        guard let flat = values(table, at, 2 * count) else { return nil }
        return (0..<count).map { (flat[2 * $0], flat[2 * $0 + 1]) }
    }

    /// Applies a contextual (type 5 / 7) or chaining contextual (6 / 8)
    /// subtable at `i`: formats 1, 2 and 3. Returns the index after the
    /// match, nil if no rule matched.
    mutating func applyContext(_ lookup: Lookup, _ subtable: FontTable, at i: Int, chained: Bool) -> Int? {
        let glyph = buffer.glyphs[i].glyph
        switch u16(subtable, 0) {
        case 1:
            guard let coverage = offsetTable(subtable, 2), let index = coverageIndex(coverage, glyph),
                let setCount = u16(subtable, 4), index < setCount, let ruleSet = offsetTable(subtable, 6 + 2 * index)
            else { return nil }
            return applyRuleSet(lookup, ruleSet, at: i, chained: chained, .glyphs)
        case 2:
            guard let coverage = offsetTable(subtable, 2), coverageIndex(coverage, glyph) != nil else { return nil }
            let match: SequenceMatch
            let setsAt: Int
            if chained {
                match = .classes(
                    backtrack: offsetTable(subtable, 4), input: offsetTable(subtable, 6),
                    lookahead: offsetTable(subtable, 8))
                setsAt = 10
            } else {
                let classes = offsetTable(subtable, 4)
                match = .classes(backtrack: classes, input: classes, lookahead: classes)
                setsAt = 6
            }
            guard case .classes(_, let inputClasses, _) = match else { return nil }
            let cls = classOf(inputClasses, glyph)
            guard let setCount = u16(subtable, setsAt), cls < setCount,
                let ruleSet = offsetTable(subtable, setsAt + 2 + 2 * cls)
            else { return nil }
            return applyRuleSet(lookup, ruleSet, at: i, chained: chained, match)
        case 3:
            return applyFormat3(lookup, subtable, at: i, chained: chained)
        default:
            return nil
        }
    }

    /// Tries the rules of a format 1 or 2 rule set in order.
    private mutating func applyRuleSet(
        _ lookup: Lookup, _ ruleSet: FontTable, at i: Int, chained: Bool,
        _ match: SequenceMatch
    ) -> Int? {
        guard let count = u16(ruleSet, 0) else { return nil }
        for r in 0..<count {
            guard buffer.spend() else { return nil }
            guard let rule = offsetTable(ruleSet, 2 + 2 * r) else { continue }
            var at = 0
            var backtrack: [Int] = [], lookahead: [Int] = []
            if chained {
                guard let n = u16(rule, 0), let b = values(rule, 2, n) else { continue }
                backtrack = b
                at = 2 + 2 * n
            }
            guard let inputCount = u16(rule, at), inputCount >= 1 else { continue }
            var recordCountAt: Int
            var input: [Int]
            if chained {
                guard let read = values(rule, at + 2, inputCount - 1) else { continue }
                input = read
                let lookaheadAt = at + 2 + 2 * (inputCount - 1)
                guard let n = u16(rule, lookaheadAt), let l = values(rule, lookaheadAt + 2, n) else { continue }
                lookahead = l
                recordCountAt = lookaheadAt + 2 + 2 * n
            } else {
                // Context rule: glyphCount, seqLookupCount, input, records.
                guard let read = values(rule, at + 4, inputCount - 1) else { continue }
                input = read
                recordCountAt = at + 2
            }
            guard let recordCount = u16(rule, recordCountAt) else { continue }
            let recordsAt = chained ? recordCountAt + 2 : at + 4 + 2 * (inputCount - 1)
            guard let records = records(rule, recordsAt, recordCount),
                let positions = matchInput(at: i, rest: input, lookup, match),
                matchContext(
                    before: i, backtrack: backtrack, after: positions.last ?? i, lookahead: lookahead, lookup, match)
            else { continue }
            return applyRecords(records, positions: positions)
        }
        return nil
    }

    /// Format 3: one coverage per position.
    private mutating func applyFormat3(_ lookup: Lookup, _ subtable: FontTable, at i: Int, chained: Bool) -> Int? {
        let match = SequenceMatch.coverages(subtable)
        if chained {
            guard let b = u16(subtable, 2), let backtrack = values(subtable, 4, b),
                let n = u16(subtable, 4 + 2 * b), n >= 1, let input = values(subtable, 6 + 2 * b, n),
                let l = u16(subtable, 6 + 2 * b + 2 * n), let lookahead = values(subtable, 8 + 2 * b + 2 * n, l),
                let recordCount = u16(subtable, 8 + 2 * (b + n + l)),
                let records = records(subtable, 10 + 2 * (b + n + l), recordCount),
                matches(buffer.glyphs[i].glyph, input[0], part: 1, match),
                let positions = matchInput(at: i, rest: Array(input.dropFirst()), lookup, match),
                matchContext(
                    before: i, backtrack: backtrack, after: positions.last ?? i, lookahead: lookahead, lookup, match)
            else { return nil }
            return applyRecords(records, positions: positions)
        }
        guard let n = u16(subtable, 2), n >= 1, let recordCount = u16(subtable, 4),
            let input = values(subtable, 6, n), let records = records(subtable, 6 + 2 * n, recordCount),
            matches(buffer.glyphs[i].glyph, input[0], part: 1, match),
            let positions = matchInput(at: i, rest: Array(input.dropFirst()), lookup, match)
        else { return nil }
        return applyRecords(records, positions: positions)
    }
}
