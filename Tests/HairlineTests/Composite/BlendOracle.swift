// Test oracle for blend modes: W3C Compositing and Blending Level 1 written
// out in Double from the spec text (section 9.1's Fa/Fb table, section 10's
// compositing formula, 10.1's B functions, 10.2's helper functions), on
// un-premultiplied colors. It shares no code with the kernels under test.

@testable import Hairline

/// An unrounded premultiplied result, each component in byte units 0...255.
struct OracleColor {
    var red: Double
    var green: Double
    var blue: Double
    var alpha: Double

    subscript(channel: Int) -> Double {
        [red, green, blue, alpha][channel]
    }
}

enum BlendOracle {
    /// The spec's result of compositing `source` onto `destination` with
    /// `mode`, before any rounding.
    static func composite(
        _ mode: BlendMode, source: PremultipliedColor, destination: PremultipliedColor
    ) -> OracleColor {
        let αs = Double(source.alpha) / 255, αb = Double(destination.alpha) / 255
        let cs = straight(source), cb = straight(destination)
        if let (fa, fb) = porterDuffFactors(mode, αs: αs, αb: αb) {
            // co = αs·Fa·Cs + αb·Fb·Cb, αo = αs·Fa + αb·Fb (9.1).
            var out = (0..<3).map { αs * fa * cs[$0] + αb * fb * cb[$0] }
            var αo = αs * fa + αb * fb
            if mode == .plus {
                out = out.map { min(1, $0) }
                αo = min(1, αo)
            }
            return OracleColor(red: out[0] * 255, green: out[1] * 255, blue: out[2] * 255, alpha: αo * 255)
        }
        let mixed = mix(mode, backdrop: cb, source: cs)
        // co = αs·(1 − αb)·Cs + αs·αb·B(Cb, Cs) + (1 − αs)·αb·Cb (10).
        let out = (0..<3).map { αs * (1 - αb) * cs[$0] + αs * αb * mixed[$0] + (1 - αs) * αb * cb[$0] }
        let αo = αs + αb * (1 - αs)
        return OracleColor(red: out[0] * 255, green: out[1] * 255, blue: out[2] * 255, alpha: αo * 255)
    }

    /// The un-premultiplied color (0 where alpha is 0).
    static func straight(_ c: PremultipliedColor) -> [Double] {
        guard c.alpha > 0 else { return [0, 0, 0] }
        let a = Double(c.alpha)
        return [Double(c.red) / a, Double(c.green) / a, Double(c.blue) / a]
    }

    /// Section 9.1's table; nil for the blend modes of section 10.
    static func porterDuffFactors(_ mode: BlendMode, αs: Double, αb: Double) -> (Double, Double)? {
        switch mode {
        case .clear: return (0, 0)
        case .copy: return (1, 0)
        case .sourceOver: return (1, 1 - αs)
        case .destinationOver: return (1 - αb, 1)
        case .sourceIn: return (αb, 0)
        case .destinationIn: return (0, αs)
        case .sourceOut: return (1 - αb, 0)
        case .destinationOut: return (0, 1 - αs)
        case .sourceAtop: return (αb, 1 - αs)
        case .destinationAtop: return (1 - αb, αs)
        case .xor: return (1 - αb, 1 - αs)
        case .plus: return (1, 1)
        default: return nil
        }
    }

    /// B(Cb, Cs) for a blend mode.
    static func mix(_ mode: BlendMode, backdrop cb: [Double], source cs: [Double]) -> [Double] {
        switch mode {
        case .hue: return setLum(setSat(cs, sat(cb)), lum(cb))
        case .saturation: return setLum(setSat(cb, sat(cs)), lum(cb))
        case .color: return setLum(cs, lum(cb))
        case .luminosity: return setLum(cb, lum(cs))
        default: return (0..<3).map { separable(mode, cb[$0], cs[$0]) }
        }
    }

    /// Section 10.1, one component at a time.
    static func separable(_ mode: BlendMode, _ cb: Double, _ cs: Double) -> Double {
        switch mode {
        case .multiply: return cb * cs
        case .screen: return cb + cs - cb * cs
        case .overlay: return hardLight(cs, cb)
        case .darken: return min(cb, cs)
        case .lighten: return max(cb, cs)
        case .colorDodge:
            if cb == 0 { return 0 }
            if cs == 1 { return 1 }
            return min(1, cb / (1 - cs))
        case .colorBurn:
            if cb == 1 { return 1 }
            if cs == 0 { return 0 }
            return 1 - min(1, (1 - cb) / cs)
        case .hardLight: return hardLight(cb, cs)
        case .softLight:
            if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
            let d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
            return cb + (2 * cs - 1) * (d - cb)
        case .difference: return abs(cb - cs)
        case .exclusion: return cb + cs - 2 * cb * cs
        default: fatalError("\(mode) is not separable")
        }
    }

    static func hardLight(_ cb: Double, _ cs: Double) -> Double {
        if cs <= 0.5 { return cb * (2 * cs) }  // Multiply(Cb, 2·Cs)
        let s = 2 * cs - 1
        return cb + s - cb * s  // Screen(Cb, 2·Cs − 1)
    }

    // Section 10.2's helpers, literally.

    static func lum(_ c: [Double]) -> Double { 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2] }

    static func clipColor(_ input: [Double]) -> [Double] {
        var c = input
        let l = lum(c)
        let n = c.min()!, x = c.max()!
        // In exact arithmetic l > n whenever n < 0 and x > l whenever x > 1;
        // the second test only skips grays that rounding nudged past 0 or 1.
        if n < 0, l > n { c = c.map { l + (($0 - l) * l) / (l - n) } }
        if x > 1, x > l { c = c.map { l + (($0 - l) * (1 - l)) / (x - l) } }
        return c
    }

    static func setLum(_ c: [Double], _ l: Double) -> [Double] {
        let d = l - lum(c)
        return clipColor(c.map { $0 + d })
    }

    static func sat(_ c: [Double]) -> Double { c.max()! - c.min()! }

    static func setSat(_ input: [Double], _ s: Double) -> [Double] {
        var c = input
        let order = [0, 1, 2].sorted { c[$0] < c[$1] }
        let (iMin, iMid, iMax) = (order[0], order[1], order[2])
        if c[iMax] > c[iMin] {
            c[iMid] = ((c[iMid] - c[iMin]) * s) / (c[iMax] - c[iMin])
            c[iMax] = s
        } else {
            c[iMid] = 0
            c[iMax] = 0
        }
        c[iMin] = 0
        return c
    }
}
