// HairlineCells: the gallery: one small table for every style and state
// the kit offers (normal, selected, alternating rows, gradient, pattern and
// stretchable-image fills, continuous corners) in each layout, at a given
// scale. `hairline gallery` renders it to PNGs; the tests render it too.

import Hairline

/// The gallery of cell styles.
public enum CellGallery {
    /// The gallery's tables at `scale` device pixels per point (images in
    /// the fills are made at the scale rounded to a whole number, at least
    /// 1): for each layout, the plain style and its variants `selected`,
    /// `alternating`, `gradient`, `pattern`, `image`, `labels` (the four
    /// text layouts and a selected row's text, with disclosure
    /// indicators), one per accessory
    /// (`disclosureIndicator`, `checkmark`, `detailButton`,
    /// `detailDisclosureButton`), `headers` (section header and footer
    /// titles in the layout's look, with a header view), for `grouped`
    /// `headerView` (a shadowed title over an image), `content` (leading
    /// images, a tinted template image, an image accessory, indentation),
    /// for the iOS 13 layouts `dark` (the `headers` table in the dark
    /// appearance) and, for the rounded layouts, `continuous`. The
    /// `headers` tables' header views have their iOS version's look.
    public static func items(scale: Double) -> [GalleryItem] {
        var items: [GalleryItem] = []
        let imageScale = max(1, Int(scale.isFinite ? min(scale, 16).rounded() : 1))
        for layout in CellLayout.allCases {
            let base = CellStyle(layout: layout)
            func table(_ style: CellStyle, rows: [Int] = [1, 3], selected: [CellIndexPath] = []) -> TableDescription {
                var t = TableDescription(cellStyle: style, rowCounts: rows, width: 320, scale: scale)
                t.selectedRows = Set(selected)
                return t
            }
            func add(_ suffix: String?, _ t: TableDescription) {
                items.append(GalleryItem(name: suffix.map { "\(layout)-\($0)" } ?? "\(layout)", table: t))
            }
            add(nil, table(base))
            add(
                "selected",
                table(base, selected: [CellIndexPath(row: 0, section: 0), CellIndexPath(row: 1, section: 1)]))
            var alternating = base
            alternating.alternateFill = .color(Color(red8: 0xF2, green8: 0xF5, blue8: 0xFA))
            add("alternating", table(alternating, rows: [2, 5], selected: [CellIndexPath(row: 3, section: 1)]))
            var gradient = base
            gradient.fill = .verticalGradient(.white, Color(red: 0.85, green: 0.88, blue: 0.95))
            add("gradient", table(gradient))
            var pattern = base
            pattern.fill = .pattern(checkerTile(scale: imageScale), imageScale: Double(imageScale))
            add("pattern", table(pattern))
            var image = base
            image.fill = .stretchableImage(
                bevelImage(scale: imageScale), capInsets: EdgeInsets(all: Double(4 * imageScale)),
                imageScale: Double(imageScale))
            add("image", table(image))
            var labeled = base
            labeled.accessory = .disclosureIndicator
            var labels = table(labeled, rows: [4, 1], selected: [CellIndexPath(row: 0, section: 1)])
            labels.sections[0].texts = [
                CellText("Wi-Fi"), CellText("Airplane Mode", detail: "Off", layout: .value1),
                CellText("Mail", detail: "hairline@example.com", layout: .subtitle),
                CellText("mobile", detail: "+1 555 0100", layout: .value2),
            ]
            labels.sections[1].texts = [CellText("Selected Row")]
            add("labels", labels)
            add("headers", titledTable(labeled, scale: scale))
            if layout == .grouped { add("headerView", headerViewTable(labeled, scale: scale, imageScale: imageScale)) }
            add("content", contentTable(labeled, scale: scale, imageScale: imageScale))
            if TableAppearance.dark.isAvailable(for: layout) { add("dark", darkTable(layout, scale: scale)) }
            var accessories = base
            for accessory in CellAccessory.allCases where accessory != .none {
                accessories.accessory = accessory
                add("\(accessory)", table(accessories, rows: [1]))
            }
            if layout != .plain {
                var continuous = base
                continuous.cornerCurve = .continuous
                continuous.cornerRadius = 12
                add("continuous", table(continuous))
            }
        }
        return items
    }

