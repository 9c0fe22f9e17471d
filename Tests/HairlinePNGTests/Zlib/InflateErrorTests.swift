// Tests that every class of malformed zlib or DEFLATE stream throws its
// own `ZlibError` case with the right byte offset: header faults, reserved
// block types, LEN/NLEN, bad code lengths, reserved symbols, undefined
// codes, far distances, checksums, trailing bytes and every truncation.

import Testing
@testable import HairlinePNG
import HairlineTestSupport

@Suite struct InflateErrorTests {
    static let limit = 1 << 20

    /// The error inflating the raw DEFLATE stream `raw` throws, or nil.
    static func rawError(_ raw: [UInt8]) -> ZlibError? {
        do {
            _ = try Inflater.inflateRaw(raw, maximumOutputSize: limit)
            return nil
        } catch {
            return error
        }
    }

    /// The error decompressing the zlib stream `stream` throws, or nil.
    static func zlibError(_ stream: [UInt8], limit: Int = limit) -> ZlibError? {
        do {
            _ = try ZlibStream.decompress(stream, maximumOutputSize: limit)
            return nil
        } catch {
            return error
        }
    }

    static let validStream = ZlibStream.compress(TestInputs.text(byteCount: 3000, seed: 77))

    @Test func headerFaultsAreReported() {
        var stream = Self.validStream
        stream[0] = 0x79  // method 9
        stream[1] = UInt8(31 - (0x79 * 256) % 31)
        #expect(Self.zlibError(stream) == .invalidHeader("compression method 9, expected 8 (DEFLATE)", at: 0))
        stream = Self.validStream
        stream[0] = 0x88  // CINFO 8: a 64 KiB window
        stream[1] = UInt8(31 - (0x88 * 256) % 31)
        #expect(Self.zlibError(stream) == .invalidHeader("window of 2^16 bytes, more than 32 KiB", at: 0))
        stream = Self.validStream
        stream[1] ^= 1
        guard case .invalidHeader(_, at: 1)? = Self.zlibError(stream) else {
            Issue.record("a bad FCHECK must be an invalid header at byte 1")
            return
        }
        // FDICT set, FCHECK fixed up.
        let flags = UInt8(0x20 | 0x80)
        let check = UInt8((31 - (0x78 * 256 + Int(flags)) % 31) % 31)
        #expect(Self.zlibError([0x78, flags | check, 0, 0, 0, 0] + Self.validStream[2...]) == .presetDictionary(at: 1))
        #expect(Self.zlibError([]) == .truncated(at: 0))
        #expect(Self.zlibError([0x78]) == .truncated(at: 1))
    }

    @Test func reservedBlockTypeIsReported() {
        var builder = DeflateStreamBuilder()
        builder.stored([1, 2, 3], isFinal: false)
        builder.blockHeader(isFinal: true, type: 3)
        #expect(Self.rawError(builder.finish()) == .reservedBlockType(at: 8))
    }

    @Test func storedLengthMismatchAndTruncationAreReported() {
        var builder = DeflateStreamBuilder()
        builder.stored([1, 2, 3, 4], isFinal: true, complement: 0xFFFF ^ 5)
        #expect(Self.rawError(builder.finish()) == .storedLengthMismatch(length: 4, complement: 0xFFFA, at: 1))
        builder = DeflateStreamBuilder()
        builder.stored([1, 2, 3, 4], isFinal: true)
        let stored = builder.finish()
        #expect(Self.rawError(Array(stored.dropLast())) == .truncated(at: stored.count - 1))
    }

    @Test func reservedFixedSymbolsAreReported() {
        for symbol in [286, 287] {
            var builder = DeflateStreamBuilder()
            builder.fixed([.literal(0), .literalLengthSymbol(symbol)], isFinal: true)
            #expect(Self.rawError(builder.finish() + [0, 0]) == .invalidSymbol(symbol, at: 1))
        }
        for symbol in [30, 31] {
            var builder = DeflateStreamBuilder()
            builder.fixed([.literal(0), .distanceSymbol(symbol, extra: 0)], isFinal: true)
            #expect(Self.rawError(builder.finish() + [0, 0]) == .invalidSymbol(symbol, at: 2))
        }
    }

