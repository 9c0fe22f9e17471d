// Shaping: Unicode Joining_Type (ArabicShaping.txt, generated into
// JoiningTypeData.swift) and the positional form each letter of a cursive
// run takes: isolated, initial, medial or final, from its neighbours'
// joining types, transparent characters (marks) passed over. The forms
// select the isol/init/medi/fina features. Model: Unicode core spec 9.2
// (Arabic cursive joining) and HarfBuzz's hb-ot-shaper-arabic.cc.

/// A character's Unicode Joining_Type.
enum JoiningType: UInt8, Sendable {
    case nonJoining, rightJoining, leftJoining, dualJoining, joinCausing, transparent

    /// The joining type of `scalar`: the explicit entries of
    /// ArabicShaping.txt, else transparent for general categories Mn, Me
    /// and Cf, else non-joining. Complexity: O(log n) in the ranges.
    init(_ scalar: Unicode.Scalar) {
        let v = scalar.value
        let ranges = Self.explicitRanges
        var low = 0, high = ranges.count
        while low < high {
            let mid = (low + high) / 2
            if ranges[mid].first <= v { low = mid + 1 } else { high = mid }
        }
        if low > 0, ranges[low - 1].last >= v {
            self = ranges[low - 1].type
            return
        }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: self = .transparent
        default: self = .nonJoining
        }
    }

    /// Whether a character of this type joins the character after it in
    /// logical order (its left side in right-to-left text).
    var joinsFollowing: Bool { self == .dualJoining || self == .leftJoining || self == .joinCausing }
    /// Whether it joins the character before it (its right side).
    var joinsPreceding: Bool { self == .dualJoining || self == .rightJoining || self == .joinCausing }
}

/// A letter's positional form in a cursive run.
enum JoiningForm: Sendable, Equatable {
    /// Not a joining letter (no positional feature applies).
    case none
    case isolated, initial, medial, final

    /// The feature mask bit of the form (`FeatureMask`), 0 for none.
    var mask: UInt32 {
        switch self {
        case .none: 0
        case .isolated: FeatureMask.isolated
        case .initial: FeatureMask.initial
        case .medial: FeatureMask.medial
        case .final: FeatureMask.final
        }
    }

    /// The forms of `scalars` (logical order), one per scalar: each
    /// joining letter joins the previous non-transparent one when that joins
    /// forward and it joins backward. Transparent characters and
    /// non-joining ones have no form; join-causing ones (tatweel, ZWJ) join
    /// but take no form. Complexity: O(n log m).
    static func forms(of scalars: [Unicode.Scalar]) -> [JoiningForm] {
        var forms = [JoiningForm](repeating: .none, count: scalars.count)
        var previous: (index: Int, type: JoiningType)? = nil
        for (i, scalar) in scalars.enumerated() {
            let type = JoiningType(scalar)
            if type == .transparent { continue }
            let own: JoiningForm = type == .nonJoining || type == .joinCausing ? .none : .isolated
            forms[i] = own
            if let p = previous, p.type.joinsFollowing, type.joinsPreceding {
                switch forms[p.index] {
                case .isolated: forms[p.index] = .initial
                case .final: forms[p.index] = .medial
                default: break
                }
                if own == .isolated { forms[i] = .final }
            }
            previous = (i, type)
        }
        return forms
    }
}
