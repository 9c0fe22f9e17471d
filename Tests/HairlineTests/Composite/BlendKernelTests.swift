// The packed-pixel helpers under the blend kernels, each against a plain
// per-byte reference (exhaustive where the domain allows), and the generic
// source-over kernel against the existing SolidSourceOver sink.

import Testing
@testable import Hairline
import HairlineTestSupport

@Suite struct BlendKernelTests {
    /// Byte `lane` (0...3) of a packed value, by position in the UInt32.
    static func lane(_ v: UInt32, _ lane: Int) -> Int { Int((v >> (8 * UInt32(lane))) & 0xFF) }

    @Test func saturatingAddBytesClampsEveryPairOfBytes() {
        for a in UInt32(0)...255 {
            for b in UInt32(0)...255 {
                // Four lanes with different pairings, so carries between lanes would show.
                let x = a | b << 8 | (255 - a) << 16 | (a ^ b) << 24
                let y = b | a << 8 | (255 - b) << 16 | b << 24
                let sum = saturatingAddBytes(x, y)
                for k in 0..<4 {
                    let want = min(255, Self.lane(x, k) + Self.lane(y, k))
                    if Self.lane(sum, k) != want {
                        Issue.record("lane \(k): \(Self.lane(x, k)) + \(Self.lane(y, k)) gave \(Self.lane(sum, k))")
                        return
                    }
                }
            }
        }
    }

    @Test func lerpPackedIsExactForEveryWeight() {
        for weight in UInt32(0)...255 {
            for v in UInt32(0)...255 {
                let old = v | (255 - v) << 8 | (v ^ 0xA5) << 16 | (v / 3) << 24
                let new = (255 - v) | (v / 2) << 8 | v << 16 | (v ^ 0x3C) << 24
                let mixed = lerpPacked(from: old, to: new, weight: weight)
                for k in 0..<4 {
                    let exact =
                        (Double(Self.lane(new, k)) * Double(weight)
                            + Double(Self.lane(old, k)) * Double(255 - weight)) / 255
                    if Self.lane(mixed, k) != Int(exact.rounded()) {
                        Issue.record("weight \(weight) lane \(k): \(Self.lane(mixed, k)) != \(exact)")
                        return
                    }
                }
            }
        }
        #expect(lerpPacked(from: 0x1234_5678, to: 0x9ABC_DEF0, weight: 0) == 0x1234_5678)
        #expect(lerpPacked(from: 0x1234_5678, to: 0x9ABC_DEF0, weight: 255) == 0x9ABC_DEF0)
    }

    @Test func mixPackedRoundsOnceWhileTheSumFits() {
        var rng = SplitMix64(seed: 0x0DD_BA11)
        for _ in 0..<20_000 {
            let wx = UInt32(rng.int(in: 0...255)), wy = UInt32(rng.int(in: 0...255))
            // Bytes small enough that x·wx + y·wy ≤ 255·255 in every lane.
            // Each product stays within half of 255·255.
            func byte(weight: UInt32) -> UInt32 {
                let budget = weight == 0 ? 255 : min(255, 65_025 / 2 / Int(weight))
                return UInt32(rng.int(in: 0...budget))
            }
            var x: UInt32 = 0, y: UInt32 = 0
            for k in 0..<4 {
                x |= byte(weight: wx) << (8 * UInt32(k))
                y |= byte(weight: wy) << (8 * UInt32(k))
            }
            let mixed = mixPacked(x, weight: wx, y, weight: wy)
            for k in 0..<4 {
                let exact = Double(Self.lane(x, k) * Int(wx) + Self.lane(y, k) * Int(wy)) / 255
                if Self.lane(mixed, k) != Int(exact.rounded()) {
                    Issue.record("x \(x) · \(wx) + y \(y) · \(wy), lane \(k): \(Self.lane(mixed, k)) != \(exact)")
                    return
                }
            }
        }
    }

    @Test func packedAlphaAndChannelsFollowMemoryOrder() {
        let color = PremultipliedColor(red: 10, green: 20, blue: 30, alpha: 40)
        #expect(packedAlpha(color.packed) == 40)
        let channels = PixelChannels(packed: color.packed)
        #expect([channels.red, channels.green, channels.blue, channels.alpha] == [10, 20, 30, 40])
        #expect(channels.packed == color.packed)
        // Channels above alpha are clamped on the way in.
        let invalid = PixelChannels(packed: PremultipliedColor(red: 200, green: 5, blue: 90, alpha: 80).packed)
        #expect([invalid.red, invalid.green, invalid.blue] == [80, 5, 80])
    }

    @Test(arguments: [UInt8(255), 200, 77, 1, 0])
    func sourceOverMatchesSolidSourceOver(sourceAlpha: UInt8) throws {
        // Full coverage: byte for byte. Partial: the sink scales the source
        // and its alpha first and rounds three times (up to 1.47 from exact),
        // the kernel rounds the result and the lerp (under 1 from exact);
        // each is within 1 of the rounded exact value, so they differ by ≤ 2.
        let source = Color(red: 0.2, green: 0.9, blue: 0.5, alpha: Double(sourceAlpha) / 255).premultiplied
        var rng = SplitMix64(seed: 0x50_0E4)
        let width = 256
        let surface = try Surface(width: width, height: 1)
        var row = [UInt32](repeating: 0, count: width)
        for x in 0..<width {
            let color = BlendSamples.randomColor(&rng)
            surface.setPixel(x: x, y: 0, to: color)
            row[x] = color.packed
        }
        let coverage = (0..<width).map { UInt8($0) }
        var sink = SolidSourceOver(surface: surface, color: source)
        for x in 0..<width { sink.blendRun(x: x, y: 0, count: 1, coverage: coverage[x]) }
        coverage.withUnsafeBufferPointer { c in
            row.withUnsafeMutableBufferPointer { d in
                blendRow(
                    .sourceOver, source: source.packed, destination: d.baseAddress!, count: width,
                    coverage: c.baseAddress!)
            }
        }
        for x in 0..<width {
            let sinkPixel = surface.pixel(x: x, y: 0)!, kernelPixel = PremultipliedColor(packed: row[x])
            for k in 0..<4 {
                let difference = abs(sinkPixel[channel: k] - kernelPixel[channel: k])
                #expect(difference <= (x == 255 ? 0 : 2), "coverage \(x): \(sinkPixel) vs \(kernelPixel)")
            }
        }
    }
}