    /// A table with a header view, section header and footer titles and
    /// labelled rows (one selected) in `style`.
    static func titledTable(_ style: CellStyle, scale: Double) -> TableDescription {
        var t = TableDescription(cellStyle: style, rowCounts: [2, 1], width: 320, scale: scale)
        // The header view in the look of the layout's iOS version (iOS 6
        // grouped: the slate title over a white shadow).
        t.headerView = TableHeaderView.standard(title: "Settings", for: style.layout)
        if style.layout == .grouped { t.headerView?.height = 54 }
        t.sections[0].headerTitle = "Network"
        t.sections[0].texts = [
            CellText("Wi-Fi", detail: "Home", layout: .value1),
            CellText(
                "Bluetooth", detail: "On",
                layout: .value1),
        ]
        t.sections[0].footerTitle = "Devices you have paired with stay connected while Bluetooth is on."
        t.sections[1].headerTitle = "About"
        t.sections[1].texts = [CellText("Version", detail: "1.0", layout: .value1)]
        t.selectedRows = [CellIndexPath(row: 1, section: 0)]
        return t
    }

    /// A grouped table under a header view whose title, white with a soft
    /// dark shadow, sits on a stretchable image (the image-backgrounds
    /// look).
    static func headerViewTable(_ style: CellStyle, scale: Double, imageScale: Int) -> TableDescription {
        var t = TableDescription(cellStyle: style, rowCounts: [3], width: 320, scale: scale)
        var view = TableHeaderView(
            title: "Image Backgrounds", height: 72, size: 24, color: .white,
            shadow: TitleShadow(
                offset: Size(width: 0, height: 2), blur: 4,
                color: Color(red: 0, green: 0, blue: 0, alpha: 0.6)))
        view.background = .stretchableImage(
            skyImage(scale: imageScale), capInsets: EdgeInsets(all: 0),
            imageScale: Double(imageScale))
        t.headerView = view
        t.sections[0].headerTitle = "Backgrounds"
        t.sections[0].texts = [CellText("Single"), CellText("Top"), CellText("Bottom")]
        return t
    }

    /// A 4 x 24 pt vertical gradient from a deep to a light blue, at
    /// `scale`, to stretch over a header.
    static func skyImage(scale: Int) -> Image {
        let s = max(1, scale), w = 4 * s, h = 24 * s
        var colors: [Color] = []
        colors.reserveCapacity(w * h)
        for y in 0..<h {
            let t = Double(y) / Double(h - 1)
            for _ in 0..<w { colors.append(Color(red: 0.16 + 0.30 * t, green: 0.34 + 0.30 * t, blue: 0.62 + 0.25 * t)) }
        }
        return (try? Image(width: w, height: h, colors: colors)) ?? solidImage(.white)
    }

    /// The 8 x 8 pt checker tile of WORKLOADS.md at `scale` (8s x 8s
    /// pixels, squares of 4s pixels of (1, 1, 0.9) and (0.94, 0.94, 0.86)).
    public static func checkerTile(scale: Int) -> Image {
        let s = max(1, scale), n = 8 * s
        let a = Color(red: 1.0, green: 1.0, blue: 0.9), b = Color(red: 0.94, green: 0.94, blue: 0.86)
        var colors: [Color] = []
        colors.reserveCapacity(n * n)
        for y in 0..<n {
            for x in 0..<n { colors.append((x / (4 * s) + y / (4 * s)) % 2 == 0 ? a : b) }
        }
        // n x n valid colors: cannot fail.
        return (try? Image(width: n, height: n, colors: colors)) ?? solidImage(a)
    }

    /// A 12 x 12 pt stretchable image at `scale`: a light vertical sheen
    /// with a 4 pt soft highlight along its top, for the nine-slice fill.
    static func bevelImage(scale: Int) -> Image {
        let s = max(1, scale), n = 12 * s
        var colors: [Color] = []
        colors.reserveCapacity(n * n)
        for y in 0..<n {
            let t = Double(y) / Double(n - 1)
            let highlight = y < 4 * s ? 0.04 * (1 - Double(y) / Double(4 * s)) : 0
            for _ in 0..<n {
                colors.append(
                    Color(
                        red: min(1, 0.99 - 0.05 * t + highlight), green: min(1, 0.97 - 0.04 * t + highlight),
                        blue: min(1, 0.92 - 0.02 * t + highlight)))
            }
        }
        return (try? Image(width: n, height: n, colors: colors)) ?? solidImage(.white)
    }

    private static func solidImage(_ color: Color) -> Image {
        Image(solid: color)
    }
}

extension Image {
    /// A 1 x 1 image of one color.
    fileprivate init(solid color: Color) {
        // One pixel of a valid color: the initializer cannot fail.
        self = try! Image(width: 1, height: 1, colors: [color])
    }
}
