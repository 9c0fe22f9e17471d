// Flatten: an elliptical arc as a polygon that straddles it, written once
// for the flattener (path arcs, in device pixels) and the stroker (round
// joins and caps, in user space). Sweep, largest radius and tolerance in
// -> the vertices strictly between the arc's ends, every edge (the two
// half-step ones from the exact ends included) within the tolerance of it.

/// The polygon that straddles an arc instead of being inscribed in it.
///
/// The sweep is cut into n equal steps; one vertex sits at the middle of
/// each step, a factor `1 + x` outside the ellipse (in its own parameter
/// space), with x = tan²(step / 4), so that the chords between them dip
/// the same x inside it; the two half-step chords at the ends, from the
/// exact end points, stay within x as well. On the unit circle a step of
/// 4·atan(√x) is then within x either way, where inscribed chords need
/// 2·acos(1 − x): the same tolerance takes about √2 fewer segments, and
/// the area a chord adds outside the curve cancels most of what it leaves
/// inside (smaller coverage errors, too). The ellipse is the affine image
/// of the unit circle, so deviations scale by at most its largest radius.
///
/// Trigonometry: one tangent for the step; the step's rotation and the
/// first vertex's half-step come from that tangent by the double-angle
/// formulas, and the tests below use bounds of the series before any libm
/// call.
struct StraddlingArc {
    /// The number of steps, and of vertices: 1 ... `maximumSegmentsPerCurve − 1`.
    let count: Int
    /// 1 + tan²(|step| / 4): each vertex's distance from the centre over
    /// the ellipse's, in the ellipse's parameter space.
    let scale: Double
    /// (cos, sin) of half a step, signed as the sweep.
    let halfStep: (cos: Double, sin: Double)
    /// (cos, sin) of a step, signed as the sweep.
    let step: (cos: Double, sin: Double)

    /// The polygon of an arc sweeping `sweep` radians of an ellipse whose
    /// largest radius is `radius`, within `tolerance` (both in the same
    /// unit) of it; nil where the single chord between the ends is already
    /// within tolerance (its deviation is r(1 − cos h), h half the sweep,
    /// at most π/2), or the radius is not positive. A sweep that would need
    /// more steps gets `Flattener.maximumSegmentsPerCurve − 1` and a
    /// proportionally larger deviation. `tolerance` must be positive.
    init?(sweep: Double, radius r: Double, tolerance: Double) {
        // r(1 − cos h) is at least r(h²/2 − h⁴/24) (the cosine series'
        // alternating tail): no cosine needed when that exceeds tolerance.
        let h = min(abs(sweep), Double.pi) / 2
        guard r > 0, r * (h * h / 2 - h * h * h * h / 24) > tolerance || r * (1 - _cos(h)) > tolerance
        else { return nil }
        // The step 4·atan(√x), from below: z − z³/3 + z⁵/5 − z⁷/7 ≤ atan z
        // for 0 ≤ z ≤ 1 (an alternating series cut after a negative term),
        // so the count can only round up.
        let x = tolerance / r
        let z = min(x.squareRoot(), 1), z2 = z * z
        let atanBelow = z * (1 - z2 * (1.0 / 3 - z2 * (1.0 / 5 - z2 / 7)))
        let maxStep = min(Double.pi / 2, 4 * atanBelow)
        count = Int(
            saturatingFloor: (abs(sweep) / maxStep).rounded(.up),
            in: 1...(Flattener.maximumSegmentsPerCurve - 1))
        let dTheta = sweep / Double(count)
        // t = tan(|step|/4): the vertices' factor and, by the double-angle
        // formulas, the rotations by half a step and by a step.
        let t = _tan(abs(dTheta) / 4)
        let t2 = t * t
        scale = 1 + t2
        let sign: Double = dTheta < 0 ? -1 : 1
        let halfCos = (1 - t2) / scale, halfSin = sign * 2 * t / scale
        halfStep = (halfCos, halfSin)
        step = (halfCos * halfCos - halfSin * halfSin, 2 * halfSin * halfCos)
    }

    /// The vertices for the arc `center + axis1·cos θ + axis2·sin θ` whose
    /// start parameter has (cos, sin) `startCosSin`, in order along the
    /// sweep, in the space of `center` and the axes.
    func vertices(center: Point, axis1: Point, axis2: Point, startCosSin: (Double, Double)) -> Vertices {
        Vertices(
            arc: self, center: center, axis1: scale * axis1, axis2: scale * axis2,
            cos: startCosSin.0 * halfStep.cos - startCosSin.1 * halfStep.sin,
            sin: startCosSin.1 * halfStep.cos + startCosSin.0 * halfStep.sin)
    }

    /// The vertices one after another: (cos θ, sin θ) rotated by a complex
    /// multiply per step from the middle of the first step; the drift over
    /// 2^16 steps stays around 1e-11 relative.
    struct Vertices: Sequence, IteratorProtocol {
        let arc: StraddlingArc
        let center: Point
        /// The axes scaled by `arc.scale`.
        let axis1: Point
        let axis2: Point
        var cos: Double
        var sin: Double
        var emitted = 0

        mutating func next() -> Point? {
            guard emitted < arc.count else { return nil }
            if emitted > 0 {
                let c = cos * arc.step.cos - sin * arc.step.sin
                sin = sin * arc.step.cos + cos * arc.step.sin
                cos = c
            }
            emitted += 1
            let o = center, u = axis1, v = axis2, c = cos, s = sin
            return Point(x: o.x + u.x * c + v.x * s, y: o.y + u.y * c + v.y * s)
        }
    }
}
