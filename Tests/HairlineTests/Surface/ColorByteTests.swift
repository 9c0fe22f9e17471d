// `Color.byte` (and its lane form `Color.bytes`) converts 0...1 to a byte
// without a libm call: it must give `(unit(v) * 255).rounded()` exactly,
// for every value, ties included.

@testable import Hairline
import HairlineTestSupport
import Testing

@Suite struct ColorByteTests {
    static func reference(_ v: Double) -> UInt8 { UInt8((Color.unit(v) * 255).rounded()) }

    @Test func byteEqualsRoundedConversionEverywhere() {
        // Every tie and its neighbours, the ends, non-finite values.
        var values: [Double] = [
            0, 1, -0.0, -1, 2, .nan, .infinity, -.infinity, .ulpOfOne, 1 - .ulpOfOne,
            .leastNonzeroMagnitude, 0.5 / 255, 254.5 / 255,
        ]
        for k in 0...255 {
            let tie = (Double(k) + 0.5) / 255
            values += [
                tie, tie.nextUp, tie.nextDown, Double(k) / 255, (Double(k) / 255).nextUp, (Double(k) / 255).nextDown,
            ]
        }
        var rng = SplitMix64(seed: 255)
        for _ in 0..<200_000 { values.append(Double(rng.next() >> 11) / Double(1 << 53) * 1.2 - 0.1) }
        for v in values {
            #expect(Color.byte(v) == Self.reference(v), "\(v)")
        }
        // The lane form (`Color.bytes`), each value beside another.
        for (i, v) in values.enumerated() {
            let w = values[(i &* 7919) % values.count]
            let lanes = Color.bytes(SIMD2(v, w))
            #expect(lanes[0] == UInt64(Self.reference(v)) && lanes[1] == UInt64(Self.reference(w)), "\(v), \(w)")
        }
        // Values whose x = v·255 lands exactly on a half level, and its neighbours.
        for k in 0...254 {
            let x = Double(k) + 0.5
            for y in [x, x.nextUp, x.nextDown] {
                let lanes = Color.bytes(SIMD2(y / 255, y / 255)), exact = Color.bytes(SIMD2(x / 255, 1))
                #expect(lanes[0] == UInt64(Color.byte(y / 255)) && exact[1] == 255)
            }
        }
    }
}

/// The gradient ramp, its per-segment work hoisted, is `Ramp.packLerp`
/// entry by entry, for random stops (hard edges, stops out of order,
/// translucent colors) and alphas.
@Suite struct RampFillTests {
    @Test func rampEntriesArePackLerpsOfTheirStops() {
        var rng = SplitMix64(seed: 1024)
        func unit() -> Double { Double(rng.next() >> 11) / Double(1 << 53) }
        let storage = UnsafeMutablePointer<UInt32>.allocate(capacity: rampSize)
        defer { storage.deallocate() }
        for _ in 0..<300 {
            let stops = (0..<Int(1 + rng.next() % 5)).map { _ in
                GradientStop(
                    location: rng.next() % 4 == 0 ? 0.5 : unit() * 1.2 - 0.1,
                    color: Color(red: unit(), green: unit(), blue: unit(), alpha: unit()))
            }
            let gradient = Gradient(stops: stops)
            let alpha = rng.next() % 2 == 0 ? 1 : unit()
            let normalized = gradient.normalizedStops
            normalized.withUnsafeBufferPointer { stops in
                for i in 0..<rampSize { storage[i] = Ramp.entry(i, stops: stops, alpha: alpha) }
            }
            var k = 0
            for i in 0..<rampSize {
                let t = Double(i) / Double(rampSize - 1)
                while k + 1 < normalized.count, normalized[k + 1].location <= t { k += 1 }
                let expected: UInt32
                if t <= normalized[0].location && k == 0 {
                    expected = Ramp.packLerp(normalized[0].color, normalized[0].color, 0, alpha: alpha)
                } else if k == normalized.count - 1 {
                    expected = Ramp.packLerp(normalized[k].color, normalized[k].color, 0, alpha: alpha)
                } else {
                    let a = normalized[k], b = normalized[k + 1]
                    expected = Ramp.packLerp(
                        a.color, b.color, (t - a.location) / (b.location - a.location), alpha: alpha)
                }
                if storage[i] != expected {
                    Issue.record("entry \(i) of \(stops): \(storage[i]) != \(expected)")
                    return
                }
            }
        }
    }
}

