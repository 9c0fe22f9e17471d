// Database: CSS Fonts 4 §5.2 step 4, the font style matching algorithm.
// A family's faces (their FontStyle) and a wanted width, slant and weight
// in -> the face to use. Width narrows first, then slant, then weight, each
// keeping only the faces nearest the wanted value in the specification's
// order of preference; ties go to the face listed first. Pure and
// allocation-light: tested against the specification's examples.

/// What text asks of a family: weight, width and slant (CSS `font-weight`,
/// `font-stretch`, `font-style`).
public struct FontRequest: Sendable, Hashable {
    /// The weight, 1 ... 1000 (400 normal, 700 bold).
    public var weight: Int
    /// The width class, 1 ... 9 (5 normal).
    public var width: Int
    /// The slant.
    public var slant: FontSlant

    /// A request; values out of range are clamped.
    public init(weight: Int = FontStyle.normalWeight, width: Int = FontStyle.normalWidth, slant: FontSlant = .normal) {
        self.weight = min(max(weight, 1), 1000)
        self.width = min(max(width, 1), 9)
        self.slant = slant
    }
}

enum FontMatching {
    /// The index in `faces` of the best face for `request` (CSS Fonts 4
    /// §5.2), nil if `faces` is empty. Complexity: O(faces).
    static func bestFace(among faces: [FontStyle], for request: FontRequest) -> Int? {
        var candidates = Array(faces.indices)
        guard !candidates.isEmpty else { return nil }
        // 1. font-stretch: at or below a normal-or-narrower width (nearest
        // first), else the nearest wider; the reverse for a wider width.
        let widths = candidates.map { faces[$0].width }
        let width = nearest(request.width, in: widths, preferLower: request.width <= FontStyle.normalWidth)
        candidates = candidates.filter { faces[$0].width == width }
        // 2. font-style: italic -> oblique -> normal; oblique -> italic ->
        // normal; normal -> oblique -> italic.
        let order: [FontSlant]
        switch request.slant {
        case .italic: order = [.italic, .oblique, .normal]
        case .oblique: order = [.oblique, .italic, .normal]
        case .normal: order = [.normal, .oblique, .italic]
        }
        if let slant = order.first(where: { slant in candidates.contains { faces[$0].slant == slant } }) {
            candidates = candidates.filter { faces[$0].slant == slant }
        }
        // 3. font-weight.
        let weight = Self.weight(for: request.weight, among: candidates.map { faces[$0].weight })
        return candidates.first { faces[$0].weight == weight }
    }

    /// The value of `values` nearest `wanted`: on the preferred side first
    /// (at or below it if `preferLower`, else at or above), else on the
    /// other side.
    static func nearest(_ wanted: Int, in values: [Int], preferLower: Bool) -> Int {
        let below = values.filter { $0 <= wanted }.max(), above = values.filter { $0 >= wanted }.min()
        if preferLower { return below ?? above ?? wanted }
        return above ?? below ?? wanted
    }

    /// CSS Fonts 4's weight rule: for a wanted weight in 400...500, weights
    /// from it up to 500 (ascending), then below it (descending), then
    /// above 500 (ascending); below 400, lighter first (descending) then
    /// heavier (ascending); above 500, heavier first then lighter.
    static func weight(for wanted: Int, among weights: [Int]) -> Int? {
        guard !weights.isEmpty else { return nil }
        if weights.contains(wanted) { return wanted }
        if (400...500).contains(wanted) {
            if let w = weights.filter({ $0 > wanted && $0 <= 500 }).min() { return w }
            if let w = weights.filter({ $0 < wanted }).max() { return w }
            return weights.filter { $0 > 500 }.min()
        }
        if wanted < 400 {
            return weights.filter { $0 < wanted }.max() ?? weights.filter { $0 > wanted }.min()
        }
        return weights.filter { $0 > wanted }.min() ?? weights.filter { $0 < wanted }.max()
    }
}
