// Path: elliptical arcs kept exact, in the centre form
// P(θ) = center + axis1·cos θ + axis2·sin θ, which an affine transform maps
// to the same form. The SVG endpoint form converts to it (SVG 1.1 F.6.5).

/// An arc of an ellipse in parametric centre form:
/// `P(θ) = center + axis1·cos(θ) + axis2·sin(θ)` for θ from `startAngle` to
/// `startAngle + sweepAngle` (radians).
///
/// For an axis-aligned ellipse with radii (rx, ry), `axis1 = (rx, 0)` and
/// `axis2 = (0, ry)`; with y pointing down, a positive sweep runs clockwise
/// on screen. Any affine image of such an arc is again of this form, so
/// transforms keep arcs exact.
public struct EllipticalArc: Hashable, Sendable {
    /// The centre of the ellipse.
    public var center: Point
    /// The vector from the centre to the point at θ = 0.
    public var axis1: Point
    /// The vector from the centre to the point at θ = π/2.
    public var axis2: Point
    /// The parameter where the arc starts, in radians.
    public var startAngle: Double
    /// The signed parameter range the arc covers, in radians.
    public var sweepAngle: Double

    /// Creates an arc from its parametric centre form.
    /// - Parameters:
    ///   - center: the ellipse's centre.
    ///   - axis1: the vector from the centre to the point at parameter 0.
    ///   - axis2: the vector from the centre to the point at parameter π/2.
    ///   - startAngle: where the arc starts, in radians of the parameter.
    ///   - sweepAngle: the signed parameter range, in radians.
    public init(center: Point, axis1: Point, axis2: Point, startAngle: Double, sweepAngle: Double) {
        self.center = center
        self.axis1 = axis1
        self.axis2 = axis2
        self.startAngle = startAngle
        self.sweepAngle = sweepAngle
    }

    /// Creates an arc of an ellipse with radii `radii` rotated by `rotation`
    /// radians (clockwise on screen), from `startAngle` sweeping
    /// `sweepAngle` radians.
    /// - Parameters:
    ///   - center: the ellipse's centre.
    ///   - radii: the horizontal and vertical radii before the rotation.
    ///   - rotation: the ellipse's rotation in radians (0 by default).
    ///   - startAngle: where the arc starts, in radians of the parameter.
    ///   - sweepAngle: the signed parameter range, in radians.
    public init(center: Point, radii: Size, rotation: Double = 0, startAngle: Double, sweepAngle: Double) {
        let (c, s) = _cosSin(rotation)
        self.init(
            center: center,
            axis1: Point(x: radii.width * c, y: radii.width * s),
            axis2: Point(x: -radii.height * s, y: radii.height * c),
            startAngle: startAngle, sweepAngle: sweepAngle)
    }

    /// The point at parameter `angle`.
    /// - Parameter angle: the parameter, in radians.
    @inlinable
    public func point(at angle: Double) -> Point {
        let (c, s) = _cosSin(angle)
        return Point(
            x: center.x + axis1.x * c + axis2.x * s,
            y: center.y + axis1.y * c + axis2.y * s)
    }

    /// The velocity of the arc at parameter `angle`, in the direction the
    /// arc runs (its sweep's sign).
    /// - Parameter angle: the parameter, in radians.
    public func derivative(at angle: Double) -> Point {
        derivative(cosSin: _cosSin(angle))
    }

    /// The point at the angle whose cosine and sine are given.
    @inline(__always)
    func point(cosSin: (Double, Double)) -> Point {
        let (c, s) = cosSin
        return Point(x: center.x + axis1.x * c + axis2.x * s, y: center.y + axis1.y * c + axis2.y * s)
    }

    /// `derivative(at:)` at the angle whose cosine and sine are given.
    @inline(__always)
    func derivative(cosSin: (Double, Double)) -> Point {
        let (c, s) = cosSin
        let sign: Double = sweepAngle < 0 ? -1 : 1
        return Point(x: (axis2.x * c - axis1.x * s) * sign, y: (axis2.y * c - axis1.y * s) * sign)
    }

    /// The point where the arc starts.
    public var startPoint: Point { point(at: startAngle) }
    /// The point where the arc ends.
    public var endPoint: Point { point(at: startAngle + sweepAngle) }

    /// Whether every value is finite.
    public var isFinite: Bool {
        center.isFinite && axis1.isFinite && axis2.isFinite
            && startAngle.isFinite && sweepAngle.isFinite
    }

    /// The arc mapped by an affine transform (still exact).
    /// - Parameter t: maps the arc's space to the result's.
    public func applying(_ t: AffineTransform) -> EllipticalArc {
        EllipticalArc(
            center: center.applying(t),
            axis1: axis1.applyingLinearPart(of: t),
            axis2: axis2.applyingLinearPart(of: t),
            startAngle: startAngle, sweepAngle: sweepAngle)
    }

