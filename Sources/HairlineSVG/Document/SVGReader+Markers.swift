// Document: markers. A path, line, polyline or polygon with marker-start,
// marker-mid or marker-end -> a group of its shape followed by one copy of
// the <marker>'s content per vertex (SVG 2 §13.7): placed at the vertex,
// turned by `orient` (an angle, `auto`: the bisector of the segments'
// directions, `auto-start-reverse`), scaled by the stroke width unless
// markerUnits is userSpaceOnUse, the viewBox fitted into markerWidth x
// markerHeight with (refX, refY) on the vertex, clipped to that viewport
// unless overflow is visible. The content's style comes from the marker.

import Hairline

/// A vertex of a path where markers go: its position and the unit
/// directions of the segments arriving and leaving, where there are any.
struct SVGMarkerVertex: Equatable {
    var point: Point
    var incoming: Point?
    var outgoing: Point?

    /// The `orient="auto"` direction (a unit vector): the bisector of both
    /// directions (for opposite ones, the leaving direction turned a
    /// quarter turn clockwise on screen, as the web platform test
    /// markers-orient-002 has it), else the one there is, else +x.
    var bisector: Point {
        switch (incoming, outgoing) {
        case let (a?, b?):
            let sum = Point(x: a.x + b.x, y: a.y + b.y)
            let length = (sum.x * sum.x + sum.y * sum.y).squareRoot()
            // A U-turn: the leaving direction turned a quarter turn
            // clockwise on screen (y down), the arriving one turned back.
            guard length > 1e-9 else { return Point(x: a.y, y: -a.x) }
            return Point(x: sum.x / length, y: sum.y / length)
        case let (a?, nil): return a
        case let (nil, b?): return b
        case (nil, nil): return Point(x: 1, y: 0)
        }
    }

    /// The vertices of `path`: each subpath's start, each segment's end,
    /// and a closed subpath's return to its start (with the first
    /// segment's direction leaving it). Complexity: O(elements).
    static func vertices(of path: Path) -> [SVGMarkerVertex] {
        var result: [SVGMarkerVertex] = []
        var current = Point(x: 0, y: 0), start = current
        var subpathStart = 0
        func direction(_ d: Point) -> Point? {
            let length = (d.x * d.x + d.y * d.y).squareRoot()
            return length > 0 && length.isFinite ? Point(x: d.x / length, y: d.y / length) : nil
        }
        func first(_ candidates: [Point]) -> Point? { candidates.lazy.compactMap(direction).first }
        func add(to end: Point, leaving: Point?, arriving: Point?) {
            if let last = result.indices.last, result[last].outgoing == nil { result[last].outgoing = leaving }
            result.append(SVGMarkerVertex(point: end, incoming: arriving, outgoing: nil))
            current = end
        }
        for element in path.elements {
            switch element {
            case .move(let p):
                result.append(SVGMarkerVertex(point: p, incoming: nil, outgoing: nil))
                subpathStart = result.count - 1
                current = p
                start = p
            case .line(let p):
                let d = direction(p - current)
                add(to: p, leaving: d, arriving: d)
            case .quadCurve(let p, let c):
                add(to: p, leaving: first([c - current, p - current]), arriving: first([p - c, p - current]))
            case .curve(let p, let c1, let c2):
                add(
                    to: p, leaving: first([c1 - current, c2 - current, p - current]),
                    arriving: first([p - c2, p - c1, p - current]))
            case .arc(let arc):
                let sign = arc.sweepAngle < 0 ? -1.0 : 1.0
                let d0 = arc.derivative(at: arc.startAngle), d1 = arc.derivative(at: arc.startAngle + arc.sweepAngle)
                add(
                    to: arc.endPoint, leaving: direction(Point(x: d0.x * sign, y: d0.y * sign)),
                    arriving: direction(Point(x: d1.x * sign, y: d1.y * sign)))
            case .closeSubpath:
                guard subpathStart < result.count else { continue }
                if current != start {
                    let d = direction(start - current)
                    add(to: start, leaving: d, arriving: d)
                } else {
                    result.append(SVGMarkerVertex(point: start, incoming: result.last?.incoming, outgoing: nil))
                }
                // The closing vertex leaves along the subpath's first segment,
                // and the subpath's start arrives along the closing one.
                let firstOut = subpathStart + 1 < result.count ? result[subpathStart].outgoing : nil
                result[result.count - 1].outgoing = firstOut
                result[subpathStart].incoming = result[result.count - 1].incoming
                current = start
            }
        }
        return result
    }
}

