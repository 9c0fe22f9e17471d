// HairlineCells: which way a cell's content runs, as UIKit's
// `semanticContentAttribute` resolves to an
// `effectiveUserInterfaceLayoutDirection`: `auto` takes the direction of
// the cell's title (UAX #9 P2-P3, its first strong character), else the
// table's. A right-to-left cell mirrors its geometry about its vertical
// centre line (x' = minX + maxX - x - w, points in the cell's rect): the
// title at the right, the detail, the accessory and the accessory image at
// the left (the chevron points left), the leading image at the right,
// indentation and separator insets from the right. Images and the
// checkmark keep their own drawing (UIKit flips neither).

import Hairline
import HairlineText

/// The direction a cell's (or a table's) content runs.
public enum CellLayoutDirection: Hashable, Sendable, CaseIterable {
    /// From the cell's title: right to left if its first strong
    /// character is (Hebrew, Arabic …), else left to right (UAX #9
    /// P2-P3); a table's `auto` leaves each cell to its own title.
    case auto
    /// Leading is left.
    case leftToRight
    /// Leading is right: the layout is mirrored.
    case rightToLeft

    /// This direction where it is explicit, else `inherited`.
    /// - Parameter inherited: the enclosing table's direction.
    public func resolved(inheriting inherited: CellLayoutDirection) -> CellLayoutDirection {
        self == .auto ? inherited : self
    }

    /// Whether a cell titled `title` in this direction runs right to
    /// left: `auto` by the title's first strong character (none: left to
    /// right).
    /// - Parameter title: the cell's title.
    /// - Complexity: O(n) in the title's scalars up to its first strong one.
    public func isRightToLeft(title: String) -> Bool {
        switch self {
        case .leftToRight: return false
        case .rightToLeft: return true
        case .auto:
            // Latin text settles at its first letter; no scalar below
            // U+0590 is R or AL, so pure ASCII-to-Hebrew scans are short.
            return TextDirection.firstStrong(in: title) == .rightToLeft
        }
    }
}

extension CellLayoutDirection {
    /// The paragraph direction of text in this direction (`auto`: each
    /// paragraph's own).
    var textDirection: TextDirection {
        switch self {
        case .auto: .natural
        case .leftToRight: .leftToRight
        case .rightToLeft: .rightToLeft
        }
    }
}

extension Rect {
    /// The rect mirrored about the vertical centre line of `bounds`
    /// (points): x' = bounds.minX + bounds.maxX - x - width.
    func mirrored(in bounds: Rect) -> Rect {
        Rect(x: bounds.minX + bounds.maxX - minX - width, y: minY, width: width, height: height)
    }
}
