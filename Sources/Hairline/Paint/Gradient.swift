// Paint: gradient color ramps. Stops (location, color) -> a ramp evaluated
// in premultiplied space (so a fade to transparent never darkens), with
// pad, repeat or reflect beyond [0, 1]. Stops out of order are fixed as CSS
// and SVG do (each location is at least the previous one); coincident
// stops make a hard edge.

/// How a gradient or pattern continues outside its defined range.
public enum ExtendMode: Hashable, Sendable {
    /// The edge color (or edge pixel) continues forever.
    case pad
    /// The ramp (or image) repeats.
    case `repeat`
    /// The ramp (or image) repeats, every other copy mirrored.
    case reflect
}

/// One color of a gradient at a location along it (0...1).
public struct GradientStop: Hashable, Sendable, BitwiseCopyable {
    /// Where the color sits along the gradient, 0 at its start, 1 at its
    /// end; values outside 0...1 are clamped.
    public var location: Double
    /// The color there (sRGB, straight alpha).
    public var color: Color

    /// Creates a stop.
    /// - Parameters:
    ///   - location: where along the gradient, 0...1 (clamped; NaN counts as 0).
    ///   - color: the color there (sRGB, straight alpha).
    public init(location: Double, color: Color) {
        self.location = location
        self.color = color
    }
}

/// The colors of a gradient along its parameter t.
public struct Gradient: Hashable, Sendable {
    /// The stops, in the order given.
    public var stops: [GradientStop]
    /// How t outside 0...1 maps back into it.
    public var extend: ExtendMode

    /// Creates a gradient from stops and an extend mode.
    /// - Parameters:
    ///   - stops: the colors and their locations (fixed up as `normalizedStops` says).
    ///   - extend: how t outside 0...1 maps back (pad by default).
    public init(stops: [GradientStop], extend: ExtendMode = .pad) {
        self.stops = stops
        self.extend = extend
    }

    /// A two-color gradient from `start` at 0 to `end` at 1.
    /// - Parameters:
    ///   - start: the color at t = 0.
    ///   - end: the color at t = 1.
    ///   - extend: how t outside 0...1 maps back (pad by default).
    public init(from start: Color, to end: Color, extend: ExtendMode = .pad) {
        self.init(
            stops: [GradientStop(location: 0, color: start), GradientStop(location: 1, color: end)],
            extend: extend)
    }

    /// The stops as drawn: locations clamped to 0...1 (NaN to 0) and made
    /// non-decreasing.
    public var normalizedStops: [GradientStop] {
        var result: [GradientStop] = []
        var floor = 0.0
        for stop in stops {
            floor = Gradient.normalizedLocation(stop.location, after: floor)
            result.append(GradientStop(location: floor, color: stop.color))
        }
        return result
    }

    /// A stop's location as drawn: clamped to 0...1 (NaN to 0), and at
    /// least `floor` (the previous stop's drawn location, 0 for the first).
    @inline(__always)
    static func normalizedLocation(_ location: Double, after floor: Double) -> Double {
        max(floor, location.isNaN ? 0 : min(max(location, 0), 1))
    }

    /// The exact premultiplied color at parameter `t` (after the extend
    /// mode), each channel in 0...1: linear interpolation of premultiplied
    /// components between the stops around t. Transparent if there are no
    /// stops.
    /// - Parameter t: the gradient's parameter (any value; NaN counts as 0).
    public func color(at t: Double) -> Sample {
        let stops = normalizedStops
        guard let first = stops.first, let last = stops.last else { return Sample(red: 0, green: 0, blue: 0, alpha: 0) }
        let u = Gradient.extended(t, extend)
        func premultiplied(_ c: Color) -> (Double, Double, Double, Double) {
            let a = Color.unit(c.alpha)
            return (Color.unit(c.red) * a, Color.unit(c.green) * a, Color.unit(c.blue) * a, a)
        }
        if u <= first.location {
            let p = premultiplied(first.color); return Sample(red: p.0, green: p.1, blue: p.2, alpha: p.3)
        }
        if u >= last.location {
            let p = premultiplied(last.color); return Sample(red: p.0, green: p.1, blue: p.2, alpha: p.3)
        }
        // The last stop at or before u, so at a hard edge the later color wins.
        var i = 0
        while i + 1 < stops.count, stops[i + 1].location <= u { i += 1 }
        let a = stops[i], b = stops[min(i + 1, stops.count - 1)]
        let span = b.location - a.location
        let f = span > 0 ? (u - a.location) / span : 1
        let pa = premultiplied(a.color), pb = premultiplied(b.color)
        return Sample(
            red: pa.0 + (pb.0 - pa.0) * f, green: pa.1 + (pb.1 - pa.1) * f,
            blue: pa.2 + (pb.2 - pa.2) * f, alpha: pa.3 + (pb.3 - pa.3) * f)
    }