extension SVGReader {
    /// The marker nodes for a shape of `path` drawn with `style`, in
    /// painting order (start, mids, end); empty if it has none.
    mutating func markerNodes(
        for path: Path, style: InheritedStyle, _ element: XMLElement
    ) throws(SVGError) -> [SVGNode] {
        guard style.markerStart != nil || style.markerMid != nil || style.markerEnd != nil else { return [] }
        let vertices = SVGMarkerVertex.vertices(of: path)
        guard !vertices.isEmpty else { return [] }
        var nodes: [SVGNode] = []
        // The shape is the context element: its paint servers resolve
        // against its bounding box, in its user space (SVG 2 §13.3).
        let shapeContext = try contextPaints(style, bounds: path.bounds, element)
        let outerContext = contextPaint, outerContextTransform = contextTransform
        defer {
            contextPaint = outerContext
            contextTransform = outerContextTransform
        }
        for (index, vertex) in vertices.enumerated() {
            let reference: (id: String, offset: Int)?
            let isStart = index == 0
            if isStart {
                reference = style.markerStart
            } else if index == vertices.count - 1 {
                reference = style.markerEnd
            } else {
                reference = style.markerMid
            }
            guard let reference else { continue }
            contextPaint = shapeContext
            contextTransform = .identity
            let at = MarkerPosition(vertex: vertex, isStart: isStart, strokeWidth: style.strokeStyle.width)
            guard let marker = try markerInstance(reference, element, at: at) else { continue }
            nodes.append(
                SVGNode(
                    elementName: marker.node.elementName, offset: marker.node.offset,
                    transform: marker.placement, content: .group([marker.node]), clip: marker.clip))
        }
        return nodes
    }

    /// Where a marker instance goes: the vertex, whether it is the path's
    /// start (for `auto-start-reverse`) and the stroke width (user units).
    struct MarkerPosition {
        var vertex: SVGMarkerVertex
        var isStart: Bool
        var strokeWidth: Double
    }

    /// The context paints a shape gives its markers: its fill and stroke,
    /// paint servers resolved against `bounds` (its user space) at full
    /// opacity.
    mutating func contextPaints(
        _ style: InheritedStyle, bounds: Rect,
        _ element: XMLElement
    ) throws(SVGError) -> (fill: SVGPaint, stroke: SVGPaint) {
        func contextual(_ paint: SVGPaint) throws(SVGError) -> SVGPaint {
            guard case .server = paint else { return paint }
            var visible = style
            visible.isVisible = true
            return try resolve(paint, opacity: 1, style: visible, bounds: bounds, element).map { .contextServer($0) }
                ?? .none
        }
        return (try contextual(style.fill), try contextual(style.stroke))
    }

    /// The transform placing a marker's viewport at a vertex: (refX, refY)
    /// (`reference`, viewport units) onto the vertex, scaled by the stroke
    /// width unless `markerUnits` is userSpaceOnUse, turned by `orient`.
    static func markerPlacement(
        _ position: MarkerPosition, reference: Point, orient: MarkerOrient,
        scalesWithStroke: Bool
    ) -> AffineTransform {
        let rotation: AffineTransform
        switch orient {
        case .auto, .autoStartReverse:
            var d = position.vertex.bisector
            if case .autoStartReverse = orient, position.isStart { d = Point(x: -d.x, y: -d.y) }
            rotation = AffineTransform(a: d.x, b: d.y, c: -d.y, d: d.x, tx: 0, ty: 0)
        case .angle(let value):
            rotation = AffineTransform(rotationAngle: value.isFinite ? value : 0)
        }
        let scale = scalesWithStroke ? position.strokeWidth : 1
        return AffineTransform(translationX: -reference.x, y: -reference.y)
            .concatenating(AffineTransform(scaleX: scale, y: scale))
            .concatenating(rotation)
            .concatenating(AffineTransform(translationX: position.vertex.point.x, y: position.vertex.point.y))
    }

    /// A circle's or ellipse's equivalent path for markers (SVG 2 §10.4,
    /// §10.5): from the rightmost point, four quarter arcs in the positive
    /// angle direction (down first, y pointing down), closed, so that
    /// markers go at its four extreme points.
    static func quarterArcPath(around bounds: Rect) -> Path {
        let rx = bounds.width / 2, ry = bounds.height / 2
        let cx = bounds.minX + rx, cy = bounds.minY + ry
        var path = Path()
        path.move(to: Point(x: cx + rx, y: cy))
        let ends = [
            Point(x: cx, y: cy + ry), Point(x: cx - rx, y: cy), Point(x: cx, y: cy - ry), Point(x: cx + rx, y: cy),
        ]
        var start = Point(x: cx + rx, y: cy)
        for end in ends {
            // A quarter of the ellipse as a cubic (the usual 4/3·tan(π/8)
            // handles): only its ends and end tangents matter here.
            let k = Self.quarterArcHandle
            let c1 = Point(x: start.x + k * (start.y - cy) * -rx / ry, y: start.y + k * (start.x - cx) * ry / rx)
            let c2 = Point(x: end.x + k * (end.y - cy) * rx / ry, y: end.y - k * (end.x - cx) * ry / rx)
            path.addCurve(to: end, control1: c1, control2: c2)
            start = end
        }
        path.closeSubpath()
        return path
    }

