// Zlib stage: the inflater's output buffer. Requests for room in -> a
// contiguous byte buffer that grows by doubling up to a hard limit, then
// refuses with `.outputLimitExceeded`. Guarantees: never holds more than
// `limit` bytes of output (plus `copySlack`), so a decompression bomb
// fails fast instead of exhausting memory.

/// The bytes an inflater has produced, in memory it owns.
///
/// A class so that the decoded bytes can be handed on without a copy; one
/// inflater (one thread) uses it at a time.
final class InflateOutput {
    /// Bytes allocated past `capacity` so that match copies may move eight
    /// bytes at a time and overshoot the match's end by up to seven.
    static let copySlack = 8
    /// The first allocation when the caller has no estimate, in bytes.
    static let defaultInitialCapacity = 1 << 16

    /// The buffer: `capacity + copySlack` bytes, the first `count` valid.
    private(set) var bytes: UnsafeMutablePointer<UInt8>
    /// Valid bytes.
    var count = 0
    /// Bytes that can be written before the buffer must grow.
    private(set) var capacity: Int
    /// The most bytes the output may ever hold.
    let limit: Int
    /// Whether `bytes` is this buffer's own (else the caller's, fixed).
    private let ownsBytes: Bool

    /// An empty buffer for at most `limit` bytes, starting with room for
    /// `initialCapacity` (clamped to the limit).
    init(initialCapacity: Int, limit: Int) {
        precondition(limit >= 0)
        self.limit = limit
        capacity = max(0, min(initialCapacity, limit))
        bytes = .allocate(capacity: capacity + InflateOutput.copySlack)
        ownsBytes = true
    }

    /// A buffer in the caller's memory: `byteCount` bytes at `memory`,
    /// which must outlive it; it holds at most `byteCount - copySlack`
    /// bytes of output and never grows.
    init(inCallersMemory memory: UnsafeMutablePointer<UInt8>, byteCount: Int) {
        precondition(byteCount >= InflateOutput.copySlack)
        bytes = memory
        capacity = byteCount - InflateOutput.copySlack
        limit = capacity
        ownsBytes = false
    }

    deinit { if ownsBytes { bytes.deallocate() } }

    /// Makes room for `total` bytes in all, doubling the capacity.
    /// - Throws: `.outputLimitExceeded(limit:at: offset)` if `total` is
    ///   more than `limit`; nothing is allocated then.
    func reserve(_ total: Int, offset: Int) throws(ZlibError) {
        guard total > capacity else { return }
        guard total <= limit else { throw .outputLimitExceeded(limit: limit, at: offset) }
        let grown = min(limit, max(total, capacity > limit / 2 ? limit : capacity * 2))
        let replacement = UnsafeMutablePointer<UInt8>.allocate(capacity: grown + InflateOutput.copySlack)
        replacement.update(from: bytes, count: count)
        bytes.deallocate()
        bytes = replacement
        capacity = grown
    }

    /// Calls `body` with the valid bytes.
    func withUnsafeBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try body(UnsafeRawBufferPointer(start: bytes, count: count))
    }

    /// Calls `body` with the valid bytes, writable (the PNG decoder
    /// unfilters rows in place).
    func withUnsafeMutableBytes<R, E: Error>(_ body: (UnsafeMutableBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R
    {
        try body(UnsafeMutableBufferPointer(start: bytes, count: count))
    }

    /// A copy of the valid bytes as an array.
    func array() -> [UInt8] {
        Array(UnsafeBufferPointer(start: bytes, count: count))
    }
}
