// Document: gradients. A <linearGradient> or <radialGradient> href chain
// plus the referencing shape's bounding box -> an engine LinearGradient or
// RadialGradient (SVG 1.1 §13.2, SVG 2 `fr`). Bounding-box units are built
// in the unit square with the box mapping in the paint's transform, after
// gradientTransform. No stops: nothing; one stop: a solid color.

import Hairline

extension SVGReader {
    /// The paint of a gradient chain (`chain[0]` is the referenced
    /// element) for a shape with bounding box `bounds`; `nil` if it paints
    /// nothing (no stops, or bounding-box units on a box without area).
    /// - Throws: `SVGError` for malformed attributes and stops.
    mutating func gradient(_ chain: [XMLElement], bounds: Rect) throws(SVGError) -> SVGShapePaint? {
        let element = chain[0]
        let kind = Self.localName(element)
        let isRadial = kind == "radialGradient"
        // Geometry attributes come only from gradients of the same kind
        // (SVG 1.1 §13.2.2-3: `href` brings the other kind's common
        // attributes and stops only).
        let sameKind = chain.filter { Self.localName($0) == kind }
        let boundingBox = isBoundingBoxUnits(Self.inherited("gradientUnits", chain), default: true, of: element)
        var gradientTransform = serverTransform(Self.inherited("gradientTransform", chain), of: element)
        if let origin = Self.inherited("transform-origin", chain), Self.inherited("gradientTransform", chain) != nil {
            gradientTransform = Self.transform(gradientTransform, about: transformOrigin(origin, element))
        }
        // A transform without an inverse cannot map the ramp: ignored as
        // an invalid value is (resvg; browsers differ, SVG leaves it open).
        if gradientTransform.inverted() == nil { gradientTransform = .identity }
        let extend = spreadMethod(Self.inherited("spreadMethod", chain), of: element)
        // The stops of the first element in the chain that has any.
        var stopElements: [XMLElement] = []
        for link in chain {
            stopElements = link.children.filter { Self.localName($0) == "stop" }
            if !stopElements.isEmpty { break }
        }
        let stops = try self.stops(stopElements)
        guard let last = stops.last else { return nil }
        if stops.count == 1 { return .paint(.solid(last.color)) }

        var transform = gradientTransform
        if boundingBox {
            guard let mapping = Self.boundingBoxMapping(bounds) else { return nil }
            transform = gradientTransform.concatenating(mapping)
        }
        let ramp = Gradient(stops: Self.straightAlphaStops(stops), extend: extend)
        func coordinate(
            _ name: String, _ axis: LengthAxis, _ fallback: Double,
            nonNegative: Bool = false
        ) throws(SVGError) -> Double {
            try serverLength(
                Self.inherited(name, sameKind), boundingBox: boundingBox, axis, element,
                default: fallback, nonNegative: nonNegative)
        }
        // Percentage defaults, in the units in force.
        let full = boundingBox ? 1 : viewport.width
        let half: (x: Double, y: Double, r: Double) =
            boundingBox
            ? (0.5, 0.5, 0.5)
            : (
                viewport.width / 2, viewport.height / 2,
                ((viewport.width * viewport.width + viewport.height * viewport.height) / 2).squareRoot() / 2
            )
        if !isRadial {
            let start = Point(x: try coordinate("x1", .horizontal, 0), y: try coordinate("y1", .vertical, 0))
            let end = Point(x: try coordinate("x2", .horizontal, full), y: try coordinate("y2", .vertical, 0))
            // SVG 1.1 §13.2.2: coincident ends paint the last stop's color.
            if start == end { return .paint(.solid(last.color)) }
            return .paint(.linearGradient(LinearGradient(ramp, start: start, end: end, transform: transform)))
        }
        let cx = try coordinate("cx", .horizontal, half.x), cy = try coordinate("cy", .vertical, half.y)
        // A negative `r` is an error; it paints as `r = 0` does (resvg).
        let r =
            Self.isNegative(Self.inherited("r", sameKind)) ? 0 : try coordinate("r", .other, half.r, nonNegative: true)
        let fx = try coordinate("fx", .horizontal, cx), fy = try coordinate("fy", .vertical, cy)
        var fr = try coordinate("fr", .other, 0, nonNegative: true)
        // SVG 1.1 §13.2.3: r = 0 paints the last stop's color.
        guard r > 0 else { return .paint(.solid(last.color)) }
        // Equal concentric radii make the ramp a step at the circle (the
        // first stop padded inside, the last outside, as resvg draws): the
        // focal circle shrinks by a hair so that the engine has a cone.
        if fr == r, fx == cx, fy == cy { fr = r * (1 - Self.focalRadiusShrink) }
        return .paint(
            .radialGradient(
                RadialGradient(
                    ramp, startCenter: Point(x: fx, y: fy), startRadius: fr,
                    endCenter: Point(x: cx, y: cy), endRadius: r,
                    transform: transform)))
    }

