// The gradient ramp's preparation without a per-draw array: the ramp is
// kept for gradients whose stops normalize alike (its entries depend on
// nothing else), emptied when a stop, the alpha or the byte order changes;
// and entries worked out through the kept stop-pair lerp
// (`Ramp.LerpCache`) are `Ramp.entry`'s, whatever order they are read in.

@testable import Hairline
import HairlineTestSupport
import Testing

@Suite struct RampPreparationTests {
    static let red = Color(red: 1, green: 0, blue: 0, alpha: 0.5)
    static let green = Color(red: 0, green: 1, blue: 0, alpha: 1)
    static let blue = Color(red: 0, green: 0, blue: 1, alpha: 0.25)

    /// The entries filled in `ramp`.
    static func filled(_ ramp: Ramp) -> Int {
        (0..<rampSize).filter { ramp.colors[$0] != Ramp.unfilled }.count
    }

    @Test func stopsThatNormalizeAlikeKeepTheRamp() {
        let preparation = ShaderPreparation()
        let a = Gradient(stops: [
            GradientStop(location: 0, color: Self.red), GradientStop(location: 0.5, color: Self.green),
            GradientStop(location: 1, color: Self.blue),
        ])
        var ramp = preparation.prepareRamp(a, alpha: 1, swapsRedBlue: false)
        let first = ramp.color(0.3)
        #expect(Self.filled(ramp) == 1)
        // Locations clamped (−0.5 → 0, 2 → 1) and made non-decreasing
        // (0.4 after 0.5 → 0.5): the same normalized stops.
        let b = Gradient(stops: [
            GradientStop(location: -0.5, color: Self.red), GradientStop(location: 0.5, color: Self.green),
            GradientStop(location: 2, color: Self.blue),
        ])
        #expect(b.normalizedStops == a.normalizedStops)
        ramp = preparation.prepareRamp(b, alpha: 1, swapsRedBlue: false)
        #expect(Self.filled(ramp) == 1, "kept")
        #expect(ramp.color(0.3) == first)
        // A stop's color, the alpha, the byte order or the stop count
        // changed: emptied.
        let c = Gradient(stops: [
            GradientStop(location: 0, color: Self.red), GradientStop(location: 0.5, color: Self.blue),
            GradientStop(location: 1, color: Self.blue),
        ])
        ramp = preparation.prepareRamp(c, alpha: 1, swapsRedBlue: false)
        #expect(Self.filled(ramp) == 0)
        #expect(ramp.color(0.3) != first)
        _ = preparation.prepareRamp(a, alpha: 1, swapsRedBlue: false).color(0.3)
        #expect(Self.filled(preparation.prepareRamp(a, alpha: 0.5, swapsRedBlue: false)) == 0)
        _ = preparation.prepareRamp(a, alpha: 1, swapsRedBlue: false).color(0.3)
        #expect(Self.filled(preparation.prepareRamp(a, alpha: 1, swapsRedBlue: true)) == 0)
        _ = preparation.prepareRamp(a, alpha: 1, swapsRedBlue: false).color(0.3)
        let two = Gradient(stops: Array(a.stops.prefix(2)))
        #expect(Self.filled(preparation.prepareRamp(two, alpha: 1, swapsRedBlue: false)) == 0)
        // A NaN alpha never matches (as before): emptied every time.
        _ = preparation.prepareRamp(a, alpha: .nan, swapsRedBlue: false).color(0.3)
        #expect(Self.filled(preparation.prepareRamp(a, alpha: .nan, swapsRedBlue: false)) == 0)
    }

    /// A new gradient finds every entry empty however the last one was
    /// filled: a few entries one at a time (emptied from their list),
    /// more than the list holds, stretches, or both; and a ramp read
    /// again after that holds `Ramp.entry`'s values.
    @Test func aNewGradientFindsEveryEntryEmpty() {
        var rng = SplitMix64(seed: 0xE3)
        func unit() -> Double { Double(rng.next() >> 11) / Double(1 << 53) }
        let preparation = ShaderPreparation()
        for trial in 0..<120 {
            let stops = (0..<Int(1 + rng.next() % 4)).map { _ in
                GradientStop(
                    location: unit(), color: Color(red: unit(), green: unit(), blue: unit(), alpha: unit()))
            }
            let gradient = Gradient(stops: stops)
            let ramp = preparation.prepareRamp(gradient, alpha: 1, swapsRedBlue: false)
            #expect(Self.filled(ramp) == 0, "trial \(trial): emptied")
            let singles = [0, 1, Ramp.listCapacity - 1, Ramp.listCapacity, Ramp.listCapacity + 1, 300][trial % 6]
            for _ in 0..<singles { _ = ramp.color(unit() * 1.4 - 0.2) }
            if trial % 4 == 3 {
                let a = Int(rng.next() % UInt64(rampSize)), b = Int(rng.next() % UInt64(rampSize))
                ramp.fillEntries(min(a, b), max(a, b))
            }
            let normalized = gradient.normalizedStops
            for i in 0..<rampSize where ramp.colors[i] != Ramp.unfilled {
                let expected = normalized.withUnsafeBufferPointer { Ramp.entry(i, stops: $0, alpha: 1) }
                #expect(ramp.colors[i] == expected, "trial \(trial), entry \(i)")
            }
        }
    }

    @Test func opacityFollowsTheStopsAndAlpha() {
        let preparation = ShaderPreparation()
        let opaque = Gradient(from: Color(red: 1, green: 0, blue: 0, alpha: 1), to: Self.green)
        #expect(preparation.prepareRamp(opaque, alpha: 1, swapsRedBlue: false).isOpaque)
        #expect(!preparation.prepareRamp(opaque, alpha: 0.9, swapsRedBlue: false).isOpaque)
        #expect(
            !preparation.prepareRamp(Gradient(from: Self.red, to: Self.green), alpha: 1, swapsRedBlue: false).isOpaque)
        #expect(!preparation.prepareRamp(Gradient(stops: []), alpha: 1, swapsRedBlue: false).isOpaque)
    }

    @Test func cachedLerpsGiveTheEntriesInAnyOrder() {
        var rng = SplitMix64(seed: 35)
        func unit() -> Double { Double(rng.next() >> 11) / Double(1 << 53) }
        for _ in 0..<100 {
            let stops = (0..<Int(1 + rng.next() % 5)).map { _ in
                GradientStop(
                    location: rng.next() % 3 == 0 ? 0.5 : unit() * 1.2 - 0.1,
                    color: Color(red: unit(), green: unit(), blue: unit(), alpha: unit()))
            }
            let alpha = rng.next() % 2 == 0 ? 1 : unit()
            let normalized = Gradient(stops: stops).normalizedStops
            normalized.withUnsafeBufferPointer { stops in
                var lerps = Ramp.LerpCache()
                for _ in 0..<400 {
                    // Runs of neighbours and jumps across pairs.
                    let i = rng.next() % 2 == 0 ? Int(rng.next() % UInt64(rampSize)) : Int(rng.next() % 8) * 146
                    let cached = Ramp.entry(i, stops: stops, alpha: alpha, lerps: &lerps)
                    #expect(cached == Ramp.entry(i, stops: stops, alpha: alpha), "entry \(i) of \(normalized)")
                }
            }
        }
    }
}