    /// The handle length of a cubic quarter circle, as a fraction of the
    /// radius (4/3 · tan(π/8)).
    static let quarterArcHandle = 0.5522847498307936

    /// A marker's orientation.
    enum MarkerOrient {
        case auto, autoStartReverse
        /// A fixed angle, radians.
        case angle(Double)
    }

    /// A `<marker>` read for drawing at one vertex: its content in
    /// viewport units (the viewBox mapping applied), the viewport clip,
    /// and the placement mapping the viewport onto the shape's user space.
    struct MarkerInstance {
        var node: SVGNode
        var clip: SVGClip?
        var placement: AffineTransform
    }

    /// Reads the `<marker>` `reference` names; `nil` (warned) if it is
    /// missing, not a marker, of no size, or draws itself.
    mutating func markerInstance(
        _ reference: (id: String, offset: Int), _ element: XMLElement,
        at position: MarkerPosition
    ) throws(SVGError) -> MarkerInstance? {
        guard let target = elementsByID[reference.id], Self.localName(target) == "marker" else {
            warn(.missingReference(reference.id), element, attribute: "marker", at: reference.offset)
            return nil
        }
        guard !activeReferences.contains(reference.id) else {
            warn(.referenceCycle(reference.id), element, attribute: "marker", at: reference.offset)
            return nil
        }
        activeReferences.append(reference.id)
        defer { activeReferences.removeLast() }
        let width = try length(target.attribute("markerWidth"), .horizontal, target, default: 3)
        let height = try length(target.attribute("markerHeight"), .vertical, target, default: 3)
        guard width > 0, height > 0 else { return nil }
        let size = Size(width: width, height: height)
        let viewBox = self.viewBox(target.attribute("viewBox"), of: target)
        if let viewBox, !(viewBox.width > 0 && viewBox.height > 0) { return nil }
        let aspect = aspectRatio(target.attribute("preserveAspectRatio"), of: target)
        let mapping = viewBox.map { aspect.transform(mapping: $0, into: size) } ?? .identity
        let refX = try length(target.attribute("refX"), .horizontal, target)
        let refY = try length(target.attribute("refY"), .vertical, target)
        let units = target.attribute("markerUnits").map { SVGColorParser.trimWhitespace($0.value) }
        var orient = MarkerOrient.angle(0)
        if let attribute = target.attribute("orient") {
            let value = SVGColorParser.trimWhitespace(attribute.value).lowercased()
            if value == "auto" {
                orient = .auto
            } else if value == "auto-start-reverse" {
                orient = .autoStartReverse
            } else if let angle = Self.angle(value) {
                orient = .angle(angle)
            }
        }
        let placement = Self.markerPlacement(
            position, reference: Point(x: refX, y: refY).applying(mapping),
            orient: orient, scalesWithStroke: units != "userSpaceOnUse")
        let attributes = try sortAttributes(of: target, kind: .group, quiet: true)
        var style = ancestorStyle(of: target)
        _ = try apply(attributes.declarations, of: target, to: &style)
        let outer = viewport, outerContextTransform = contextTransform, outerUseTargets = activeUseTargets
        viewport = viewBox?.size ?? size
        contextTransform = mapping.concatenating(placement).concatenating(contextTransform)
        // A marker is a new instance tree: a `<use>` inside it may name an
        // element a use outside is instantiating (resvg); the marker id in
        // activeReferences bounds the recursion.
        activeUseTargets = []
        let children = try self.children(of: target, style: style)
        viewport = outer
        contextTransform = outerContextTransform
        activeUseTargets = outerUseTargets
        let content = SVGNode(
            elementName: target.name, offset: target.offset, transform: mapping, content: .group(children))
        return MarkerInstance(
            node: content, clip: viewportClip(target, Rect(x: 0, y: 0, width: width, height: height)),
            placement: placement)
    }

    /// A CSS angle (`deg` by default, `rad`, `grad`, `turn`) in radians,
    /// `nil` if malformed.
    static func angle(_ text: String) -> Double? {
        let units: [(String, Double)] = [("deg", .pi / 180), ("grad", .pi / 200), ("rad", 1), ("turn", 2 * .pi)]
        for (suffix, factor) in units where text.hasSuffix(suffix) {
            return Double(text.dropLast(suffix.count)).map { $0 * factor }
        }
        return Double(text).map { $0 * .pi / 180 }
    }
}