    /// A gradient's exact color at one parameter (`color(at:)`):
    /// premultiplied sRGB components and alpha, each in 0...1, in Double
    /// (before any rounding to 8 bits).
    public struct Sample: Hashable, Sendable {
        /// Red, premultiplied by `alpha`, 0...1.
        public var red: Double
        /// Green, premultiplied by `alpha`, 0...1.
        public var green: Double
        /// Blue, premultiplied by `alpha`, 0...1.
        public var blue: Double
        /// Alpha, 0...1.
        public var alpha: Double

        /// Creates a sample from premultiplied components, each 0...1.
        /// - Parameters:
        ///   - red: premultiplied red.
        ///   - green: premultiplied green.
        ///   - blue: premultiplied blue.
        ///   - alpha: alpha.
        public init(red: Double, green: Double, blue: Double, alpha: Double) {
            self.red = red
            self.green = green
            self.blue = blue
            self.alpha = alpha
        }
    }

    /// Maps t into 0...1 by the extend mode (NaN maps to 0).
    @inline(__always)
    static func extended(_ t: Double, _ mode: ExtendMode) -> Double {
        guard t.isFinite else { return t.isNaN ? 0 : (t > 0 ? 1 : 0) }
        switch mode {
        case .pad:
            return min(max(t, 0), 1)
        case .repeat:
            return t - t.rounded(.down)
        case .reflect:
            let m = t - 2 * (t / 2).rounded(.down)  // 0..<2
            return m > 1 ? 2 - m : m
        }
    }
}

/// Where a shader keeps its gradient ramp: `rampSize` premultiplied packed
/// colors owned by the renderer and reused between draws.
let rampSize = 1024

/// A gradient's ramp: `rampSize` colors for t = i / (rampSize − 1), and
/// its extend mode. Filled lazily: an entry is worked out from the stops
/// the first time a pixel needs it and kept (a small shape pays for the
/// few entries it reads, not for the whole ramp); until then it holds
/// `Ramp.unfilled`, which no premultiplied color can be. Every entry is
/// exactly what `Ramp.entry` gives (the whole ramp filled at once, as it
/// was before: RampTests).
struct Ramp {
    /// The entries, owned by the shader preparation and kept while the
    /// gradient, alpha and byte order stay the same; `Ramp.Source` lies
    /// just before them (the ramp stays three words: shaders holding it
    /// are copied per row).
    let colors: UnsafeMutablePointer<UInt32>
    let extend: ExtendMode
    /// Whether every ramp color is opaque.
    let isOpaque: Bool

    /// What entries are worked out from: the normalized stops, global
    /// alpha and byte order. Stored `sourceBytes` before the entries.
    struct Source {
        var stops: UnsafePointer<GradientStop>
        var stopCount: Int
        /// Global alpha, 0...1.
        var alpha: Double
        /// Whether entries are stored with red and blue swapped (BGRA8).
        var swapsRedBlue: Bool
        /// Every entry in `knownLow...knownHigh` is filled (none when low >
        /// high): a run whose entries lie inside reads them unchecked.
        var knownLow: Int32 = Int32(rampSize), knownHigh: Int32 = -1
        /// No entry outside `touchedLow...touchedHigh` is filled (what a
        /// new gradient empties).
        var touchedLow: Int32 = Int32(rampSize), touchedHigh: Int32 = -1
        /// Entries worked out one at a time (`fill`): the first
        /// `listCapacity` are listed in `filledList`.
        var singles: Int32 = 0
        /// Whether a stretch of entries was worked out (`fillStretch`).
        var stretched = false
        /// The stop pair the last entry worked out lay in, and its lerp
        /// (the next entry most often lies in the same pair).
        var lerps = LerpCache()
    }

