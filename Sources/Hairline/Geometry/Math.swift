// Geometry: the few libm functions the engine needs, without Foundation,
// and the one saturating float-to-integer conversion every stage uses
// (`Int(Double.nan)` traps; this never does).

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(ucrt)
    import ucrt
#endif

@usableFromInline func _sin(_ x: Double) -> Double { sin(x) }
@usableFromInline func _cos(_ x: Double) -> Double { cos(x) }
@usableFromInline func _tan(_ x: Double) -> Double { tan(x) }
@usableFromInline func _acos(_ x: Double) -> Double { acos(x) }
@usableFromInline func _asin(_ x: Double) -> Double { asin(x) }
@usableFromInline func _atan2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }

/// (cos, sin) of `angle` (radians). A whole number of quarter turns as the
/// path code computes them (k·(π/2) for |k| ≤ 64, which rounded-rect
/// corners and full ellipses use) gives the exact values 0 and ±1 without
/// a libm call; other angles go to libm.
@usableFromInline
func _cosSin(_ angle: Double) -> (Double, Double) {
    let quarter = Double.pi / 2
    // Nearest integer by the 1.5·2^52 magic add (no libm `round` call on
    // baseline x86-64); only |angle / quarter| ≤ 64 is used.
    let magic = 6_755_399_441_055_744.0
    let q = (angle / quarter + magic) - magic
    if abs(q) <= 64, q * quarter == angle {
        switch Int(q) & 3 {
        case 0: return (1, 0)
        case 1: return (0, 1)
        case 2: return (-1, 0)
        default: return (0, -1)
        }
    }
    return (cos(angle), sin(angle))
}

extension Int {
    /// Converts a floating-point value to an integer, rounding toward
    /// negative infinity and saturating at `bounds`; NaN maps to the lower
    /// bound. Never traps.
    @inlinable
    init(saturatingFloor value: Double, in bounds: ClosedRange<Int>) {
        if !(value > Double(bounds.lowerBound)) {  // also catches NaN
            self = bounds.lowerBound
        } else if value >= Double(bounds.upperBound) {
            self = bounds.upperBound
        } else {
            // In range, so the conversion cannot trap; truncation then a
            // step down for negative fractions (no libm call).
            let t = Int(value)
            self = Double(t) > value ? t - 1 : t
        }
    }

    /// Converts a floating-point value to an integer, rounding toward
    /// positive infinity and saturating at `bounds`; NaN maps to the lower
    /// bound. Never traps.
    @inlinable
    init(saturatingCeil value: Double, in bounds: ClosedRange<Int>) {
        if !(value > Double(bounds.lowerBound)) {
            self = bounds.lowerBound
        } else if value >= Double(bounds.upperBound) {
            self = bounds.upperBound
        } else {
            let t = Int(value)
            self = Double(t) < value ? t + 1 : t
        }
    }
}
