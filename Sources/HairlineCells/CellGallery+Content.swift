// HairlineCells: the gallery's cell-content and dark tables: leading images
// (an app icon, a tinted template star with a selected variant), an image
// accessory (a switch, off when selected), indentation, and each iOS 13
// style in its dark appearance. The images are drawn here by the engine at
// the gallery's scale (whole device pixels per point), so the gallery
// needs no files.

import Hairline
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension CellGallery {
    /// A table of cells with content beyond labels, in `style`: a leading
    /// icon, a tinted template image (orange; white or blue when selected), an
    /// image accessory and two indented rows, the third row selected.
    static func contentTable(_ style: CellStyle, scale: Double, imageScale: Int) -> TableDescription {
        var t = TableDescription(cellStyle: style, rowCounts: [3, 2], width: 320, scale: scale)
        let s = Double(imageScale)
        let icon = CellIcon(appIcon(scale: imageScale), imageScale: s)
        var star = CellIcon(starImage(scale: imageScale), imageScale: s)
        star.tint = Color(red8: 0xFF, green8: 0x95, blue8: 0x00)
        // White on the iOS 6 blue selection, the tint blue on the gray ones.
        star.selectedTint = style.layout == .grouped ? .white : Color(red8: 0x00, green8: 0x7A, blue8: 0xFF)
        var toggle = CellIcon(switchImage(isOn: true, scale: imageScale), imageScale: s)
        toggle.selectedImages = [
            CellImage(switchImage(isOn: false, scale: imageScale), capInsets: EdgeInsets(all: 0), imageScale: s)
        ]
        var wifi = CellText("Wi-Fi", detail: "Home", layout: .value1)
        wifi.image = icon
        var favourites = CellText("Favourites")
        favourites.image = star
        var airplane = CellText("Airplane Mode")
        airplane.image = star
        airplane.accessoryImage = toggle
        var level1 = CellText("Level 1")
        level1.indentationLevel = 1
        var level2 = CellText("Level 2", detail: "indented 20 pt", layout: .subtitle)
        level2.indentationLevel = 2
        level2.image = icon
        t.sections[0].texts = [wifi, favourites, airplane]
        t.sections[1].texts = [level1, level2]
        t.selectedRows = [CellIndexPath(row: 2, section: 0)]
        return t
    }

    /// `titledTable` in the dark appearance of `layout` (an iOS 13 style).
    static func darkTable(_ layout: CellLayout, scale: Double) -> TableDescription {
        var style = CellStyle(layout: layout, appearance: .dark)
        style.accessory = .disclosureIndicator
        var t = titledTable(style, scale: scale)
        t.headerView = TableHeaderView.standard(title: "Settings", for: layout, appearance: .dark)
        return t
    }

    /// A 29 x 29 pt app icon at `scale`: a blue rounded square with a
    /// white dot and ring.
    static func appIcon(scale: Int) -> Image {
        drawnImage(width: 29, height: 29, scale: scale) { canvas in
            var square = Path()
            square.addRoundedRect(in: Rect(x: 0, y: 0, width: 29, height: 29), cornerRadius: 6.5)
            canvas.fill(square, with: Color(red8: 0x00, green8: 0x7A, blue8: 0xFF))
            var ring = Path()
            ring.addEllipse(in: Rect(x: 7.5, y: 7.5, width: 14, height: 14))
            canvas.stroke(ring, with: .white, style: StrokeStyle(width: 2.5))
            var dot = Path()
            dot.addEllipse(in: Rect(x: 12, y: 12, width: 5, height: 5))
            canvas.fill(dot, with: .white)
        }
    }

    /// A 24 x 24 pt black five-pointed star (a template image).
    static func starImage(scale: Int) -> Image {
        drawnImage(width: 24, height: 24, scale: scale) { canvas in
            var star = Path()
            for i in 0..<10 {
                let angle = Double(i) * Double.pi / 5 - Double.pi / 2
                let r = i % 2 == 0 ? 11.0 : 4.6
                let p = Point(x: 12 + r * cos(angle), y: 12.5 + r * sin(angle))
                if i == 0 { star.move(to: p) } else { star.addLine(to: p) }
            }
            star.closeSubpath()
            canvas.fill(star, with: .black)
        }
    }

    /// A 51 x 31 pt switch: green with the knob right (on), or white with
    /// a gray outline and the knob left (off).
    static func switchImage(isOn: Bool, scale: Int) -> Image {
        drawnImage(width: 51, height: 31, scale: scale) { canvas in
            var track = Path()
            track.addRoundedRect(in: Rect(x: 0.75, y: 0.75, width: 49.5, height: 29.5), cornerRadius: 14.75)
            if isOn {
                canvas.fill(track, with: Color(red8: 0x4C, green8: 0xD9, blue8: 0x64))
            } else {
                canvas.fill(track, with: .white)
                canvas.stroke(track, with: Color(red8: 0xE5, green8: 0xE5, blue8: 0xEA), style: StrokeStyle(width: 1.5))
            }
            var knob = Path()
            knob.addEllipse(in: Rect(x: isOn ? 21.5 : 1.5, y: 1.5, width: 28, height: 28))
            canvas.fill(knob, with: .white)
            canvas.stroke(knob, with: Color(red: 0, green: 0, blue: 0, alpha: 0.12), style: StrokeStyle(width: 0.5))
        }
    }

    /// An image of `width` x `height` points at `scale` drawn by `draw`
    /// (in points) on a transparent surface.
    private static func drawnImage(width: Int, height: Int, scale: Int, _ draw: (Canvas) -> Void) -> Image {
        let s = max(1, scale)
        // A few hundred pixels a side at most: cannot fail.
        guard let surface = try? Surface(width: width * s, height: height * s) else { return transparentPixel }
        let canvas = Canvas(surface: surface, scale: Double(s))
        draw(canvas)
        return Image(surface)
    }

    /// A 1 x 1 transparent image (the fallback of an image that could not
    /// be drawn; one valid pixel: cannot fail).
    private static let transparentPixel = try! Image(width: 1, height: 1, colors: [.clear])
}