    /// The last `Lerp` made for an entry, and which stop pair it is of
    /// (`Ramp.entry`): the entries of a pair share it.
    struct LerpCache {
        /// −1: before the first stop; k: the pair of stops k and k + 1, or
        /// the last stop alone; `Int.min`: none yet.
        var key = Int.min
        var lerp = Lerp(r0: 0, g0: 0, b0: 0, a0: 0, dr: 0, dg: 0, db: 0, da: 0)

        /// The lerp from `a` to `b`, made only if `key` is not the one kept.
        @inline(__always)
        mutating func lerp(_ key: Int, _ a: Color, _ b: Color) -> Lerp {
            if key != self.key {
                self.key = key
                lerp = Lerp(a, b)
            }
            return lerp
        }
    }

    /// The source, `sourceBytes` before the entries.
    @inline(__always)
    var source: UnsafeMutablePointer<Source> {
        assert(MemoryLayout<Source>.size <= Self.sourceBytes - Self.listBytes, "the source fits before the list")
        return (UnsafeMutableRawPointer(colors) - Self.sourceBytes).assumingMemoryBound(to: Source.self)
    }

    /// The entries filled one at a time, in the order they were (the
    /// first `listCapacity` of them), just before the entries: when a
    /// small draw read only these, a new gradient empties just them.
    @inline(__always)
    var filledList: UnsafeMutablePointer<UInt16> {
        (UnsafeMutableRawPointer(colors) - Self.listBytes).assumingMemoryBound(to: UInt16.self)
    }

    /// Bytes from the source to the first entry (three cache lines: the
    /// source, then the list in the last `listBytes`).
    static let sourceBytes = 192
    static let listBytes = 64
    static let listCapacity = listBytes / MemoryLayout<UInt16>.stride

    /// Stores `unfilled` over every entry this ramp's fills may have
    /// written (what a new gradient needs emptied).
    func empty() {
        let source = self.source
        let singles = Int(source.pointee.singles)
        if !source.pointee.stretched && singles <= Self.listCapacity {
            let list = filledList
            for j in 0..<singles { colors[Int(list[j])] = Self.unfilled }
        } else {
            let low = Int(source.pointee.touchedLow)
            let high = max(low, Int(source.pointee.touchedHigh) + 1)
            (colors + low).update(repeating: Self.unfilled, count: high - low)
        }
    }

    /// What an entry not worked out yet holds: red, green and blue above a
    /// zero alpha, never a premultiplied color (in either byte order).
    static let unfilled: UInt32 = 0x00FF_FFFF

    @inline(__always)
    func color(_ t: Double) -> UInt32 {
        let u = Gradient.extended(t, extend)
        let i = Int(u * Double(rampSize - 1) + 0.5)
        let c = colors[i]
        return c != Self.unfilled ? c : fill(i)
    }

    /// The entry index of `t` under the pad extend mode: `color(t)` reads
    /// `colors[padIndex(t)]` when `extend` is `.pad` (NaN and −∞ give the
    /// first entry, +∞ the last, as `Gradient.extended`). Non-decreasing
    /// in t.
    @inline(__always)
    static func padIndex(_ t: Double) -> Int {
        let u = t > 0 ? (t < 1 ? t : 1) : 0
        return Int(u * Double(rampSize - 1) + 0.5)
    }

    /// Entry `i`, worked out first if it is not yet.
    @inline(__always)
    func filledEntry(_ i: Int) -> UInt32 {
        let c = colors[i]
        return c != Self.unfilled ? c : fill(i)
    }

    /// Works out entry `i`, keeps it and returns it (through the
    /// source's `LerpCache`: the value `entry` gives).
    @inline(never)
    func fill(_ i: Int) -> UInt32 {
        assert((0..<rampSize).contains(i), "an entry of the ramp")
        let source = self.source
        var c = Self.entry(
            i, stops: UnsafeBufferPointer(start: source.pointee.stops, count: source.pointee.stopCount),
            alpha: source.pointee.alpha, lerps: &source.pointee.lerps)
        if source.pointee.swapsRedBlue { c = swapRedBlue(c) }
        colors[i] = c
        let n = Int(source.pointee.singles)
        if n < Self.listCapacity { filledList[n] = UInt16(truncatingIfNeeded: i) }
        source.pointee.singles = Int32(truncatingIfNeeded: n &+ 1)
        let k = Int32(truncatingIfNeeded: i)
        if k < source.pointee.touchedLow { source.pointee.touchedLow = k }
        if k > source.pointee.touchedHigh { source.pointee.touchedHigh = k }
        return c
    }

