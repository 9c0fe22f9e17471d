// TEMPORARY: stands in for the continuous-corner work on branch `corners`
// until it merges; removed by that merge.
public enum CornerCurve: Hashable, Sendable { case circular, continuous }

extension Path {
    public mutating func addRoundedRect(in rect: Rect, cornerRadius: Double, corners: RectCorner = .all,
                                        curve: CornerCurve) {
        addRoundedRect(in: rect, cornerRadius: cornerRadius, corners: corners)
    }
}
