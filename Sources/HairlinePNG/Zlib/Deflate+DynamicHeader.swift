// Zlib stage: the header of a dynamic-Huffman DEFLATE block (RFC 1951
// §3.2.7). The block's literal/length and distance code lengths in -> HLIT,
// HDIST, HCLEN, the code-length code and the run-length-coded list of
// lengths out, with its exact size in bits. Run-length coding follows
// zlib's trees.c: code 16 repeats the previous length 3-6 times, 17 and 18
// give runs of 3-10 and 11-138 zeros.

extension Deflate {
    /// The code-length part of a dynamic block header, ready to write.
    struct DynamicHeader {
        /// Literal/length code lengths sent (HLIT + 257), at least 257.
        let literalLengthCount: Int
        /// Distance code lengths sent (HDIST + 1), at least 1.
        let distanceCount: Int
        /// Code-length code lengths sent, in `codeLengthOrder` (HCLEN + 4).
        let codeLengthCount: Int
        /// The code for the code-length alphabet, at most 7 bits a code.
        let codeLengthCode: HuffmanCode
        /// The run-length-coded lengths: a code-length symbol and the value
        /// of its extra bits.
        let runs: [(symbol: UInt8, extra: UInt8)]
        /// The header's size in bits, after BFINAL and BTYPE.
        let bitCount: Int

        /// Repeat codes: previous length 3-6 times, zeros 3-10 times,
        /// zeros 11-138 times.
        static let repeatPrevious = 16, repeatZerosShort = 17, repeatZerosLong = 18
        /// Bits of the HLIT, HDIST and HCLEN fields.
        static let literalLengthCountBitCount = 5, distanceCountBitCount = 5, codeLengthCountBitCount = 4
        static let countFieldsBitCount = literalLengthCountBitCount + distanceCountBitCount + codeLengthCountBitCount
        /// The fewest literal/length, distance and code-length counts a
        /// header can send.
        static let minimumLiteralLengthCount = 257, minimumDistanceCount = 1, minimumCodeLengthCount = 4
        /// Run lengths each repeat code covers, and its extra bits.
        static let previousRun = (minimum: 3, maximum: 6, extraBits: 2)
        static let shortZeroRun = (minimum: 3, maximum: 10, extraBits: 3)
        static let longZeroRun = (minimum: 11, maximum: 138, extraBits: 7)

        /// The header for codes with these lengths.
        init(literalLengths: [UInt8], distanceLengths: [UInt8]) {
            literalLengthCount = max(Self.minimumLiteralLengthCount, (literalLengths.lastIndex { $0 != 0 } ?? 0) + 1)
            distanceCount = max(Self.minimumDistanceCount, (distanceLengths.lastIndex { $0 != 0 } ?? 0) + 1)
            // Runs may cross from the literal/length into the distance list.
            let sequence = Array(literalLengths.prefix(literalLengthCount) + distanceLengths.prefix(distanceCount))
            runs = Self.runLengthCoded(sequence)

            var frequencies = [Int](repeating: 0, count: Deflate.codeLengthAlphabetSize)
            var extraBits = 0
            for run in runs {
                frequencies[Int(run.symbol)] += 1
                extraBits += Self.extraBitCount(of: Int(run.symbol))
            }
            codeLengthCode = HuffmanCode(frequencies: frequencies, maximumLength: Deflate.maximumCodeLengthCodeLength)
            var count = Deflate.codeLengthAlphabetSize
            while count > Self.minimumCodeLengthCount && codeLengthCode.lengths[Deflate.codeLengthOrder[count - 1]] == 0
            {
                count -= 1
            }
            codeLengthCount = count
            bitCount =
                Self.countFieldsBitCount + count * Deflate.codeLengthFieldBitCount
                + codeLengthCode.cost(of: frequencies) + extraBits
        }

        /// The extra bits after code-length symbol `symbol`.
        static func extraBitCount(of symbol: Int) -> Int {
            switch symbol {
            case repeatPrevious: return previousRun.extraBits
            case repeatZerosShort: return shortZeroRun.extraBits
            case repeatZerosLong: return longZeroRun.extraBits
            default: return 0
            }
        }

        /// `lengths` as code-length symbols with repeat codes.
        static func runLengthCoded(_ lengths: [UInt8]) -> [(symbol: UInt8, extra: UInt8)] {
            var runs: [(symbol: UInt8, extra: UInt8)] = []
            var start = 0
            while start < lengths.count {
                let value = lengths[start]
                var end = start + 1
                while end < lengths.count && lengths[end] == value { end += 1 }
                var remaining = end - start
                start = end
                if value == 0 {
                    while remaining >= longZeroRun.minimum {
                        let run = min(remaining, longZeroRun.maximum)
                        runs.append((UInt8(repeatZerosLong), UInt8(run - longZeroRun.minimum)))
                        remaining -= run
                    }
                    if remaining >= shortZeroRun.minimum {
                        runs.append((UInt8(repeatZerosShort), UInt8(remaining - shortZeroRun.minimum)))
                        remaining = 0
                    }
                } else {
                    runs.append((value, 0))
                    remaining -= 1
                    while remaining >= previousRun.minimum {
                        let run = min(remaining, previousRun.maximum)
                        runs.append((UInt8(repeatPrevious), UInt8(run - previousRun.minimum)))
                        remaining -= run
                    }
                }
                runs.append(contentsOf: repeatElement((symbol: value, extra: UInt8(0)), count: remaining))
            }
            return runs
        }

        /// Writes HLIT, HDIST, HCLEN, the code-length code lengths and the
        /// coded lengths.
        func write(to writer: inout BitWriter) {
            writer.write(
                UInt32(literalLengthCount - Self.minimumLiteralLengthCount), count: Self.literalLengthCountBitCount)
            writer.write(UInt32(distanceCount - Self.minimumDistanceCount), count: Self.distanceCountBitCount)
            writer.write(UInt32(codeLengthCount - Self.minimumCodeLengthCount), count: Self.codeLengthCountBitCount)
            for index in 0..<codeLengthCount {
                writer.write(
                    UInt32(codeLengthCode.lengths[Deflate.codeLengthOrder[index]]),
                    count: Deflate.codeLengthFieldBitCount)
            }
            for run in runs {
                let symbol = Int(run.symbol)
                let length = Int(codeLengthCode.lengths[symbol])
                writer.write(
                    UInt32(codeLengthCode.codes[symbol]) | UInt32(run.extra) << UInt32(length),
                    count: length + Self.extraBitCount(of: symbol))
            }
        }
    }
}