    /// Fills every entry of `low...high` not filled yet, so that a run
    /// whose entries lie in it reads `colors` unchecked. O(1) when they
    /// were filled by an earlier call; each entry is worked out once.
    @inline(__always)
    func fillEntries(_ low: Int, _ high: Int) {
        assert(0 <= low && low <= high && high < rampSize, "entries of the ramp")
        let source = self.source
        let knownLow = Int(source.pointee.knownLow), knownHigh = Int(source.pointee.knownHigh)
        if low >= knownLow && high <= knownHigh { return }
        fillEntries(low, high, knownLow: knownLow, knownHigh: knownHigh)
    }

    @inline(never)
    private func fillEntries(_ low: Int, _ high: Int, knownLow: Int, knownHigh: Int) {
        // Grow the known range when the new one meets it, else start anew
        // (entries filled before stay filled, only not known).
        var newLow = low, newHigh = high
        if knownLow <= knownHigh && low <= knownHigh + 1 && high + 1 >= knownLow {
            newLow = min(low, knownLow)
            newHigh = max(high, knownHigh)
        }
        // The entries outside the known range, in at most two stretches
        // (an entry filled before is worked out again: the same value).
        if knownLow > knownHigh || newHigh < knownLow || newLow > knownHigh {
            fillStretch(newLow, newHigh)
        } else {
            if newLow < knownLow { fillStretch(newLow, knownLow - 1) }
            if newHigh > knownHigh { fillStretch(knownHigh + 1, newHigh) }
        }
        source.pointee.knownLow = Int32(truncatingIfNeeded: newLow)
        source.pointee.knownHigh = Int32(truncatingIfNeeded: newHigh)
    }

    /// Works out and keeps entries `low...high`: the stop pair of the first
    /// found by a binary search (as `entry` finds it), of the others by a
    /// walk along the stops, each pair's lerp kept in the source's
    /// `LerpCache` and each entry's four channels in vector lanes
    /// (`Lerp.packedLanes`): the values `entry` gives.
    private func fillStretch(_ low: Int, _ high: Int) {
        assert(0 <= low && low <= high && high < rampSize, "entries of the ramp")
        let source = self.source
        let stops = UnsafeBufferPointer(start: source.pointee.stops, count: source.pointee.stopCount)
        let alpha = source.pointee.alpha, swaps = source.pointee.swapsRedBlue
        source.pointee.stretched = true
        let l = Int32(truncatingIfNeeded: low), h = Int32(truncatingIfNeeded: high)
        if l < source.pointee.touchedLow { source.pointee.touchedLow = l }
        if h > source.pointee.touchedHigh { source.pointee.touchedHigh = h }
        guard let first = stops.first else {
            for i in low...high { colors[i] = 0 }
            return
        }
        let last = stops.count - 1
        // k: the last stop at or before t (0 if none is), as `entry` finds it.
        var k = Self.lastStop(atOrBefore: Double(low) / Double(rampSize - 1), in: stops)
        var lerps = source.pointee.lerps
        for i in low...high {
            let t = Double(i) / Double(rampSize - 1)
            while k < last && stops[k + 1].location <= t { k += 1 }
            var c: UInt32
            if k == 0 && t <= first.location {
                c = lerps.lerp(-1, first.color, first.color).packedLanes(0, alpha: alpha)
            } else if k == last {
                c = lerps.lerp(k, stops[k].color, stops[k].color).packedLanes(0, alpha: alpha)
            } else {
                let a = stops[k], b = stops[k + 1]
                let f = (t - a.location) / (b.location - a.location)
                c = lerps.lerp(k, a.color, b.color).packedLanes(f, alpha: alpha)
            }
            if swaps { c = swapRedBlue(c) }
            colors[i] = c
        }
        source.pointee.lerps = lerps
    }

    /// Entry `i` (t = i / (rampSize − 1)) of the ramp of `stops`
    /// (normalized: locations in 0...1, non-decreasing), premultiplied,
    /// alpha scaled by `alpha` (0...1), packed RGBA8. Before the first stop
    /// its color; from the last stop on (a hard edge: the later stop wins)
    /// the last color; between, the premultiplied lerp of the two stops
    /// around t. Transparent without stops.
    static func entry(_ i: Int, stops: UnsafeBufferPointer<GradientStop>, alpha: Double) -> UInt32 {
        var lerps = LerpCache()
        return entry(i, stops: stops, alpha: alpha, lerps: &lerps)
    }