    /// The fraction of `r` the focal radius gives up when it equals `r`, so
    /// that the two circles differ (a hair, far below a pixel).
    static let focalRadiusShrink = 1e-6

    /// How far past 0 the ramp's first stop moves when several stops share
    /// offset 0: far below any pixel of any gradient.
    static let hardStopOffset = 1e-9

    /// Stops inserted per segment whose ends differ in alpha, so that the
    /// engine's premultiplied interpolation between them follows SVG's
    /// straight-alpha interpolation within about 2/255.
    static let straightAlphaSubdivisions = 8

    /// `stops` with intermediate stops, interpolated in straight alpha as
    /// SVG (and every browser) does, in each segment whose ends differ in
    /// alpha (a fade from transparent white to yellow stays whitish).
    /// Complexity: O(stops x subdivisions).
    static func straightAlphaStops(_ stops: [GradientStop]) -> [GradientStop] {
        var result: [GradientStop] = []
        for (i, stop) in stops.enumerated() {
            if i > 0 {
                let a = stops[i - 1]
                if a.color.alpha != stop.color.alpha, stop.location > a.location {
                    let n = straightAlphaSubdivisions
                    for k in 1..<n {
                        let t = Double(k) / Double(n)
                        func mix(_ x: Double, _ y: Double) -> Double { x + t * (y - x) }
                        let color = Color(
                            red: mix(a.color.red, stop.color.red), green: mix(a.color.green, stop.color.green),
                            blue: mix(a.color.blue, stop.color.blue), alpha: mix(a.color.alpha, stop.color.alpha))
                        result.append(GradientStop(location: mix(a.location, stop.location), color: color))
                    }
                }
            }
            result.append(stop)
        }
        return result
    }

    /// Whether an attribute holds a negative number (any unit).
    static func isNegative(_ attribute: XMLAttribute?) -> Bool {
        guard let attribute, let length = ValueScanner.length(attribute.value) else { return false }
        return length.value < 0
    }

    /// `spreadMethod`: pad (default), reflect or repeat.
    /// Any other value warns and is ignored.
    mutating func spreadMethod(_ attribute: XMLAttribute?, of element: XMLElement) -> ExtendMode {
        guard let attribute else { return .pad }
        switch SVGColorParser.trimWhitespace(attribute.value) {
        case "pad": return .pad
        case "reflect": return .reflect
        case "repeat": return .repeat
        default:
            ignore(
                SVGError(.invalidValue(attribute: attribute.name, value: attribute.value), at: attribute.valueOffset),
                element, attribute: attribute.name)
            return .pad
        }
    }

