// Surface: whether colors handed across the API boundary (pixel copies,
// conversions) are premultiplied by their alpha or straight. A value only;
// the conversions are in Surface+Conversion.swift.

/// Whether a color is stored premultiplied by its alpha or straight.
public enum AlphaStorage: Hashable, Sendable {
    /// Color channels multiplied by alpha (what surfaces store).
    case premultiplied
    /// Color channels independent of alpha (what PNG files and most image
    /// APIs hand over).
    case straight
}
