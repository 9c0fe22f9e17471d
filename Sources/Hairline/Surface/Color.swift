// Surface: colors. The API speaks sRGB with straight (non-premultiplied)
// alpha in 0...1; surfaces store premultiplied 8-bit RGBA. Conversion rounds
// to nearest and never traps on NaN or out-of-range values (they clamp).

/// An sRGB color with straight alpha; each component is in 0...1 (values
/// outside are clamped when the color is used, NaN counts as 0).
public struct Color: Hashable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    /// Creates a color from sRGB components and straight alpha, each 0...1.
    @inlinable
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Creates a color from 8-bit sRGB components and straight alpha.
    @inlinable
    public init(red8: UInt8, green8: UInt8, blue8: UInt8, alpha8: UInt8 = 255) {
        self.init(
            red: Double(red8) / 255, green: Double(green8) / 255,
            blue: Double(blue8) / 255, alpha: Double(alpha8) / 255)
    }

    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 1, green: 1, blue: 1)

    /// The same color with its alpha multiplied by `factor`.
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

    /// 0...1 to 0...255, rounded to nearest.
    @usableFromInline
    static func byte(_ v: Double) -> UInt8 { UInt8((v * 255).rounded()) }
}

/// A premultiplied RGBA color with 8 bits a channel, as a `Surface` stores
/// it (each color channel ≤ alpha).
public struct PremultipliedColor: Hashable, Sendable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    /// Creates a premultiplied color; the caller keeps each channel ≤ alpha.
    @inlinable
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Transparent black.
    public static let clear = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0)

    /// Whether alpha is 255.
    @inlinable
    public var isOpaque: Bool { alpha == 255 }

    /// The four bytes packed as they lie in memory (R, G, B, A at
    /// increasing addresses) read as a little- or big-endian `UInt32`
    /// matching the host.
    @inlinable
    public var packed: UInt32 {
        UInt32(littleEndian: UInt32(red) | UInt32(green) << 8 | UInt32(blue) << 16 | UInt32(alpha) << 24)
    }

    /// Unpacks a value produced by `packed`.
    @inlinable
    public init(packed: UInt32) {
        let v = UInt32(littleEndian: packed)
        self.init(
            red: UInt8(truncatingIfNeeded: v), green: UInt8(truncatingIfNeeded: v >> 8),
            blue: UInt8(truncatingIfNeeded: v >> 16), alpha: UInt8(truncatingIfNeeded: v >> 24))
    }

    /// The straight-alpha color this stores (exact division, no rounding
    /// beyond Double's).
    public var unpremultiplied: Color {
        guard alpha > 0 else { return .clear }
        let a = Double(alpha)
        return Color(red: Double(red) / a, green: Double(green) / a, blue: Double(blue) / a, alpha: a / 255)
    }

    public var description: String { "rgba(\(red), \(green), \(blue), \(alpha))" }
}
