// The row resolver's sort for heights (`sortValues`, ScratchBuffer.swift):
// the same result as the standard library's sort on random, sorted,
// reversed, constant and organ-pipe inputs of every size up to a few
// hundred (insertion sort below 17, quicksort above, heap sort past the
// depth limit), without allocating; and the same sort on records by key
// (`sortByKey`: the crossings and piece ends of the resolver's sweep),
// which must keep every record and order the keys.

import HairlineTestSupport
import Testing

@testable import Hairline

@Suite struct SortValuesTests {
    func sorted(_ values: [Double]) -> [Double] {
        var copy = values
        copy.withUnsafeMutableBufferPointer { sortValues($0) }
        return copy
    }

    @Test func randomValuesWithRepeatsSortLikeTheStandardLibrary() {
        var random = SplitMix64(seed: 0x5EED_0F_5047)
        for count in 0...300 {
            // Few distinct values (many repeats, as split heights have) and
            // many.
            for distinct in [2, 7, 1 << 16] {
                let values = (0..<count).map { _ in
                    Double(Int.random(in: 0..<distinct, using: &random)) / Double(distinct)
                }
                #expect(sorted(values) == values.sorted(), "\(count) values of \(distinct) distinct")
            }
        }
    }

    @Test func orderedAndAdversarialInputsSort() {
        for count in [0, 1, 2, 3, 16, 17, 18, 64, 257, 1000, 4096] {
            let ascending = (0..<count).map { Double($0) * 0.25 }
            let patterns: [[Double]] = [
                ascending,
                ascending.reversed(),
                Array(repeating: 0.5, count: count),
                (0..<count).map { Double(min($0, count - 1 - $0)) },  // organ pipe
                (0..<count).map { Double($0 % 3) },
            ]
            for values in patterns {
                #expect(sorted(values) == values.sorted(), "\(count) values")
            }
        }
    }

    @Test func recordsSortByKeyKeepingEveryRecord() {
        var random = SplitMix64(seed: 0xC2055)
        for count in [0, 1, 2, 5, 16, 17, 40, 300, 2000] {
            for distinct in [3, 1 << 20] {
                var records = (0..<count).map { i in
                    PieceCrossing(
                        y: Double(Int.random(in: 0..<distinct, using: &random)) / Double(distinct),
                        a: Int32(i), b: Int32(count - i))
                }
                let before = records
                records.withUnsafeMutableBufferPointer { sortByKey($0) }
                #expect(zip(records, records.dropFirst()).allSatisfy { $0.y <= $1.y }, "\(count) records")
                #expect(records.map(\.a).sorted() == before.map(\.a), "\(count) records kept")
                #expect(records.allSatisfy { Int($0.a) + Int($0.b) == count }, "\(count) records whole")
                #expect(
                    records.map(\.y) == before.map(\.y).sorted()
                        && Set(records.map { "\($0.y) \($0.a)" }) == Set(before.map { "\($0.y) \($0.a)" }),
                    "\(count) records: each key with its record")
            }
        }
    }
}
