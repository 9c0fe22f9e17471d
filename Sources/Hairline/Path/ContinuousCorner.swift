// Path: continuous ("squircle") corners of rounded rectangles: three cubic
// Béziers per corner that leave each edge with zero curvature, as UIKit
// draws rounded rects since iOS 7. Geometry -> path elements only.
// Source of the control points: PaintCode, "Drawing Code for iOS 7 Rounded
// Rectangles"; Figma, "Desperately seeking squircles" (GEOMETRY.md).

/// One corner's three cubics in corner coordinates: the corner's vertex at
/// the origin, u along its first edge and v along its second (both away
/// from the vertex), in units of the radius along each.
struct ContinuousCorner {
    /// How far along each edge the continuous corner starts, in radii.
    static let extent = 1.528665

    /// The continuous corner's control points, in order (10 points: start,
    /// then three per cubic); GEOMETRY.md's table.
    static let continuous: [(u: Double, v: Double)] = [
        (1.528665, 0), (1.08849, 0), (0.868407, 0), (0.631494, 0.0749114),
        (0.372824, 0.16906), (0.16906, 0.372824), (0.0749114, 0.631494),
        (0, 0.868407), (0, 1.08849), (0, 1.528665),
    ]

    /// The circular quarter (centre (1, 1), radius 1) as three cubic arcs
    /// split at the polar angles of the continuous corner's two joints, so
    /// that blending the two control polygons point by point moves each
    /// joint along a smooth path. Each piece is the standard arc cubic
    /// (handles 4/3 tan(φ/4)); its radial error is below 6e-6 radius.
    static let circular: [(u: Double, v: Double)] = {
        let joint = continuous[3]
        let a0 = -Double.pi / 2
        let a1 = _atan2(joint.v - 1, joint.u - 1)
        let a2 = -Double.pi - (a1 - a0)  // the mirror image of a1
        let a3 = -Double.pi
        var points: [(u: Double, v: Double)] = [(1 + _cos(a0), 1 + _sin(a0))]
        for (from, to) in [(a0, a1), (a1, a2), (a2, a3)] {
            let sweep = to - from
            let k = 4.0 / 3.0 * _tan(sweep / 4)
            let p0 = (u: 1 + _cos(from), v: 1 + _sin(from)), p3 = (u: 1 + _cos(to), v: 1 + _sin(to))
            // Derivatives with respect to the angle, scaled by k.
            points.append((p0.u - k * _sin(from), p0.v + k * _cos(from)))
            points.append((p3.u + k * _sin(to), p3.v - k * _cos(to)))
            points.append(p3)
        }
        return points
    }()

    /// The control polygon of a corner blended `t` of the way (0...1) from
    /// the circular corner to the continuous one.
    static func blended(_ t: Double) -> [(u: Double, v: Double)] {
        zip(circular, continuous).map { c, s in (c.u + (s.u - c.u) * t, c.v + (s.v - c.v) * t) }
    }
}
