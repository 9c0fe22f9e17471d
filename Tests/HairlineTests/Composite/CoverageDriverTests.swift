// The coverage-mask driver (Composite/CoverageMaskDriver.swift): one-byte
// values are read a word at a time; the kernel must get exactly the calls
// of the plain walk written here (zeros skipped, runs of four or more as
// one fill or blend, else a group of four from the first non-zero, or of
// what remains at the row's end with its trailing zeros left out; the
// 32-bit alpha walk leaves every group's trailing zeros out), for every
// placement, clip and row length (runs and zero stretches crossing every
// word boundary), and nothing outside the region may be read into them.
// (That zeros in a group leave their pixels alone is each kernel's
// contract, tested in SpanKernelTests.)

import Testing
import HairlineTestSupport
@testable import Hairline

/// A kernel that records its calls.
struct RecordingKernel: SpanKernel {
    enum Call: Equatable {
        case row(Int)
        case fill(x: Int, count: Int)
        case blend(x: Int, count: Int, coverage: UInt32)
        case group(x: Int, count: Int, coverage: UInt32)
    }

    var calls: [Call] = []
    mutating func beginRow(_ y: Int) { calls.append(.row(y)) }
    mutating func fill(x: Int, count: Int) { calls.append(.fill(x: x, count: count)) }
    mutating func blend(x: Int, count: Int, coverage: UInt32) {
        calls.append(.blend(x: x, count: count, coverage: coverage))
    }
    mutating func blendGroup(x: Int, count: Int, coverage: UInt32) {
        calls.append(.group(x: x, count: count, coverage: coverage))
    }
}

@Suite struct CoverageDriverTests {
    /// The plain walk: value by value, as the driver's contract states.
    static func referenceCalls(_ rows: CoverageRows, atX x: Int, y: Int, clip: PixelRect) -> [RecordingKernel.Call] {
        let wholeGroups = rows.bytesPerValue == 1
        var calls: [RecordingKernel.Call] = []
        let region = rows.placed(atX: x, y: y, within: clip)
        guard !region.isEmpty else { return calls }
        for deviceY in region.minY..<region.maxY {
            func value(_ c: Int) -> UInt32 {
                UInt32(rows.base[(deviceY - y) * rows.bytesPerRow + (c - x) * rows.bytesPerValue])
            }
            var begun = false
            var c = region.minX
            while c < region.maxX {
                let v = value(c)
                if v == 0 {
                    c += 1
                    continue
                }
                if !begun {
                    calls.append(.row(deviceY))
                    begun = true
                }
                var runEnd = c + 1
                while runEnd < region.maxX && value(runEnd) == v { runEnd += 1 }
                if runEnd - c >= 4 {
                    calls.append(
                        v == 255
                            ? .fill(x: c, count: runEnd - c)
                            : .blend(x: c, count: runEnd - c, coverage: v))
                    c = runEnd
                    continue
                }
                var packed: UInt32 = 0
                var count = 0
                for i in 0..<min(4, region.maxX - c) {
                    let w = value(c + i)
                    packed |= w << UInt32(8 * i)
                    if w != 0 || (wholeGroups && region.maxX - c >= 4) { count = i + 1 }
                }
                calls.append(.group(x: c, count: count, coverage: packed))
                c += count
            }
        }
        return calls
    }

    /// Random bytes in runs: zeros, full, one value, noise; long zero and
    /// full stretches often (the word-at-a-time paths).
    static func randomValues(_ rng: inout SplitMix64, count: Int) -> [UInt8] {
        var values = [UInt8](repeating: 0, count: count)
        var i = 0
        while i < count {
            let run = [rng.int(in: 1...4), rng.int(in: 1...12), rng.int(in: 8...40)][rng.int(in: 0...2)]
            let kind = rng.int(in: 0...4)
            let value = UInt8([0, 255, rng.int(in: 1...254), 0, 255][kind])
            for k in i..<min(i + run, count) {
                values[k] = kind == 2 && rng.int(in: 0...3) == 0 ? UInt8(rng.int(in: 0...255)) : value
            }
            i += run
        }
        return values
    }

