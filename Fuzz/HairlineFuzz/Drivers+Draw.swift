// Fuzzing: the canvas driver and the table driver. The bytes choose a
// path (lines, curves, arcs, rects, rounded rects of either corner curve,
// with hostile coordinates), a transform (singular ones too), a paint
// (gradients with any stops, patterns), images (plain, nine-sliced), a
// clip, a blend mode, global alpha and a stroke style with dashes, and
// draw them; or a table description
// with any lengths, laid out and rendered when it is small.

import Hairline
import HairlineCells

extension FuzzDrivers {
    static func path(_ input: inout FuzzInput) -> Path {
        var path = Path()
        func point() -> Point { Point(x: input.coordinate(), y: input.coordinate()) }
        for _ in 0..<input.int(0...24) {
            switch input.byte() % 9 {
            case 0: path.move(to: point())
            case 1, 2: path.addLine(to: point())
            case 3: path.addQuadCurve(to: point(), control: point())
            case 4: path.addCurve(to: point(), control1: point(), control2: point())
            case 5:
                path.addArc(
                    EllipticalArc(
                        center: point(), radii: Size(width: input.coordinate(), height: input.coordinate()),
                        startAngle: input.coordinate(), sweepAngle: input.coordinate()))
            case 6:
                path.addRect(Rect(origin: point(), size: Size(width: input.coordinate(), height: input.coordinate())))
            case 7:
                path.addRoundedRect(
                    in: Rect(origin: point(), size: Size(width: input.coordinate(), height: input.coordinate())),
                    cornerRadius: input.coordinate(), corners: RectCorner(rawValue: input.byte() & 15),
                    curve: input.bool() ? .circular : .continuous)
            default: path.closeSubpath()
            }
        }
        return path
    }

    static func transform(_ input: inout FuzzInput) -> AffineTransform {
        switch input.byte() % 4 {
        case 0: return .identity
        case 1: return AffineTransform(translationX: input.coordinate(), y: input.coordinate())
        case 2: return AffineTransform(scaleX: input.unit() * 4, y: input.unit() * 4)
        default:
            return AffineTransform(
                a: input.unit() * 2 - 1, b: input.unit() * 2 - 1, c: input.unit() * 2 - 1,
                d: input.unit() * 2 - 1, tx: input.coordinate(), ty: input.coordinate())
        }
    }

    static func paint(_ input: inout FuzzInput) -> Paint {
        func color() -> Color { Color(red: input.unit(), green: input.unit(), blue: input.unit(), alpha: input.unit()) }
        func gradient() -> Gradient {
            let stops = (0..<input.int(0...5)).map { _ in GradientStop(location: input.unit() * 2 - 0.5, color: color())
            }
            return Gradient(stops: stops, extend: input.pick([ExtendMode.pad, .repeat, .reflect]))
        }
        func point() -> Point { Point(x: input.coordinate(), y: input.coordinate()) }
        switch input.byte() % 5 {
        case 0: return .solid(color())
        case 1: return .linearGradient(LinearGradient(gradient(), start: point(), end: point()))
        case 2:
            return .radialGradient(
                RadialGradient(
                    gradient(), startCenter: point(), startRadius: input.coordinate(),
                    endCenter: point(), endRadius: input.coordinate()))
        case 3: return .conicGradient(ConicGradient(gradient(), center: point(), startAngle: input.coordinate()))
        default:
            let w = input.int(1...4), h = input.int(1...4)
            let colors = (0..<(w * h)).map { _ in color() }
            guard let image = try? Image(width: w, height: h, colors: colors) else { return .solid(.black) }
            return .pattern(
                ImagePattern(
                    image, transform: transform(&input), tileX: input.pick([TileMode.pad, .repeat, .reflect, .decal]),
                    tileY: input.pick([TileMode.pad, .repeat, .reflect, .decal]),
                    sampling: input.bool() ? .nearest : .bilinear))
        }
    }

