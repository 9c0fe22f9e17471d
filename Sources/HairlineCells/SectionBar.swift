// HairlineCells: what fills a section's header or footer band behind its
// title (the bar of a plain table's section headers). A value only;
// TableRenderer.paintBackground paints it across the table's width, the
// band's height (the section's header or footer height, in points).

import Hairline

/// What fills a section's header or footer band.
public enum SectionBar: Hashable, Sendable {
    /// UIKit's rule: the table's `headerColor` (if any) behind a band with
    /// a title; nothing behind an untitled one, so an untitled section of
    /// a plain table shows the table's background.
    case automatic
    /// No bar, even with a title and a table `headerColor`.
    case hidden
    /// A bar of this color, with a title or without.
    case color(Color)

    /// The bar's color for a band whose title is `title`, given the
    /// table's `headerColor`; nil for no bar.
    func color(title: String?, tableColor: Color?) -> Color? {
        switch self {
        case .automatic: (title ?? "").isEmpty ? nil : tableColor
        case .hidden: nil
        case .color(let color): color
        }
    }
}
