// Canvas: how the centre of a nine-slice (stretchable) image fills its
// area, stretched or tiled. A value only; Canvas+Image.swift draws it.

/// How the centre of a nine-slice image fills its area.
public enum NineSliceCenter: Hashable, Sendable {
    /// The centre slice is scaled to fill the area.
    case stretch
    /// The centre slice repeats at its natural size.
    case tile
}