    /// The largest distance from the centre to the ellipse (its larger
    /// semi-axis length).
    public var maximumRadius: Double {
        AffineTransform(a: axis1.x, b: axis1.y, c: axis2.x, d: axis2.y, tx: 0, ty: 0).maximumScale
    }
}

extension Path {
    /// Adds a circular arc in centre form, like `CGPath.addArc(center:…)`.
    ///
    /// - Parameters:
    ///   - center: The circle's centre, in user space.
    ///   - radius: The radius, in user-space units.
    ///   - startAngle: Where the arc starts, radians from the +x axis
    ///     (positive angles turn towards +y, i.e. clockwise on screen).
    ///   - endAngle: Where the arc ends, same convention.
    ///   - clockwise: `true` to go from start to end clockwise on screen
    ///     (increasing angle). If the angles differ by more than a turn the
    ///     arc is a full circle.
    /// If the path has a current point, a line joins it to the arc's start.
    public mutating func addArc(
        center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool
    ) {
        let tau = 2 * Double.pi
        var sweep = endAngle - startAngle
        if clockwise {
            if sweep < 0 || sweep >= tau { sweep = sweep.truncatingRemainder(dividingBy: tau) }
            if sweep < 0 { sweep += tau }
            if endAngle - startAngle >= tau { sweep = tau }
        } else {
            if sweep > 0 || sweep <= -tau { sweep = sweep.truncatingRemainder(dividingBy: tau) }
            if sweep > 0 { sweep -= tau }
            if endAngle - startAngle <= -tau { sweep = -tau }
        }
        addArc(
            EllipticalArc(
                center: center, radii: Size(width: radius, height: radius),
                startAngle: startAngle, sweepAngle: sweep))
    }

    /// Adds an elliptical arc in SVG's endpoint form (the `A` command), from
    /// the current point to `end`.
    ///
    /// Follows SVG 1.1 appendix F.6: zero radii make a straight line, an
    /// end point equal to the start adds nothing, negative radii use their
    /// absolute value, and radii too small to reach `end` are scaled up
    /// uniformly until they do.
    /// - Parameters:
    ///   - end: The arc's end point, in user space.
    ///   - radii: The ellipse's radii before rotation, in user-space units.
    ///   - rotation: The ellipse's x-axis rotation, in radians.
    ///   - largeArc: Whether to take the arc of more than 180 degrees.
    ///   - sweep: Whether the arc runs in the direction of increasing angle
    ///     (clockwise on screen, y pointing down).
    public mutating func addArc(to end: Point, radii: Size, rotation: Double, largeArc: Bool, sweep: Bool) {
        let start = currentPoint ?? subpathStart
        guard start != end else { return }
        var rx = abs(radii.width), ry = abs(radii.height)
        guard rx > 0, ry > 0, rx.isFinite, ry.isFinite, rotation.isFinite else {
            addLine(to: end)
            return
        }
        let cosPhi = _cos(rotation), sinPhi = _sin(rotation)
        // F.6.5.1: the midpoint difference in the ellipse's rotated frame.
        let dx = (start.x - end.x) / 2, dy = (start.y - end.y) / 2
        let x1 = cosPhi * dx + sinPhi * dy
        let y1 = -sinPhi * dx + cosPhi * dy
        // F.6.6.2: scale the radii up if they cannot span the chord.
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 {
            let k = lambda.squareRoot()
            rx *= k
            ry *= k
        }
        // F.6.5.2: the centre in the rotated frame.
        let num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let den = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var coef = den > 0 ? (max(0, num) / den).squareRoot() : 0
        if largeArc == sweep { coef = -coef }
        let cx1 = coef * rx * y1 / ry
        let cy1 = -coef * ry * x1 / rx
        // F.6.5.3: back to user space.
        let cx = cosPhi * cx1 - sinPhi * cy1 + (start.x + end.x) / 2
        let cy = sinPhi * cx1 + cosPhi * cy1 + (start.y + end.y) / 2
        // F.6.5.5-6: the start angle and sweep.
        let theta1 = _atan2((y1 - cy1) / ry, (x1 - cx1) / rx)
        let theta2 = _atan2((-y1 - cy1) / ry, (-x1 - cx1) / rx)
        var delta = theta2 - theta1
        let tau = 2 * Double.pi
        if sweep, delta < 0 { delta += tau }
        if !sweep, delta > 0 { delta -= tau }
        let arc = EllipticalArc(
            center: Point(x: cx, y: cy), radii: Size(width: rx, height: ry),
            rotation: rotation, startAngle: theta1, sweepAngle: delta)
        guard arc.isFinite else {
            addLine(to: end)
            return
        }
        if currentPoint == nil { move(to: start) }
        // The arc's own start equals `start` up to rounding, so it is
        // appended directly, with no joining segment.
        appendArcElement(arc)
    }
}
