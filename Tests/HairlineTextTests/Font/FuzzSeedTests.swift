// The font fuzz driver's synthetic seeds (Fuzz/seeds/font) are the
// builder's fonts, byte for byte: HAIRLINE_WRITE_FONT_SEEDS=1 rewrites them
// after a change to the builder; otherwise this checks they are current.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
@testable import HairlineText
import HairlineTestSupport
import Testing

@Suite struct FuzzSeedTests {
    typealias B = FontBuilder

    /// The seeds by file name.
    static func seeds() -> [(String, [UInt8])] {
        let box = B.Glyph(data: B.simple([B.square(0, 0, 100)]))
        let pairs = B.gpos(
            [
                B.pairPos1([(1, 2, -12)], valueFormat1: 0x0005),
                B.pairPos2(class1: [(1, 2, 1)], class2Start: 1, class2: [1, 2], matrix: [[0, 0, 0], [-1, -2, -3]]),
            ],
            extension: true)
        let composite = B.composite([
            B.Component(glyph: 1, dx: 10, dy: 5, scale: .xy(0.5, 1.25)),
            B.Component(glyph: 2, dx: -300, dy: 7, scale: .twoByTwo(0.7, 0.7, -0.7, 0.7)),
        ])
        let map = B.cmap([
            (3, 10, B.cmap12([(0x41, 0x43, 1), (0x1F600, 0x1F600, 3)])),
            (3, 1, B.cmap4([B.Segment(start: 0x41, end: 0x43, delta: 1 - 0x41)])),
        ])
        let gposFont = B.font(
            glyphs: [box, box, B.Glyph(data: []), B.Glyph(data: composite)],
            cmap: map, extra: [("GPOS", pairs)], longLoca: false)
        return [("small.ttf", B.small()), ("pairs.ttf", gposFont), ("cff2.otf", CFF2Builder.font(hvar: true))]
    }

    /// The seeds' folder (absolute path).
    static var directory: String { RepositoryFiles.path("Fuzz/seeds/font") }

    @Test func seedsAreCurrentAndLoad() throws {
        for (name, bytes) in Self.seeds() {
            #expect(throws: Never.self) { try Font(data: bytes) }
            let path = Self.directory + "/" + name
            if getenv("HAIRLINE_WRITE_FONT_SEEDS") != nil, let file = fopen(path, "wb") {
                _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
                fclose(file)
            }
            #expect(
                RepositoryFiles.bytes(at: "Fuzz/seeds/font/" + name) == bytes,
                "\(path) is stale: rerun with HAIRLINE_WRITE_FONT_SEEDS=1")
        }
    }
}