    @Test func distancesBeyondTheOutputAreReported() {
        var builder = DeflateStreamBuilder()
        builder.fixed([.match(length: 3, distance: 1)], isFinal: true)
        #expect(Self.rawError(builder.finish() + [0, 0]) == .distanceTooFar(distance: 1, available: 0, at: 0))
        builder = DeflateStreamBuilder()
        builder.fixed(
            [.literal(1), .literal(2), .literal(3), .literal(4), .match(length: 5, distance: 5)], isFinal: true)
        #expect(Self.rawError(builder.finish() + [0, 0]) == .distanceTooFar(distance: 5, available: 4, at: 4))
        // Across a block boundary the window is all the output so far.
        builder = DeflateStreamBuilder()
        builder.stored([1, 2], isFinal: false)
        builder.fixed([.match(length: 3, distance: 3)], isFinal: true)
        #expect(Self.rawError(builder.finish() + [0, 0]) == .distanceTooFar(distance: 3, available: 2, at: 7))
    }

    /// A literal/length code set for the dynamic-header tests: 'A', end of
    /// block and length 3 at two bits each, one unused two-bit code.
    static var incompleteLiteralLengths: [UInt8] {
        var lengths = [UInt8](repeating: 0, count: 260)
        lengths[65] = 2; lengths[256] = 2; lengths[257] = 2
        return lengths
    }

    /// The error of a final dynamic block with the given header, followed by
    /// a few zero bytes.
    static func dynamicError(
        literalLengths: [UInt8], distances: [UInt8] = [1],
        codeLengthLengths: [UInt8] = DeflateStreamBuilder.completeCodeLengthLengths,
        lengthSymbols: [(symbol: Int, extra: Int, extraBits: Int)]? = nil
    ) -> ZlibError? {
        var builder = DeflateStreamBuilder()
        builder.dynamicHeader(
            isFinal: true, literalLengths: literalLengths, distances: distances,
            codeLengthLengths: codeLengthLengths, lengthSymbols: lengthSymbols)
        return rawError(builder.finish() + [UInt8](repeating: 0, count: 8))
    }

    static func isCodeLengthsError(_ error: ZlibError?, containing text: String) -> Bool {
        guard case .invalidCodeLengths(let reason, at: 0)? = error else { return false }
        return reason.contains(text)
    }