    @Test func oneByteValuesDriveTheCallsOfThePlainWalk() {
        var rng = SplitMix64(seed: 0xD21E)
        for round in 0..<3000 {
            // Rows with padding and garbage around the mask's columns.
            let width = rng.int(in: 1...70), height = rng.int(in: 1...6)
            let padding = rng.int(in: 0...9)
            let bytesPerRow = width + padding + rng.int(in: 0...3)
            var storage = rng.bytes(bytesPerRow * height + padding)
            let values = Self.randomValues(&rng, count: width * height)
            for j in 0..<height {
                for i in 0..<width { storage[padding + j * bytesPerRow + i] = values[j * width + i] }
            }
            let x = rng.int(in: -20...20), y = rng.int(in: -4...4)
            let clip = PixelRect(
                minX: rng.int(in: -5...30), minY: rng.int(in: -3...3), maxX: rng.int(in: 0...90),
                maxY: rng.int(in: 0...8))
            storage.withUnsafeBufferPointer { buffer in
                let rows = CoverageRows(
                    base: buffer.baseAddress! + padding, width: width, height: height,
                    bytesPerRow: bytesPerRow, bytesPerValue: 1)
                var kernel = RecordingKernel()
                driveCoverage(rows, atX: x, y: y, clip: clip, into: &kernel)
                let expected = Self.referenceCalls(rows, atX: x, y: y, clip: clip)
                #expect(kernel.calls == expected, "seed \(rng.seed) round \(round)")
            }
        }
    }

    @Test func fourByteValuesDriveTheCallsOfThePlainWalk() {
        // (The 32-bit alpha walk is unchanged; checked on the same terms.)
        var rng = SplitMix64(seed: 0xD21F)
        for round in 0..<300 {
            let width = rng.int(in: 1...30), height = rng.int(in: 1...4)
            var storage = [UInt8](repeating: 0, count: width * height * 4)
            let values = Self.randomValues(&rng, count: width * height)
            for i in 0..<(width * height) { storage[4 * i + 3] = values[i] }
            let x = rng.int(in: -10...10), y = rng.int(in: -2...2)
            let clip = PixelRect(minX: 0, minY: 0, maxX: rng.int(in: 1...40), maxY: rng.int(in: 1...6))
            storage.withUnsafeBufferPointer { buffer in
                let rows = CoverageRows(
                    base: buffer.baseAddress! + 3, width: width, height: height,
                    bytesPerRow: width * 4, bytesPerValue: 4)
                var kernel = RecordingKernel()
                driveCoverage(rows, atX: x, y: y, clip: clip, into: &kernel)
                #expect(
                    kernel.calls == Self.referenceCalls(rows, atX: x, y: y, clip: clip),
                    "seed \(rng.seed) round \(round)")
            }
        }
    }
}

/// The driver sends groups of four with zeros in them; every kernel must
/// leave those pixels as they are, in every blend mode, under a clip mask
/// or not, onto a pending clear or drawn pixels: a mask draws as its
/// columns drawn one by one (one-wide masks, whose zeros are never sent).
@Suite struct ZeroCoverageInGroupsTests {
    @Test(arguments: BlendMode.allCases)
    func aMaskDrawsAsItsColumnsAlone(mode: BlendMode) throws {
        var rng = SplitMix64(seed: 0x2E40 &+ UInt64(BlendMode.allCases.firstIndex(of: mode)!))
        for round in 0..<24 {
            let width = rng.int(in: 4...24), height = rng.int(in: 1...6)
            let mask = try Surface(width: width, height: height, format: .a8)
            mask.withUnsafeMutableBytes { raw in
                // Mostly zeros between sparse values: groups with zeros.
                for i in 0..<raw.count {
                    raw[i] = rng.int(in: 0...2) == 0 ? UInt8([255, rng.int(in: 1...254)][rng.int(in: 0...1)]) : 0
                }
            }
            let paint = CoverageDrawTests.randomPaint(&rng)
            let whole = try Surface(width: width + 2, height: height + 2)
            let columns = try Surface(width: width + 2, height: height + 2)
            let a = Canvas(surface: whole), b = Canvas(surface: columns)
            CoverageDrawTests.paintBackground(&rng, [a, b], width: width + 2, height: height + 2)
            if rng.int(in: 0...1) == 0 {
                var path = Path()
                path.addEllipse(in: Rect(x: 0.5, y: 0.25, width: Double(width), height: Double(height) + 1.5))
                for canvas in [a, b] { canvas.clip(to: path) }
            }
            for canvas in [a, b] { canvas.blendMode = mode }
            a.draw(coverage: mask, atDeviceX: 1, y: 1, with: paint)
            let column = try Surface(width: 1, height: height, format: .a8)
            for x in 0..<width {
                for y in 0..<height {
                    column.setPixel(
                        x: 0, y: y,
                        to: PremultipliedColor(
                            red: 0, green: 0, blue: 0,
                            alpha: mask.pixel(x: x, y: y)!.alpha))
                }
                b.draw(coverage: column, atDeviceX: 1 + x, y: 1, with: paint)
            }
            whole.flush()
            columns.flush()
            #expect(whole.bytes == columns.bytes, "seed \(rng.seed) round \(round) \(mode) \(paint)")
        }
    }
}