    /// The `<stop>` elements' offsets and colors: offsets (a number or a
    /// percentage) clamped to 0...1 and made non-decreasing; `stop-color`
    /// (default black, `currentColor` is the stop's `color`) and
    /// `stop-opacity` (default 1) as attributes or in `style`.
    /// - Throws: `invalidNumber` for a bad offset or opacity,
    ///   `invalidColor` for a bad color.
    mutating func stops(_ elements: [XMLElement]) throws(SVGError) -> [GradientStop] {
        var result: [GradientStop] = []
        var floor = 0.0
        for element in elements {
            var location = 0.0
            if let attribute = element.attribute("offset") {
                if let length = ValueScanner.length(attribute.value), length.value.isFinite,
                    length.unit == .none || length.unit == .percent
                {
                    location = length.unit == .percent ? length.value / 100 : length.value
                } else {
                    ignore(
                        SVGError(
                            .invalidNumber(attribute: "offset", value: attribute.value), at: attribute.valueOffset),
                        element, attribute: "offset")
                }
            }
            location = max(floor, min(max(location, 0), 1))
            floor = location
            var color = Color.black, opacity = 1.0, usesCurrentColor = false
            var currentColor = ancestorColor("color", of: element) ?? .black
            let extra: Set<String> = ["stop-color", "stop-opacity"]
            for declaration in try propertyDeclarations(of: element, extra: extra) {
                let keyword = declaration.value.lowercased()
                switch declaration.name {
                case "stop-color" where keyword == "currentcolor":
                    usesCurrentColor = true
                case "stop-color" where keyword == "inherit":
                    // `stop-color` is not inherited: the parent's own value, else initial.
                    color =
                        parents[element.offset].flatMap {
                            ancestorColor(
                                "stop-color", of: $0, includingSelf: true,
                                depth: 1)
                        } ?? .black
                case "stop-color":
                    guard let parsed = SVGColorParser.parse(declaration.value) else {
                        ignore(
                            SVGError(
                                .invalidColor(attribute: declaration.name, value: declaration.value),
                                at: declaration.offset), element, attribute: declaration.name)
                        continue
                    }
                    color = parsed
                    usesCurrentColor = false
                case "stop-opacity" where keyword != "inherit":
                    do throws(SVGError) {
                        opacity = try self.opacity(declaration)
                    } catch {
                        ignore(error, element, attribute: declaration.name)
                    }
                case "color":
                    currentColor = SVGColorParser.parse(declaration.value) ?? currentColor
                default:
                    break
                }
            }
            let stopColor = usesCurrentColor ? currentColor : color
            result.append(GradientStop(location: location, color: stopColor.withAlphaMultiplied(by: opacity)))
        }
        // Stops sharing offset 0: the pad before the ramp takes the first's
        // color, the ramp starts from the last's (resvg, browsers), so the
        // last moves a hair past 0 and the ones between are never seen.
        if result.count > 2, result[0].location == 0, result[1].location == 0 {
            var last = 1
            while last + 1 < result.count, result[last + 1].location == 0 { last += 1 }
            var rampStart = result[last]
            rampStart.location = Self.hardStopOffset
            result = [result[0], rampStart] + result[(last + 1)...]
        }
        return result
    }

    /// The color of the nearest ancestor of `element` (or `element` itself
    /// with `includingSelf`) that sets property `name` (attribute or
    /// `style`) to a color; `inherit` and `currentColor` look further up.
    /// At most `depth` elements are looked at.
    func ancestorColor(_ name: String, of element: XMLElement, includingSelf: Bool = false, depth: Int = .max) -> Color?
    {
        var current: XMLElement? = includingSelf ? element : parents[element.offset]
        var remaining = depth
        while let candidate = current, remaining > 0 {
            remaining -= 1
            var errors: [SVGError] = []
            var value: String?
            for attribute in candidate.attributes where attribute.name == name { value = attribute.value }
            if let style = candidate.attribute("style") {
                for d in SVGProperties.declarations(inStyle: style, errors: &errors) where d.name == name {
                    value = d.value
                }
            }
            if let value, let color = SVGColorParser.parse(value) { return color }
            current = parents[candidate.offset]
        }
        return nil
    }
}