/// The lazy ramp: read in any order, at any t and extend mode, in either
/// byte order, it gives the entry `Ramp.entry` gives, fills only what it
/// reads, and a gradient's ramp is kept (not emptied) while it is reused.
@Suite struct LazyRampTests {
    @Test func lazyEntriesAreTheEagerOnes() {
        var rng = SplitMix64(seed: 4096)
        func unit() -> Double { Double(rng.next() >> 11) / Double(1 << 53) }
        let preparation = ShaderPreparation()
        for trial in 0..<200 {
            let stops = (0..<Int(rng.next() % 6)).map { _ in
                GradientStop(
                    location: rng.next() % 4 == 0 ? 0.25 : unit() * 1.2 - 0.1,
                    color: Color(red: unit(), green: unit(), blue: unit(), alpha: rng.next() % 2 == 0 ? 1 : unit()))
            }
            let extend = [ExtendMode.pad, .repeat, .reflect][trial % 3]
            let gradient = Gradient(stops: stops, extend: extend)
            let alpha = rng.next() % 2 == 0 ? 1 : unit()
            let swapped = trial % 4 == 1
            let ramp = preparation.prepareRamp(gradient, alpha: alpha, swapsRedBlue: swapped)
            let normalized = gradient.normalizedStops
            var read = Set<Int>()
            for _ in 0..<200 {
                let t = unit() * 3 - 1
                let u = Gradient.extended(t, extend)
                let i = Int(u * Double(rampSize - 1) + 0.5)
                read.insert(i)
                var expected = normalized.withUnsafeBufferPointer { Ramp.entry(i, stops: $0, alpha: Color.unit(alpha)) }
                if swapped { expected = swapRedBlue(expected) }
                let got = ramp.color(t)
                if got != expected {
                    Issue.record("trial \(trial), t \(t): \(got) != \(expected)")
                    return
                }
            }
            let filled = (0..<rampSize).filter { ramp.colors[$0] != Ramp.unfilled }
            #expect(Set(filled) == read, "only the entries read are filled")
            // Opaque exactly when every entry's alpha is 255 would be
            // (here: every stop and the alpha opaque).
            let allOpaque =
                !normalized.isEmpty
                && (0..<rampSize).allSatisfy { i in
                    packedAlpha(
                        normalized.withUnsafeBufferPointer { Ramp.entry(i, stops: $0, alpha: Color.unit(alpha)) })
                        == 255
                }
            if ramp.isOpaque { #expect(allOpaque) }
            // The same gradient again: the kept entries stay.
            let again = preparation.prepareRamp(gradient, alpha: alpha, swapsRedBlue: swapped)
            #expect((0..<rampSize).filter { again.colors[$0] != Ramp.unfilled }.count == filled.count)
        }
    }

    /// Stretches of entries filled at once (`fillEntries`: a walk along
    /// the stops, four channels in vector lanes) hold what `Ramp.entry`
    /// gives, in either byte order, and the lane form of a lerp gives the
    /// scalar one's bytes at any fraction and alpha.
    @Test func stretchesAreTheEntries() {
        var rng = SplitMix64(seed: 0x57E7)
        func unit() -> Double { Double(rng.next() >> 11) / Double(1 << 53) }
        let preparation = ShaderPreparation()
        for trial in 0..<300 {
            let stops = (0..<Int(rng.next() % 7)).map { _ in
                GradientStop(
                    // (Some on an entry's t exactly: runs end there.)
                    location: rng.next() % 4 == 0
                        ? [0, 0.5, 1, Double(rng.next() % UInt64(rampSize)) / Double(rampSize - 1)][
                            Int(rng.next() % 4)]
                        : unit() * 1.2 - 0.1,
                    color: Color(red: unit(), green: unit(), blue: unit(), alpha: rng.next() % 2 == 0 ? 1 : unit()))
            }
            let gradient = Gradient(stops: stops)
            let alpha = [1, 0, unit(), 0.5][trial % 4]
            let swapped = trial % 3 == 1
            let ramp = preparation.prepareRamp(gradient, alpha: alpha, swapsRedBlue: swapped)
            let normalized = gradient.normalizedStops
            for _ in 0..<4 {
                let a = Int(rng.next() % UInt64(rampSize)), b = Int(rng.next() % UInt64(rampSize))
                ramp.fillEntries(min(a, b), max(a, b))
                for i in min(a, b)...max(a, b) {
                    var expected = normalized.withUnsafeBufferPointer {
                        Ramp.entry(i, stops: $0, alpha: Color.unit(alpha))
                    }
                    if swapped { expected = swapRedBlue(expected) }
                    if ramp.colors[i] != expected {
                        Issue.record("trial \(trial), entry \(i): \(ramp.colors[i]) != \(expected)")
                        return
                    }
                }
            }
        }
        for _ in 0..<20_000 {
            let a = Color(red: unit(), green: unit(), blue: unit(), alpha: unit())
            let b = Color(red: unit(), green: unit(), blue: unit(), alpha: rng.next() % 2 == 0 ? 1 : unit())
            let lerp = Ramp.Lerp(a, b)
            let f = [0, 1, unit(), unit() * 1e-9, 1 - unit() * 1e-9][Int(rng.next() % 5)]
            let alpha = [1, 0, unit()][Int(rng.next() % 3)]
            #expect(lerp.packedLanes(f, alpha: alpha) == lerp.packed(f, alpha: alpha))
        }
        // Channels landing exactly on half a level round up, as Color.byte does.
        for level in 0...255 {
            let v = (Double(level) + 0.5) / 255
            let lerp = Ramp.Lerp(r0: v, g0: v, b0: v, a0: v, dr: 0, dg: 0, db: 0, da: 0)
            #expect(lerp.packedLanes(0, alpha: 1) == lerp.packed(0, alpha: 1))
        }
    }
}