    /// `entry(_:stops:alpha:)` with the lerp of the entry's stop pair
    /// taken from `lerps` when it holds that pair's (the same stops and
    /// alpha since it was made), else made and kept there: the same value.
    @inline(__always)
    static func entry(
        _ i: Int, stops: UnsafeBufferPointer<GradientStop>, alpha: Double, lerps: inout LerpCache
    ) -> UInt32 {
        guard let first = stops.first else { return 0 }
        let t = Double(i) / Double(rampSize - 1)
        // The last stop at or before t (the first if none is). The pair
        // `lerps` keeps is tried first (neighbouring pixels read
        // neighbouring entries): where t lies inside it, its first stop
        // is that one (the next lies beyond t).
        let k: Int
        let kept = lerps.key
        if kept >= 0 && kept &+ 1 < stops.count && stops[kept].location <= t && t < stops[kept &+ 1].location
            && (kept > 0 || t > first.location)
        {
            k = kept
        } else {
            k = lastStop(atOrBefore: t, in: stops)
        }
        if k == 0 && t <= first.location {
            return lerps.lerp(-1, first.color, first.color).packedLanes(0, alpha: alpha)
        }
        if k == stops.count - 1 {
            return lerps.lerp(k, stops[k].color, stops[k].color).packedLanes(0, alpha: alpha)
        }
        let a = stops[k], b = stops[k + 1]
        return lerps.lerp(k, a.color, b.color).packedLanes((t - a.location) / (b.location - a.location), alpha: alpha)
    }

