// Line breaking, UAX #14 (Unicode 15.0): line break classes, appended one
// scalar at a time -> for each position, whether a line may, must or must
// not break before it. Rules LB2-LB31 in order, with LB9-LB10 (combining
// marks take their base's class) resolved as classes are appended and
// LB25 in the regular-expression form of UAX #14 Example 7 (the one
// LineBreakTest.txt checks). LB1's resolution is in the tables. Checked
// against LineBreakTest.txt (Tests/HairlineTextTests/Unicode).

/// What UAX #14 allows at a position between two scalars.
public enum LineBreakOpportunity: UInt8, Sendable {
    /// No break here.
    case prohibited
    /// A line may break here.
    case allowed
    /// A line must break here (after a hard line break).
    case mandatory
}

/// UAX #14 on a growing sequence of line break classes.
public struct LineBreakAnalyzer: Sendable {
    /// The classes as appended.
    public private(set) var classes: [LineBreakClass] = []
    /// Each position's class after LB9-LB10: a combining mark or ZWJ
    /// that extends a base has the base's class; one that cannot is AL.
    private var effective: [LineBreakClass] = []
    /// The index of the base each position's effective class comes from.
    private var base: [Int] = []
    /// Whether each base ends `NU (NU | SY | IS)*` (LB25), and how many
    /// regional indicators end at it (LB30a): kept as bases are appended
    /// so that no position scans back over a long run.
    private var endsNumber: [Bool] = []
    private var regionalIndicators: [Int] = []

    public init() {}

    /// The opportunities of `scalars`: element i is before scalar i
    /// (element 0 prohibited, LB2; the last, at the end, mandatory, LB3).
    /// - Complexity: O(n) (a position looks back over spaces and digits).
    public static func opportunities(_ scalars: [Unicode.Scalar]) -> [LineBreakOpportunity] {
        var analyzer = LineBreakAnalyzer()
        analyzer.reserveCapacity(scalars.count)
        for scalar in scalars { analyzer.append(LineBreakClass(scalar)) }
        return analyzer.allOpportunities()
    }

    /// The opportunities at every position of the classes appended
    /// (count + 1 of them; see `opportunities(_:)`).
    public func allOpportunities() -> [LineBreakOpportunity] {
        var result: [LineBreakOpportunity] = [.prohibited]
        for i in classes.indices.dropFirst() { result.append(opportunity(before: i)) }
        result.append(.mandatory)
        if classes.isEmpty { result = [.mandatory] }
        return result
    }

    public mutating func reserveCapacity(_ n: Int) {
        classes.reserveCapacity(n)
        effective.reserveCapacity(n)
        base.reserveCapacity(n)
        endsNumber.reserveCapacity(n)
        regionalIndicators.reserveCapacity(n)
    }

    /// Appends the next scalar's class.
    public mutating func append(_ c: LineBreakClass) {
        let i = classes.count
        classes.append(c)
        if c == .cm || c == .zwj {
            if i > 0 {
                switch classes[i - 1] == .cm || classes[i - 1] == .zwj ? effective[i - 1] : classes[i - 1] {
                case .bk, .cr, .lf, .nl, .sp, .zw:
                    break
                default:
                    // LB9: X (CM | ZWJ)* is X.
                    effective.append(effective[i - 1])
                    base.append(base[i - 1])
                    endsNumber.append(endsNumber[i - 1])
                    regionalIndicators.append(regionalIndicators[i - 1])
                    return
                }
            }
            // LB10: an unattached mark is AL.
            effective.append(.al)
        } else {
            effective.append(c)
        }
        base.append(i)
        let g = general(i)
        let previous = i > 0 ? base[i - 1] : nil
        endsNumber.append(g == .nu || (g == .sy || g == .infixSeparator) && previous.map { endsNumber[$0] } == true)
        regionalIndicators.append(g == .ri ? 1 + (previous.map { regionalIndicators[$0] } ?? 0) : 0)
    }

    /// The class rules other than LB30 and LB30b see: the East Asian OP
    /// and CP are OP and CP, the unassigned pictographs ID.
    private func general(_ i: Int) -> LineBreakClass {
        switch effective[i] {
        case .opEastAsian: return .op
        case .cpEastAsian: return .cp
        case .idUnassignedPictographic: return .id
        case let c: return c
        }
    }

    /// The general class of the base before position `i`'s base; nil at
    /// the start.
    private func previousBase(_ i: Int) -> Int? {
        let b = base[i]
        return b > 0 ? base[b - 1] : nil
    }

    /// The index of the last position before `i` that is not a space,
    /// nil if there is none.
    private func beforeSpaces(_ i: Int) -> Int? {
        var j = i - 1
        while j >= 0, effective[j] == .sp { j -= 1 }
        return j >= 0 ? j : nil
    }

    /// The general class of the first base after position `i`'s (its
    /// marks stepped over), nil if not appended yet.
    private func nextBase(after i: Int) -> LineBreakClass? {
        var j = i + 1
        while j < classes.count, base[j] == base[i] { j += 1 }
        return j < classes.count ? general(j) : nil
    }

