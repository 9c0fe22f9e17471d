// Canvas: runs one fill through the pipeline (work in progress).
final class FillRenderer {
    func fill(_ path: Path, transform: AffineTransform, tolerance: Double, rule: FillRule,
              color: PremultipliedColor, into surface: Surface) {}
}
