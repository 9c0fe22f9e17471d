// The row resolver's sorts (ScratchBuffer.swift): `sortByKey` on plain
// heights gives the standard library's result on random, sorted,
// reversed, constant and organ-pipe inputs of every size up to a few
// hundred (insertion sort below 17, quicksort above, heap sort past the
// depth limit), without allocating, and on records by key (the crossings
// and piece ends of the resolver's sweep) keeps every record and orders
// the keys; `bucketSortByKey` (what the resolver calls) does the same on
// heights spread over 0...1, bunched, repeated, outside 0...1 and at
// bucket edges, through its spare buffer.

import HairlineTestSupport
import Testing

@testable import Hairline

@Suite struct SortValuesTests {
    func sorted(_ values: [Double]) -> [Double] {
        var copy = values
        copy.withUnsafeMutableBufferPointer { sortByKey($0) }
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

    /// `bucketSortByKey` on `values` (through ScratchBuffers, as the
    /// resolver holds them).
    func bucketSorted<T: SortKeyed>(_ values: [T]) -> [T] {
        var list = ScratchBuffer<T>(), spare = ScratchBuffer<T>(), counts = ScratchBuffer<Int32>()
        defer {
            list.deallocate()
            spare.deallocate()
            counts.deallocate()
        }
        for v in values { list.append(v) }
        bucketSortByKey(&list, spare: &spare, counts: &counts)
        #expect(list.count == values.count)
        return Array(list.buffer)
    }

    @Test func bucketSortSortsHeightsLikeTheStandardLibrary() {
        var random = SplitMix64(seed: 0xB0C4E7)
        for count in [0, 1, 2, 31, 63, 64, 65, 100, 128, 129, 500, 1000, 5000] {
            let spread = (0..<count).map { _ in Double.random(in: 0..<1, using: &random) }
            // Bunched: most keys in one narrow band (buckets overfull: the
            // quicksort takes over), a few elsewhere.
            let bunched = (0..<count).map { i in
                i % 10 == 0
                    ? Double.random(in: 0...1, using: &random) : 0.5 + Double.random(in: 0..<1e-6, using: &random)
            }
            let repeated = (0..<count).map { _ in Double(Int.random(in: 0..<5, using: &random)) / 4 }
            // Outside 0...1 (end buckets), the ends themselves, and keys
            // on and beside bucket edges (k / 2^m and its neighbours).
            let outside = (0..<count).map { _ in Double.random(in: -2...3, using: &random) }
            let edges = (0..<count).map { i -> Double in
                let edge = Double(i % 64) / 64
                switch i % 5 {
                case 0: return edge
                case 1: return edge.nextDown
                case 2: return edge.nextUp
                case 3: return i % 2 == 0 ? 1 : (1 as Double).nextDown
                default: return i % 2 == 0 ? 0 : Double.leastNonzeroMagnitude
                }
            }
            for (name, values) in [
                ("spread", spread), ("bunched", bunched), ("repeated", repeated), ("outside", outside),
                ("edges", edges),
            ] {
                #expect(bucketSorted(values) == values.sorted(), "\(count) \(name) values")
            }
        }
    }

    @Test func bucketSortKeepsEveryRecordWithItsKey() {
        var random = SplitMix64(seed: 0xB0C4E8)
        for count in [0, 5, 63, 64, 300, 2000] {
            for distinct in [3, 1 << 20] {
                let records = (0..<count).map { i in
                    PieceCrossing(
                        y: Double(Int.random(in: 0..<distinct, using: &random)) / Double(distinct),
                        a: Int32(i), b: Int32(count - i))
                }
                let sorted = bucketSorted(records)
                #expect(zip(sorted, sorted.dropFirst()).allSatisfy { $0.y <= $1.y }, "\(count) records")
                #expect(
                    Set(sorted.map { "\($0.y) \($0.a) \($0.b)" }) == Set(records.map { "\($0.y) \($0.a) \($0.b)" })
                        && sorted.count == records.count,
                    "\(count) records: each key with its record")
            }
        }
    }
}
