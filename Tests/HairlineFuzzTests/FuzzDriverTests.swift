// The fuzz drivers, seeded and bounded so CI stays fast: random bytes and
// byte-level mutations (flips, insertions, deletions, splices) of valid
// seeds through every driver. A trap or a malformed output fails the run
// (the drivers stop the process), so reaching the end is the assertion;
// the tests also check the drivers did see valid inputs, not only noise.

import Hairline
@testable import HairlineFuzz
import HairlinePNG
import HairlineSVG
import HairlineTestSupport
import HairlineText
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Testing

struct Mutator {
    var generator: SplitMix64

    init(state: UInt64) { generator = SplitMix64(seed: state) }

    mutating func next() -> UInt64 { generator.next() }

    mutating func int(_ n: Int) -> Int { Int(next() % UInt64(max(n, 1))) }

    mutating func randomBytes(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8(truncatingIfNeeded: next()) } }

    /// A few random edits of `seed`.
    mutating func mutate(_ seed: [UInt8]) -> [UInt8] {
        var bytes = seed
        for _ in 0...int(4) {
            switch int(5) {
            case 0 where !bytes.isEmpty: bytes[int(bytes.count)] ^= UInt8(1 << int(8))
            case 1: bytes.insert(UInt8(truncatingIfNeeded: next()), at: int(bytes.count + 1))
            case 2 where !bytes.isEmpty: bytes.remove(at: int(bytes.count))
            case 3 where !bytes.isEmpty:
                let start = int(bytes.count), length = int(min(16, bytes.count - start) + 1)
                let copy = Array(bytes[start..<min(bytes.count, start + length)])
                bytes.insert(contentsOf: copy, at: int(bytes.count + 1))
            default: if !bytes.isEmpty { bytes[int(bytes.count)] = UInt8(truncatingIfNeeded: next()) }
            }
        }
        return bytes
    }
}

@Suite struct FuzzDriverTests {
    static let svgSeeds = [
        ##"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><rect x="1" y="1" width="18" height="18" rx="4" fill="#fc0" stroke="black" stroke-width="0.5" stroke-dasharray="2 1"/></svg>"##,
        ##"<svg width="24" height="24" viewBox="0 0 12 12"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue" stop-opacity=".5"/></linearGradient><clipPath id="c"><circle cx="6" cy="6" r="5"/></clipPath></defs><g transform="rotate(10 6 6)" clip-path="url(#c)"><path d="M1 1 C 4 0 8 12 11 11 Z" fill="url(#g)" fill-rule="evenodd"/></g></svg>"##,
        ##"<svg width="16" height="16"><pattern id="p" width="4" height="4" patternUnits="userSpaceOnUse"><rect width="2" height="2" fill="green"/></pattern><ellipse cx="8" cy="8" rx="7" ry="4" fill="url(#p)" opacity="0.5"/><polyline points="0,0 16,16 0,16" stroke="#123" fill="none" stroke-linejoin="round"/></svg>"##,
    ]

    static let pathSeeds = [
        "M 1 1 L 20 3 Q 10 20 3 12 Z", "m2 2h10v10h-10z M4 4 a 3 2 30 1 0 6 0",
        "M0,0 C 30 -10 -10 30 20 20 S 5 5 1 22 T 10 10",
        "M 12 12 A 1e30 1e30 0 0 1 13 13 L 1e300 2", "M 3 3 l 0 0 z m 1e-9 1e-9 L nan 3",
    ]

    /// A small PNG made by the encoder (RGBA, some translucency).
    static func pngSeed() throws -> [UInt8] {
        let surface = try Surface(width: 5, height: 3)
        for y in 0..<3 {
            for x in 0..<5 {
                surface.setPixel(
                    x: x, y: y, to: PremultipliedColor(red: UInt8(x * 40), green: UInt8(y * 60), blue: 30, alpha: 200))
            }
        }
        return PNGEncoder.encode(surface)
    }

    func run(_ name: String, seeds: [[UInt8]], count: Int, seed: UInt64) throws {
        let driver = try #require(FuzzDrivers.all.first { $0.name == name }?.run)
        var random = Mutator(state: seed)
        for seedBytes in seeds { driver(seedBytes) }
        for i in 0..<count {
            if seeds.isEmpty || i % 3 == 0 {
                driver(random.randomBytes(random.int(200)))
            } else {
                driver(random.mutate(seeds[random.int(seeds.count)]))
            }
        }
    }

