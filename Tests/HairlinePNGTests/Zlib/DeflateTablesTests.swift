// Tests of DEFLATE's computed tables against the tables printed in RFC 1951
// (copied into the test inflater), and of the length/distance symbol
// lookups for every possible length and distance.

import Testing
@testable import HairlinePNG

@Suite struct DeflateTablesTests {
    @Test func lengthAndDistanceTablesMatchRFC() {
        #expect(Deflate.lengthBase.map(Int.init) == TestInflater.lengthBase)
        #expect(Deflate.lengthExtraBits.map(Int.init) == TestInflater.lengthExtra)
        #expect(Deflate.distanceBase.map(Int.init) == TestInflater.distanceBase)
        #expect(Deflate.distanceExtraBits.map(Int.init) == TestInflater.distanceExtra)
        #expect(Deflate.codeLengthOrder == TestInflater.codeLengthOrder)
    }

    @Test func everyLengthMapsToItsSymbol() {
        for length in 3...258 {
            let index = Int(Deflate.lengthSymbolTable[length]) - 257
            let base = TestInflater.lengthBase[index]
            let span = 1 << TestInflater.lengthExtra[index]
            #expect(length >= base && length < base + span, "length \(length) -> symbol \(index + 257)")
        }
        #expect(Deflate.lengthSymbolTable[258] == 285)
    }

    @Test func everyDistanceMapsToItsSymbol() {
        Deflate.distanceSymbolTable.withUnsafeBufferPointer { table in
            for distance in 1...32_768 {
                let symbol = Deflate.distanceSymbol(for: distance, table: table)
                let base = TestInflater.distanceBase[symbol]
                let span = 1 << TestInflater.distanceExtra[symbol]
                #expect(distance >= base && distance < base + span, "distance \(distance) -> symbol \(symbol)")
            }
        }
    }

    @Test func zlibHeaderIsTheUsualOne() {
        // 0x78 0x9C: deflate, 32 KiB window, default level; a multiple of 31.
        #expect(ZlibStream.header == [0x78, 0x9C])
    }
}
