// Values: the `transform` attribute -> one AffineTransform (SVG 1.1 §7.6
// grammar: matrix, translate, scale, rotate with optional centre, skewX,
// skewY, separated by whitespace or commas). A list "A B" maps a point by
// B first, then A, so the result is B.concatenating(A) in Hairline's
// Core Graphics convention. Angles are in degrees.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import Hairline

/// Parses SVG transform lists.
enum SVGTransformParser {
    /// Where and why a transform list did not parse.
    struct SyntaxError: Error, Equatable {
        /// Byte offset in the attribute value.
        var position: Int
    }

    /// Radians per degree.
    static let radiansPerDegree = Double.pi / 180

    /// Parses a transform list; an empty or all-whitespace list is the
    /// identity.
    static func parse(_ text: String) throws(SyntaxError) -> AffineTransform {
        var scanner = ValueScanner(text)
        var result = AffineTransform.identity
        scanner.skipWhitespace()
        while !scanner.isAtEnd {
            let start = scanner.position
            guard let name = scanner.identifier() else { throw SyntaxError(position: scanner.position) }
            scanner.skipWhitespace()
            guard scanner.consume(UInt8(ascii: "(")) else { throw SyntaxError(position: scanner.position) }
            var arguments: [Double] = []
            scanner.skipWhitespace()
            while !scanner.consume(UInt8(ascii: ")")) {
                if !arguments.isEmpty { scanner.skipSeparator() }
                guard let value = scanner.number() else { throw SyntaxError(position: scanner.position) }
                arguments.append(value)
                scanner.skipWhitespace()
            }
            guard let t = transform(named: name, arguments) else { throw SyntaxError(position: start) }
            // "A B": B applies first, then everything before it.
            result = t.concatenating(result)
            let sawComma = scanner.skipSeparator()
            if sawComma, scanner.isAtEnd { throw SyntaxError(position: scanner.position) }
        }
        return result
    }

    /// One transform function, or `nil` for an unknown name or a wrong
    /// number of arguments.
    static func transform(named name: String, _ v: [Double]) -> AffineTransform? {
        switch (name, v.count) {
        case ("matrix", 6):
            return AffineTransform(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5])
        case ("translate", 1), ("translate", 2):
            return AffineTransform(translationX: v[0], y: v.count == 2 ? v[1] : 0)
        case ("scale", 1), ("scale", 2):
            return AffineTransform(scaleX: v[0], y: v.count == 2 ? v[1] : v[0])
        case ("rotate", 1):
            return rotation(degrees: v[0])
        case ("rotate", 3):
            // translate(cx, cy) rotate(a) translate(-cx, -cy)
            return AffineTransform(translationX: -v[1], y: -v[2])
                .concatenating(rotation(degrees: v[0]))
                .concatenating(AffineTransform(translationX: v[1], y: v[2]))
        case ("skewX", 1):
            return AffineTransform(a: 1, b: 0, c: tan(v[0] * radiansPerDegree), d: 1, tx: 0, ty: 0)
        case ("skewY", 1):
            return AffineTransform(a: 1, b: tan(v[0] * radiansPerDegree), c: 0, d: 1, tx: 0, ty: 0)
        default:
            return nil
        }
    }

    /// A rotation by `degrees` clockwise on screen; multiples of 90° are
    /// exact (no 6e-17 residue from cos(π/2)).
    static func rotation(degrees: Double) -> AffineTransform {
        let quarterTurns = degrees / 90
        if quarterTurns == quarterTurns.rounded(), abs(quarterTurns) < 1e15 {
            let (c, s): (Double, Double)
            switch Int(quarterTurns).quotientAndRemainder(dividingBy: 4).remainder {
            case 0: (c, s) = (1, 0)
            case 1, -3: (c, s) = (0, 1)
            case 2, -2: (c, s) = (-1, 0)
            default: (c, s) = (0, -1)
            }
            return AffineTransform(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
        }
        return AffineTransform(rotationAngle: degrees * radiansPerDegree)
    }
}
