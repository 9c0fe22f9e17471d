// Surface: colors. The API speaks sRGB with straight (non-premultiplied)
// alpha in 0...1; surfaces store premultiplied 8-bit RGBA. Conversion rounds
// to nearest and never traps on NaN or out-of-range values (they clamp).

/// An sRGB color with straight alpha; each component is in 0...1 (values
/// outside are clamped when the color is used, NaN counts as 0).
public struct Color: Hashable, Sendable, BitwiseCopyable {
    /// The sRGB red component, 0...1 (not premultiplied).
    public var red: Double
    /// The sRGB green component, 0...1 (not premultiplied).
    public var green: Double
    /// The sRGB blue component, 0...1 (not premultiplied).
    public var blue: Double
    /// The opacity, 0 (transparent) ... 1 (opaque).
    public var alpha: Double

    /// Creates a color from sRGB components and straight alpha, each 0...1.
    /// - Parameters:
    ///   - red: the sRGB red component, 0...1.
    ///   - green: the sRGB green component, 0...1.
    ///   - blue: the sRGB blue component, 0...1.
    ///   - alpha: the opacity, 0...1 (opaque by default).
    @inlinable
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Creates a color from 8-bit sRGB components and straight alpha.
    /// - Parameters:
    ///   - red8: red, 0...255.
    ///   - green8: green, 0...255.
    ///   - blue8: blue, 0...255.
    ///   - alpha8: opacity, 0...255 (opaque by default).
    @inlinable
    public init(red8: UInt8, green8: UInt8, blue8: UInt8, alpha8: UInt8 = 255) {
        self.init(
            red: Double(red8) / 255, green: Double(green8) / 255,
            blue: Double(blue8) / 255, alpha: Double(alpha8) / 255)
    }

    /// Transparent black.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    /// Opaque black.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = Color(red: 1, green: 1, blue: 1)

    /// The same color with its alpha multiplied by `factor`.
    /// - Parameter factor: the multiplier (the result is clamped when used).
    @inlinable
    public func withAlphaMultiplied(by factor: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha * factor)
    }

    /// The color as premultiplied 8-bit RGBA, each channel rounded to
    /// nearest from the clamped components.
    public var premultiplied: PremultipliedColor {
        let a = Color.unit(alpha)
        return PremultipliedColor(
            red: Color.byte(Color.unit(red) * a),
            green: Color.byte(Color.unit(green) * a),
            blue: Color.byte(Color.unit(blue) * a),
            alpha: Color.byte(a))
    }

    /// Clamps to 0...1, with NaN as 0.
    @usableFromInline
    static func unit(_ v: Double) -> Double { v > 0 ? min(v, 1) : 0 }

    /// 0...1 to 0...255, rounded to nearest (clamped first, NaN as 0: the
    /// conversion never traps).
    @usableFromInline
    ///
    /// `(x).rounded()` without a libm call (a generic x86-64 build has no
    /// rounding instruction, and gradient ramps convert thousands of
    /// channels a draw): for x in 0...255 the truncation and the fraction
    /// `x - ⌊x⌋` are exact, so rounding half away from zero is the
    /// fraction compared with 0.5 — the same value, bit for bit.
    @inline(__always)
    static func byte(_ v: Double) -> UInt8 {
        let x = unit(v) * 255
        let whole = Int(x)
        return UInt8(truncatingIfNeeded: x - Double(whole) >= 0.5 ? whole &+ 1 : whole)
    }

    /// `byte` per lane: clamped to 0...1 (NaN to 0), times 255, rounded
    /// half up, with no conversion to an integer. The 1.5·2^52 add rounds
    /// x (in 0...255) to the nearest integer n, ties to even, its low bits
    /// holding n; a tie x = n + 0.5 (x − n, exact here, is 0.5) went down
    /// where half up goes up: one more there (n ≤ 254, so the byte never
    /// wraps). A tie x = n − 0.5 went up to n, half up's answer too.
    @inline(__always)
    static func bytes(_ v: SIMD2<Double>) -> SIMD2<UInt64> {
        let zero = SIMD2<Double>(repeating: 0), one = SIMD2<Double>(repeating: 1)
        // unit: v > 0 ? min(v, 1) : 0 (NaN to 0).
        let positive = zero.replacing(with: v, where: v .> zero)
        let x = one.replacing(with: positive, where: positive .< one) * 255
        let magic = SIMD2<Double>(repeating: 6_755_399_441_055_744.0)
        let shifted = x + magic
        let tie = unsafeBitCast((x - (shifted - magic)) .== SIMD2(repeating: 0.5), to: SIMD2<UInt64>.self)
        return (unsafeBitCast(shifted, to: SIMD2<UInt64>.self) &- tie) & SIMD2(repeating: 0xFF)
    }
}