    /// The opportunity before position `i` (1 ..< count). LB25's
    /// `PR × OP NU` looks one base ahead: ask once the base after `i` is
    /// appended (or there is none).
    public func opportunity(before i: Int) -> LineBreakOpportunity {
        let rawBefore = classes[i - 1], raw = classes[i]
        // LB4-LB6.
        if rawBefore == .bk { return .mandatory }
        if rawBefore == .cr, raw == .lf { return .prohibited }
        if rawBefore == .cr || rawBefore == .lf || rawBefore == .nl { return .mandatory }
        if raw == .bk || raw == .cr || raw == .lf || raw == .nl { return .prohibited }
        // LB7-LB8a.
        if raw == .sp || raw == .zw { return .prohibited }
        if let j = beforeSpaces(i), classes[j] == .zw { return .allowed }
        if rawBefore == .zwj { return .prohibited }
        // LB9: a mark on a base never breaks from it.
        if base[i] != i { return .prohibited }
        let a = general(i - 1), b = general(i)
        return pairOpportunity(i, a, b)
    }

    /// LB11-LB31 between effective classes `a` (before position `i`) and
    /// `b` (at it).
    private func pairOpportunity(_ i: Int, _ a: LineBreakClass, _ b: LineBreakClass) -> LineBreakOpportunity {
        // LB11-LB13.
        if a == .wj || b == .wj || a == .gl { return .prohibited }
        if b == .gl, a != .sp, a != .ba, a != .hy { return .prohibited }
        if b == .cl || b == .cp || b == .ex || b == .infixSeparator || b == .sy { return .prohibited }
        // LB14-LB17: over spaces.
        if let j = beforeSpaces(i) {
            let s = general(j)
            if s == .op { return .prohibited }
            if b == .op, s == .qu { return .prohibited }
            if b == .ns, s == .cl || s == .cp { return .prohibited }
            if b == .b2, s == .b2 { return .prohibited }
        }
        // LB18-LB22.
        if a == .sp { return .allowed }
        if a == .qu || b == .qu { return .prohibited }
        if a == .cb || b == .cb { return .allowed }
        if b == .ba || b == .hy || b == .ns || a == .bb { return .prohibited }
        if a == .hy || a == .ba, let p = previousBase(i - 1), general(p) == .hl { return .prohibited }
        if a == .sy, b == .hl { return .prohibited }
        if b == .inseparable { return .prohibited }
        // LB23-LB24.
        let alphabetic = { (c: LineBreakClass) in c == .al || c == .hl }
        if alphabetic(a) && b == .nu || a == .nu && alphabetic(b) { return .prohibited }
        if a == .pr && (b == .id || b == .eb || b == .em) { return .prohibited }
        if (a == .id || a == .eb || a == .em) && b == .po { return .prohibited }
        if (a == .pr || a == .po) && alphabetic(b) || alphabetic(a) && (b == .pr || b == .po) { return .prohibited }
        if numeric(i, a, b) { return .prohibited }
        // LB26-LB27.
        switch (a, b) {
        case (.jl, .jl), (.jl, .jv), (.jl, .h2), (.jl, .h3), (.jv, .jv), (.jv, .jt), (.h2, .jv), (.h2, .jt),
            (.jt, .jt), (.h3, .jt):
            return .prohibited
        case (.jl, .po), (.jv, .po), (.jt, .po), (.h2, .po), (.h3, .po), (.pr, .jl), (.pr, .jv), (.pr, .jt),
            (.pr, .h2), (.pr, .h3):
            return .prohibited
        default:
            break
        }
        // LB28-LB30.
        if alphabetic(a) && alphabetic(b) { return .prohibited }
        if a == .infixSeparator && alphabetic(b) { return .prohibited }
        if (alphabetic(a) || a == .nu) && effective[i] == .op { return .prohibited }
        if effective[i - 1] == .cp && (alphabetic(b) || b == .nu) { return .prohibited }
        // LB30a: regional indicators pair up.
        if a == .ri, b == .ri, regionalIndicators[i - 1] % 2 == 1 { return .prohibited }
        // LB30b.
        if b == .em, a == .eb || effective[i - 1] == .idUnassignedPictographic { return .prohibited }
        return .allowed
    }

    /// LB25 (UAX #14 Example 7): whether numbers hold `a` and `b` together.
    private func numeric(_ i: Int, _ a: LineBreakClass, _ b: LineBreakClass) -> Bool {
        if (a == .pr || a == .po) && b == .nu { return true }
        if (a == .pr || a == .po) && (b == .op || b == .hy) && nextBase(after: i) == .nu { return true }
        if (a == .op || a == .hy) && b == .nu { return true }
        // NU (NU | SY | IS)* [(CL | CP)] × ...
        func numberEnds(at k: Int?) -> Bool { k.map { endsNumber[$0] } ?? false }
        if b == .nu || b == .sy || b == .infixSeparator || b == .cl || b == .cp {
            if numberEnds(at: i - 1) { return true }
        }
        if b == .pr || b == .po {
            if numberEnds(at: i - 1) { return true }
            if a == .cl || a == .cp, numberEnds(at: previousBase(i - 1)) { return true }
        }
        return false
    }
}