    /// A canvas program: a few draws with every state the canvas has, run
    /// on two canvases alike, except that where one draws a fill and a
    /// stroke in one call (`draw(_:fill:stroke:style:rule:)`) the other
    /// draws the fill, then the stroke: the two must end byte-identical.
    static func draw(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let geometry = path(&input)
        let t = transform(&input)
        // Coverage is checked on the plain fill first.
        fillAndCompare(geometry, transform: t, "draw")
        guard let surface = try? Surface(width: 24, height: 24), let twin = try? Surface(width: 24, height: 24)
        else { return }
        let scale = input.pick([1, 2, 3, 0.5, .nan, -1])
        let canvas = makeCanvas(surface, scale: scale), apart = makeCanvas(twin, scale: scale)
        let both = [canvas, apart]
        if input.bool() {
            let color = Color(red: input.unit(), green: input.unit(), blue: input.unit(), alpha: input.unit())
            for c in both { c.clear(color) }
        }
        for _ in 0..<input.int(1...4) {
            switch input.byte() % 8 {
            case 0:
                let m = transform(&input)
                for c in both { c.concatenate(m) }
            case 1:
                let r = Rect(
                    x: input.coordinate(), y: input.coordinate(), width: input.coordinate(), height: input.coordinate())
                for c in both { c.clip(to: r) }
            case 2:
                let clip = path(&input), rule: FillRule = input.bool() ? .nonZero : .evenOdd
                for c in both { c.clip(to: clip, rule: rule) }
            case 3:
                let alpha = input.unit()
                for c in both { c.globalAlpha = alpha }
            case 4:
                let mode = input.pick(BlendMode.allCases)
                for c in both { c.blendMode = mode }
            case 5: for c in both { c.save() }
            case 6: for c in both { c.restore() }
            default:
                let tolerance = input.coordinate()
                for c in both { c.flatteningTolerance = tolerance }
            }
            switch input.byte() % 4 {
            case 0:
                let fill = paint(&input), rule: FillRule = input.bool() ? .nonZero : .evenOdd
                for c in both { c.fill(geometry, with: fill, rule: rule) }
            case 3:
                // An image, plain or nine-sliced (the one-pass path under
                // a rounded-rect clip when its pieces land on whole pixels).
                let w = input.int(1...6), h = input.int(1...6)
                let colors = (0..<(w * h)).map { _ in
                    Color(red: input.unit(), green: input.unit(), blue: input.unit(), alpha: input.unit())
                }
                guard let image = try? Image(width: w, height: h, colors: colors) else { break }
                let rect = Rect(
                    x: input.coordinate(), y: input.coordinate(), width: input.coordinate(),
                    height: input.coordinate())
                let caps = EdgeInsets(
                    top: input.coordinate(), left: input.coordinate(), bottom: input.coordinate(),
                    right: input.coordinate())
                let imageScale = input.pick([1, 2, 3, input.coordinate()])
                let center: NineSliceCenter = input.bool() ? .stretch : .tile
                let sampling: ImageSampling = input.bool() ? .nearest : .bilinear
                let sliced = input.bool()
                for c in both {
                    if sliced {
                        c.draw(
                            image, in: rect, capInsets: caps, imageScale: imageScale, center: center,
                            sampling: sampling)
                    } else {
                        c.draw(image, in: rect, sampling: sampling)
                    }
                }
            case 1:
                let stroke = paint(&input), style = strokeStyle(&input)
                for c in both { c.stroke(geometry, with: stroke, style: style) }
            default:
                let fill = paint(&input), stroke = paint(&input), style = strokeStyle(&input)
                let rule: FillRule = input.bool() ? .nonZero : .evenOdd
                canvas.draw(geometry, fill: fill, stroke: stroke, style: style, rule: rule)
                apart.fill(geometry, with: fill, rule: rule)
                apart.stroke(geometry, with: stroke, style: style)
            }
            checkWellFormed(surface, "draw")
        }
        if surface.bytes != twin.bytes { fatalError("draw: a fill and a stroke in one call differ from the two apart") }
    }

    /// A table description with any lengths: laid out, and rendered when
    /// it is small enough to be quick.
    static func table(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        var style = CellStyle(layout: input.pick(CellLayout.allCases))
        style.cornerRadius = input.coordinate()
        style.separatorInset = input.coordinate()
        style.cornerCurve = input.bool() ? .circular : .continuous
        if input.bool() { style.alternateFill = .color(.black) }
        if input.bool() { style.fill = .verticalGradient(.white, .black) }
        let sections = (0..<input.int(0...4)).map { _ in
            TableSection(
                rowHeights: (0..<input.int(0...4)).map { _ in input.bool() ? input.unit() * 50 : input.coordinate() },
                headerHeight: input.bool() ? nil : input.coordinate(),
                footerHeight: input.bool() ? nil : input.unit() * 20)
        }
        var table = TableDescription(
            cellStyle: style, sections: sections,
            width: input.bool() ? input.unit() * 100 : input.coordinate(),
            scale: input.pick([1, 2, 3, 1.5, 0.25, 16, 0, .nan, .infinity, 100]))
        table.horizontalInset = input.bool() ? input.unit() * 20 : input.coordinate()
        if input.bool() { table.selectedRows = [CellIndexPath(row: input.int(0...3), section: input.int(0...3))] }
        guard let layout = try? table.layout() else { return }
        // Cells tile the table: sorted, disjoint, inside.
        var bottom = 0
        for cell in layout.cells where !cell.pixelRect.isEmpty {
            let r = cell.pixelRect
            guard r.minY >= bottom, r.minY + r.height <= layout.pixelHeight, r.minX >= 0,
                r.minX + r.width <= layout.pixelWidth
            else {
                fatalError(
                    "table: cell \(cell.indexPath) at \(r) overlaps or leaves the \(layout.pixelWidth) x \(layout.pixelHeight) table"
                )
            }
            bottom = r.minY + r.height
        }
        guard layout.pixelWidth * layout.pixelHeight <= 1 << 18,
            let serial = try? TableRenderer.render(table, workers: 1),
            let parallel = try? TableRenderer.render(table, workers: 2)
        else { return }
        checkWellFormed(serial, "table")
        if serial.bytes != parallel.bytes { fatalError("table: parallel render differs from serial") }
    }
}