    @Test func badDynamicHeadersAreReported() {
        var complete = Self.incompleteLiteralLengths
        complete[258] = 2
        // Too many literal/length or distance codes.
        #expect(
            Self.isCodeLengthsError(
                Self.dynamicError(literalLengths: complete + [UInt8](repeating: 0, count: 288 - complete.count)),
                containing: "more than 286"))
        #expect(
            Self.isCodeLengthsError(
                Self.dynamicError(literalLengths: complete, distances: [UInt8](repeating: 5, count: 31)),
                containing: "more than 30"))
        // Over-subscribed and incomplete literal/length codes.
        var over = complete
        over[66] = 2
        #expect(
            Self.isCodeLengthsError(
                Self.dynamicError(literalLengths: over), containing: "literal/length code is over-subscribed"))
        #expect(
            Self.isCodeLengthsError(
                Self.dynamicError(literalLengths: Self.incompleteLiteralLengths),
                containing: "literal/length code is incomplete"))
        // Incomplete distance code with two codes.
        #expect(
            Self.isCodeLengthsError(
                Self.dynamicError(literalLengths: complete, distances: [2, 2]),
                containing: "distance code is incomplete"))
        // A single distance code longer than one bit is not the allowed case.
        #expect(
            Self.isCodeLengthsError(
                Self.dynamicError(literalLengths: complete, distances: [2]), containing: "distance code is incomplete"))
        // No end-of-block code.
        var noEnd = complete
        noEnd[256] = 0
        noEnd[259] = 2
        #expect(Self.isCodeLengthsError(Self.dynamicError(literalLengths: noEnd), containing: "end-of-block"))
    }

    @Test func badCodeLengthCodesAreReported() {
        var complete = Self.incompleteLiteralLengths
        complete[258] = 2
        var over = DeflateStreamBuilder.completeCodeLengthLengths
        over[13] = 4
        #expect(
            Self.isCodeLengthsError(
                Self.dynamicError(literalLengths: complete, codeLengthLengths: over),
                containing: "code-length code is over-subscribed"))
        var incomplete = DeflateStreamBuilder.completeCodeLengthLengths
        incomplete[18] = 0
        #expect(
            Self.isCodeLengthsError(
                Self.dynamicError(literalLengths: complete, codeLengthLengths: incomplete),
                containing: "code-length code is incomplete"))
    }

    @Test func badRepeatsAreReported() {
        var complete = Self.incompleteLiteralLengths
        complete[258] = 2
        // Symbol 16 (repeat previous) as the very first length.
        let repeatFirst = Self.dynamicError(
            literalLengths: complete, lengthSymbols: [(symbol: 16, extra: 0, extraBits: 2)])
        guard case .invalidCodeLengths(let reason, _)? = repeatFirst, reason.contains("none before it") else {
            Issue.record("repeat with nothing before: \(String(describing: repeatFirst))")
            return
        }
        // 260 + 1 lengths; a run of 138 zeros (18 with 127) from index 200
        // overruns 261.
        let lengths: [(symbol: Int, extra: Int, extraBits: Int)] =
            (complete + [1]).prefix(200).map { (symbol: Int($0), extra: 0, extraBits: 0) } + [
                (symbol: 18, extra: 127, extraBits: 7)
            ]
        let overrun = Self.dynamicError(literalLengths: complete, lengthSymbols: lengths)
        guard case .invalidCodeLengths(let overrunReason, _)? = overrun, overrunReason.contains("runs past") else {
            Issue.record("repeat overrun: \(String(describing: overrun))")
            return
        }
    }

    @Test func undefinedCodesOfIncompleteCodesAreReported() {
        // A distance code with one one-bit code: the bit pattern 1 is unused.
        var literal = Self.incompleteLiteralLengths
        literal[258] = 2
        var builder = DeflateStreamBuilder()
        let codes = builder.dynamicHeader(isFinal: true, literalLengths: literal, distances: [1])
        builder.tokens([.literal(65)], literal: codes.literal, distance: codes.distance, endBlock: false)
        builder.code(codes.literal, 257)
        let undefinedOffset = builder.writer.bitCount / 8
        builder.bits(1, 1)
        #expect(Self.rawError(builder.finish() + [0, 0, 0]) == .undefinedCode(at: undefinedOffset))
        // No distance codes at all, yet a match.
        builder = DeflateStreamBuilder()
        let literalOnly = builder.dynamicHeader(isFinal: true, literalLengths: literal, distances: [0])
        builder.tokens([.literal(65)], literal: literalOnly.literal, distance: literalOnly.distance, endBlock: false)
        builder.code(literalOnly.literal, 257)
        guard case .undefinedCode? = Self.rawError(builder.finish() + [0, 0, 0]) else {
            Issue.record("a match with no distance codes must be an undefined code")
            return
        }
    }

    @Test func checksumMismatchAndTrailingBytesAreReported() {
        var stream = Self.validStream
        stream[stream.count - 1] ^= 0x40
        guard case .checksumMismatch(_, _, at: stream.count - 4)? = Self.zlibError(stream) else {
            Issue.record("a changed Adler-32 must be a checksum mismatch at its offset")
            return
        }
        #expect(Self.zlibError(Self.validStream + [0]) == .trailingData(byteCount: 1, at: Self.validStream.count))
    }

    /// Every proper prefix of a valid stream is truncated at its own end,
    /// whatever the zero bits past the end would decode to.
    @Test func everyPrefixIsTruncated() {
        var builder = DeflateStreamBuilder()
        builder.stored([5, 6, 7], isFinal: false)
        builder.fixed([.literal(1), .literal(2), .match(length: 10, distance: 2)], isFinal: true)
        let raw = builder.finish()
        let handMade = DeflateStreamBuilder.zlib(raw, content: (try? TestInflater.inflate(raw).bytes) ?? [])
        #expect(Self.zlibError(handMade) == nil)
        let streams = [Self.validStream, ZlibStream.compress(TestInputs.skewed(byteCount: 600, seed: 3)), handMade]
        for (index, stream) in streams.enumerated() {
            for length in 0..<stream.count {
                let error = Self.zlibError(Array(stream.prefix(length)))
                #expect(
                    error == .truncated(at: length), "stream \(index), prefix \(length): \(String(describing: error))")
            }
        }
    }

    /// Seeded random byte changes: each stream inflates or throws; none traps.
    @Test func randomCorruptionNeverTraps() {
        let seed: UInt64 = 515
        var generator = SplitMix64(seed: seed)
        let original = ZlibStream.compress(TestInputs.skewed(byteCount: 4000, seed: 4))
        var outcomes = [0, 0]
        for _ in 0..<400 {
            var stream = original
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                stream[Int.random(in: 0..<stream.count, using: &generator)] = UInt8.random(
                    in: 0...255, using: &generator)
            }
            outcomes[Self.zlibError(stream, limit: 1 << 16) == nil ? 0 : 1] += 1
        }
        #expect(outcomes[1] > 0, "seed \(seed)")
    }
}