    /// The last of `stops` (non-empty, locations non-decreasing) at or
    /// before `t`, or the first if none is: a binary search.
    @inline(__always)
    static func lastStop(atOrBefore t: Double, in stops: UnsafeBufferPointer<GradientStop>) -> Int {
        var low = 0, high = stops.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if stops[mid].location <= t { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// `packLerp` of two colors with its per-color work done once.
    struct Lerp {
        let r0: Double, g0: Double, b0: Double, a0: Double
        let dr: Double, dg: Double, db: Double, da: Double

        init(r0: Double, g0: Double, b0: Double, a0: Double, dr: Double, dg: Double, db: Double, da: Double) {
            self.r0 = r0
            self.g0 = g0
            self.b0 = b0
            self.a0 = a0
            self.dr = dr
            self.dg = dg
            self.db = db
            self.da = da
        }

        init(_ a: Color, _ b: Color) {
            let aa = Color.unit(a.alpha), ba = Color.unit(b.alpha)
            r0 = Color.unit(a.red) * aa
            g0 = Color.unit(a.green) * aa
            b0 = Color.unit(a.blue) * aa
            a0 = aa
            dr = Color.unit(b.red) * ba - r0
            dg = Color.unit(b.green) * ba - g0
            db = Color.unit(b.blue) * ba - b0
            da = ba - aa
        }

        /// `packed(f, alpha:)` with the channels in two two-lane vectors
        /// (red and green, blue and alpha: a register each on any x86-64):
        /// the same operations per channel (lerp, times alpha,
        /// `Color.byte`'s clamp and rounding half up), so the same bytes.
        @inline(__always)
        func packedLanes(_ f: Double, alpha: Double) -> UInt32 {
            let rg = Color.bytes((SIMD2(r0, g0) + SIMD2(dr, dg) * f) * alpha)
            let ba = Color.bytes((SIMD2(b0, a0) + SIMD2(db, da) * f) * alpha)
            let w = rg | ba &<< 16
            return UInt32(truncatingIfNeeded: w[0] | w[1] &<< 8).littleEndian
        }

        @inline(__always)
        func packed(_ f: Double, alpha: Double) -> UInt32 {
            PremultipliedColor(
                red: Color.byte((r0 + dr * f) * alpha), green: Color.byte((g0 + dg * f) * alpha),
                blue: Color.byte((b0 + db * f) * alpha), alpha: Color.byte((a0 + da * f) * alpha)
            ).packed
        }
    }

    /// Premultiplied lerp of two straight colors, alpha scaled, packed.
    static func packLerp(_ a: Color, _ b: Color, _ f: Double, alpha: Double) -> UInt32 {
        let aa = Color.unit(a.alpha), ba = Color.unit(b.alpha)
        let r = Color.unit(a.red) * aa + (Color.unit(b.red) * ba - Color.unit(a.red) * aa) * f
        let g = Color.unit(a.green) * aa + (Color.unit(b.green) * ba - Color.unit(a.green) * aa) * f
        let bl = Color.unit(a.blue) * aa + (Color.unit(b.blue) * ba - Color.unit(a.blue) * aa) * f
        let al = aa + (ba - aa) * f
        return PremultipliedColor(
            red: Color.byte(r * alpha), green: Color.byte(g * alpha), blue: Color.byte(bl * alpha),
            alpha: Color.byte(al * alpha)
        ).packed
    }
}

// Two pixels at a time: the extend modes and entry indices of `Ramp.color`
// for two t in SIMD2<Double> lanes, with results identical to the scalar
// ones and no libm call (baseline x86-64 has no SSE4.1 `roundpd`, so
// `rounded(.down)` calls `floor`).
extension Ramp {
    /// ⌊t⌋ per lane, exactly `t.rounded(.down)` for every finite t (and t
    /// itself for ±∞ and NaN): below 2^52 in magnitude, t ± 2^52 ∓ 2^52
    /// rounds t to an integer (to nearest), one lower where that rounded
    /// up; from 2^52 up every double is an integer.
    @inline(__always)
    static func floor(_ t: SIMD2<Double>) -> SIMD2<Double> {
        let big = SIMD2<Double>(repeating: 4_503_599_627_370_496.0)  // 2^52
        let up = (t + big) - big, down = (t - big) + big
        let nearest = down.replacing(with: up, where: t .>= 0)
        let lowered = nearest.replacing(with: nearest - 1, where: nearest .> t)
        return t.replacing(with: lowered, where: (t .< big) .& (t .> -big))
    }

    /// ⌊t⌋, exactly `t.rounded(.down)` for every finite t, without libm
    /// (one lane of `floor(_:)`).
    @inline(__always)
    static func floor(_ t: Double) -> Double {
        let big = 4_503_599_627_370_496.0  // 2^52
        guard t < big && t > -big else { return t }
        let nearest = t >= 0 ? (t + big) - big : (t - big) + big
        return nearest > t ? nearest - 1 : nearest
    }

    /// `Gradient.extended(t, mode)` per lane, exactly: NaN to 0, ±∞ to 1
    /// and 0, pad clamps, repeat takes t − ⌊t⌋, reflect folds t − 2⌊t/2⌋.
    @_transparent
    static func extended(_ t: SIMD2<Double>, _ mode: ExtendMode) -> SIMD2<Double> {
        let zero = SIMD2<Double>(repeating: 0), one = SIMD2<Double>(repeating: 1)
        switch mode {
        case .pad:
            // t > 0 ? (t < 1 ? t : 1) : 0: NaN to 0, as min(max(t, 0), 1)
            // after the non-finite cases.
            return one.replacing(with: t, where: t .< one).replacing(with: zero, where: .!(t .> zero))
        case .repeat, .reflect:
            let finite = (t - t) .== zero  // ∞ − ∞ and NaN are NaN
            let u: SIMD2<Double>
            if mode == .repeat {
                u = t - floor(t)
            } else {
                // t·0.5 is t / 2 exactly (a power of two).
                let m = t - 2 * floor(t * 0.5)
                u = m.replacing(with: 2 - m, where: m .> one)
            }
            return zero.replacing(with: one, where: t .> zero).replacing(with: u, where: finite)
        }
    }

    /// `Int(u · (rampSize − 1) + 0.5)` per lane for u in 0...1 (the entry
    /// `color(t)` reads for u = `Gradient.extended(t, extend)`): the
    /// truncation by the 1.5·2^52 magic add (to nearest in the low
    /// mantissa bits, one lower where it rounded up).
    @inline(__always)
    static func entryIndices(_ u: SIMD2<Double>) -> SIMD2<Int64> {
        let magic = SIMD2<Double>(repeating: 6_755_399_441_055_744.0)
        let v = u * Double(rampSize - 1) + 0.5  // in 0.5...1023.5
        let rounded = v + magic
        let bits = unsafeBitCast(rounded, to: SIMD2<Int64>.self)
        let above = unsafeBitCast(rounded - magic .> v, to: SIMD2<Int64>.self)  // −1 where rounded up
        return (bits &+ above) & Int64(rampSize &- 1)
    }
}
