// Surface: the color a surface stores, premultiplied 8-bit RGBA (each
// color channel at most alpha). Packing into the surface's byte order is in
// PixelFormat.swift; straight-alpha API colors are in Color.swift.

/// A premultiplied RGBA color with 8 bits a channel, as a `Surface` stores
/// it (each color channel ≤ alpha).
public struct PremultipliedColor: Hashable, Sendable, CustomStringConvertible {
    /// Red premultiplied by alpha, 0...`alpha`.
    public var red: UInt8
    /// Green premultiplied by alpha, 0...`alpha`.
    public var green: UInt8
    /// Blue premultiplied by alpha, 0...`alpha`.
    public var blue: UInt8
    /// Opacity, 0 (transparent) ... 255 (opaque).
    public var alpha: UInt8

    /// Creates a premultiplied color; the caller keeps each channel ≤ alpha.
    /// - Parameters:
    ///   - red: red premultiplied by alpha.
    ///   - green: green premultiplied by alpha.
    ///   - blue: blue premultiplied by alpha.
    ///   - alpha: opacity, 0...255.
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
    /// - Parameter packed: four bytes R, G, B, A as `packed` stores them.
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

    /// A readable description, for messages and debugging.
    public var description: String { "rgba(\(red), \(green), \(blue), \(alpha))" }
}