    @Test func pngDriver() throws {
        let seed = try Self.pngSeed()
        // The seed itself decodes: the driver reaches its checks.
        #expect(try PNGDecoder.decode(seed).width == 5)
        try run("png", seeds: [seed], count: 1500, seed: 1)
    }

    /// The svg driver's seed files (Fuzz/seeds/svg), read whole.
    static func svgSeedFiles() -> [[UInt8]] {
        ["text.svg", "css-structure.svg", "masking.svg", "servers-entities.svg"].compactMap {
            RepositoryFiles.bytes(at: "Fuzz/seeds/svg/" + $0)
        }
    }

    @Test func svgDriver() throws {
        let files = Self.svgSeedFiles()
        #expect(files.count == 4)
        // The seed files read and draw something: the driver reaches text.
        for file in files {
            let document = try SVGDocument(parsingUTF8: file)
            #expect(!document.fillCommands().isEmpty)
        }
        try run("svg", seeds: Self.svgSeeds.map { Array($0.utf8) } + files, count: 600, seed: 2)
    }

    @Test func pathDataDriver() throws {
        // A style prefix of 16 bytes, then the path data.
        let prefix = [UInt8](repeating: 1, count: 16)
        try run("pathdata", seeds: Self.pathSeeds.map { prefix + Array($0.utf8) }, count: 600, seed: 3)
    }

    @Test func drawDriver() throws {
        try run("draw", seeds: [], count: 1500, seed: 4)
    }

    @Test func tableDriver() throws {
        try run("table", seeds: [], count: 600, seed: 5)
    }

    /// The font driver's synthetic seeds (Fuzz/seeds/font), read whole.
    static func fontSeeds() -> [[UInt8]] {
        ["small.ttf", "pairs.ttf", "cff2.otf"].compactMap { RepositoryFiles.bytes(at: "Fuzz/seeds/font/" + $0) }
    }

    @Test func fontDriver() throws {
        let small = Self.fontSeeds()
        #expect(small.count == 3)
        // The seeds parse: the driver reaches its queries and fills.
        for seed in small { #expect(throws: Never.self) { try Font(data: seed) } }
        try run("font", seeds: small, count: 1500, seed: 6)
        // The bundled fonts, whole and a few mutations of them.
        let bundled = try BundledFont.allCases.map { try $0.data() }
        try run("font", seeds: bundled, count: 30, seed: 7)
    }

    /// Variable and color fonts (the text tests' fixtures): gvar, avar,
    /// HVAR, COLR v0 and v1, CPAL and CBDT whole and mutated.
    @Test func fontDriverOnVariableAndColorFonts() throws {
        let names = [
            "NotoColorEmojiCBDT.subset.ttf", "NotoColorEmojiCOLR.subset.ttf", "NotoZnamennyMusicalNotation-Regular.ttf",
            "RobotoFlex.subset.ttf",
        ]
        let seeds = names.compactMap {
            RepositoryFiles.bytes(at: "Tests/HairlineTextTests/Fixtures/VariableAndColorFonts/" + $0)
        }
        #expect(seeds.count == names.count)
        for seed in seeds { #expect(throws: Never.self) { try Font(data: seed) } }
        try run("font", seeds: seeds, count: 80, seed: 9)
    }

    @Test func specDriver() throws {
        // The example specs (their images beside them), whole and mutated.
        setenv("HAIRLINE_FUZZ_SPEC_DIR", RepositoryFiles.path("Examples/tables"), 1)
        let names = [
            "alternating", "arabic", "chinese", "dark-red", "fill-and-border", "image-cells", "ios7", "japanese",
        ]
        let seeds = names.compactMap { RepositoryFiles.bytes(at: "Examples/tables/\($0).json") }
        #expect(seeds.count == names.count)
        try run("spec", seeds: seeds, count: 400, seed: 8)
    }

    @Test func inputReaderNeverRunsOut() {
        var input = FuzzInput([7])
        #expect(input.byte() == 7)
        #expect(input.isAtEnd)
        #expect(input.byte() == 0 && input.int(3...9) == 3 && !input.bool())
        #expect(input.coordinate().isFinite)
    }
}
