// Support (upstream of every stage): growable scratch storage that survives
// from draw to draw, so that steady drawing allocates nothing (owned by one
// rasterizer or renderer: one thread), small in-place sorts, and the cache
// line pad that keeps per-thread objects apart.

/// A manually managed buffer of trivial values that only grows.
/// The owner calls `deallocate()` exactly once. Copies share the storage:
/// exactly one of them may be used (and grown) at a time.
struct ScratchBuffer<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var capacity: Int
    /// The number of elements in use (for list-like use).
    var count = 0

    init(capacity: Int) {
        (base, self.capacity) = Self.allocateLines(max(capacity, 16))
    }

    /// An empty buffer that allocates nothing until the first growth (its
    /// `deallocate()` is then a no-op).
    init() {
        base = UnsafeMutablePointer(bitPattern: MemoryLayout<Element>.alignment)!
        capacity = 0
    }

    /// Storage for at least `n` elements on whole cache lines of its own,
    /// so that scratch written per row by one thread never shares a line
    /// with another thread's (false sharing would bounce it between cores).
    private static func allocateLines(_ n: Int) -> (UnsafeMutablePointer<Element>, Int) {
        let line = 64
        let stride = MemoryLayout<Element>.stride
        let bytes = (n * stride + line - 1) / line * line
        let raw = UnsafeMutableRawPointer.allocate(
            byteCount: bytes, alignment: max(line, MemoryLayout<Element>.alignment))
        return (raw.bindMemory(to: Element.self, capacity: bytes / stride), bytes / stride)
    }

    /// Makes room for at least `n` elements, keeping the first `count`.
    /// Growth doubles, so appends are amortised O(1).
    @inline(__always)
    mutating func reserve(_ n: Int) {
        if n > capacity { grow(to: n) }
    }

    @inline(never)
    private mutating func grow(to n: Int) {
        let (newBase, newCapacity) = Self.allocateLines(max(n, capacity * 2))
        newBase.update(from: base, count: count)
        if capacity > 0 { base.deallocate() }
        base = newBase
        capacity = newCapacity
    }

    @inline(__always)
    mutating func append(_ value: Element) {
        if count == capacity { grow(to: count + 1) }
        base[count] = value
        count += 1
    }

    @inline(__always)
    subscript(i: Int) -> Element {
        get { base[i] }
        nonmutating set { base[i] = newValue }
    }

    /// The elements in use.
    var buffer: UnsafeMutableBufferPointer<Element> { UnsafeMutableBufferPointer(start: base, count: count) }

    func deallocate() {
        if capacity > 0 { base.deallocate() }
    }

    var isEmpty: Bool { count == 0 }
}

/// Sorts a small buffer in place: insertion sort up to a few dozen elements
/// (the usual case per row), heap sort beyond, so that no call allocates
/// and none is worse than O(n log n).
@inline(__always)
func sortInPlace<T>(_ a: UnsafeMutableBufferPointer<T>, by less: (T, T) -> Bool) {
    if a.count <= insertionSortLimit {
        insertionSort(a, by: less)
    } else {
        heapSort(a, by: less)
    }
}

/// Below this many elements insertion sort beats heap sort.
let insertionSortLimit = 24

/// A value sorted by one number (`sortByKey`).
protocol SortKeyed: BitwiseCopyable {
    var sortKey: Double { get }
}

extension Double: SortKeyed {
    var sortKey: Double { self }
}

/// Sorts records ascending by their key, in place, without allocating:
/// insertion sort for short runs, otherwise quicksort on a median of
/// three with the shorter part first (depth O(log n)), heap sort past a
/// depth limit. Records with equal keys come out in an order fixed by the
/// input, not necessarily the input's. No NaN keys.
func sortByKey<T: SortKeyed>(_ a: UnsafeMutableBufferPointer<T>) {
    guard let base = a.baseAddress, a.count > 1 else { return }
    var lo = 0, hi = a.count  // the part left to sort
    var depth = 2 * (Int.bitWidth - a.count.leadingZeroBitCount)
    // Parts still to sort, at most log2(n) deep.
    var stackLo = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    var stackHi = stackLo
    var top = 0
    func push(_ l: Int, _ h: Int) {
        withUnsafeMutableBytes(of: &stackLo) { $0.storeBytes(of: l, toByteOffset: top * 8, as: Int.self) }
        withUnsafeMutableBytes(of: &stackHi) { $0.storeBytes(of: h, toByteOffset: top * 8, as: Int.self) }
        top += 1
    }
    while true {
        if hi - lo <= 16 {
            insertionSortByKey(base + lo, count: hi - lo)
        } else if depth == 0 || top == 32 {
            heapSort(UnsafeMutableBufferPointer(start: base + lo, count: hi - lo)) { $0.sortKey < $1.sortKey }
        } else {
            depth -= 1
            // Median of three as the pivot; Hoare partition.
            let mid = lo + (hi - lo) / 2
            if base[mid].sortKey < base[lo].sortKey { swap(&base[mid], &base[lo]) }
            if base[hi - 1].sortKey < base[lo].sortKey { swap(&base[hi - 1], &base[lo]) }
            if base[hi - 1].sortKey < base[mid].sortKey { swap(&base[hi - 1], &base[mid]) }
            let pivot = base[mid].sortKey
            var i = lo - 1, j = hi
            while true {
                repeat { i += 1 } while base[i].sortKey < pivot
                repeat { j -= 1 } while pivot < base[j].sortKey
                if i >= j { break }
                swap(&base[i], &base[j])
            }
            // [lo, j] and [j + 1, hi): sort the shorter now, keep the other.
            let leftCount = j + 1 - lo, rightCount = hi - j - 1
            if leftCount < rightCount {
                push(j + 1, hi)
                hi = j + 1
            } else {
                push(lo, j + 1)
                lo = j + 1
            }
            continue
        }
        guard top > 0 else { return }
        top -= 1
        lo = withUnsafeBytes(of: stackLo) { $0.load(fromByteOffset: top * 8, as: Int.self) }
        hi = withUnsafeBytes(of: stackHi) { $0.load(fromByteOffset: top * 8, as: Int.self) }
    }
}

/// Below this many records `bucketSortByKey` leaves them to `sortByKey`.
let bucketSortMinimum = 64

/// The most records one bucket of `bucketSortByKey` may hold; a fuller
/// bucket (keys bunched together, or many equal) hands the whole list to
/// `sortByKey`.
let bucketSortLimit = 32

/// Sorts `list`'s records ascending by key, for keys in 0...1 (heights
/// inside a row): each record is counted into one of about as many
/// buckets as there are records, by its key, then moved in bucket order
/// into `spare` (which then changes places with `list`), and an insertion
/// sort finishes inside the buckets. O(n) while the keys are spread out;
/// where one bucket would hold more than `bucketSortLimit` records (and
/// for short lists) the quicksort (`sortByKey`) sorts instead, so no list
/// costs more than O(n log n). Keys outside 0...1 go into the end buckets
/// (still sorted). Records with equal keys come out in an order fixed by
/// the input. No NaN keys. `counts` is scratch.
@inline(__always)
func bucketSortByKey<T: SortKeyed>(
    _ list: inout ScratchBuffer<T>, spare: inout ScratchBuffer<T>, counts: inout ScratchBuffer<Int32>
) {
    if list.count < bucketSortMinimum {
        sortByKey(list.buffer)
    } else {
        bucketSortLongList(&list, spare: &spare, counts: &counts)
    }
}

/// Sorts a list of heights (`bucketSortByKey`) and drops repeated values:
/// the list keeps its distinct values, ascending.
@inline(__always)
func sortRemovingRepeats(
    _ list: inout ScratchBuffer<Double>, spare: inout ScratchBuffer<Double>, counts: inout ScratchBuffer<Int32>
) {
    bucketSortByKey(&list, spare: &spare, counts: &counts)
    removeRepeats(&list)
}

/// Drops repeated values from a list sorted ascending: the list keeps
/// its distinct values.
@inline(__always)
func removeRepeats(_ list: inout ScratchBuffer<Double>) {
    let values = list.buffer
    guard values.count > 1 else { return }
    var unique = 1
    for i in 1..<values.count where values[i] > values[unique - 1] {
        values[unique] = values[i]
        unique += 1
    }
    list.count = unique
}

/// `bucketSortByKey` for a list of at least `bucketSortMinimum` records.
@inline(never)
private func bucketSortLongList<T: SortKeyed>(
    _ list: inout ScratchBuffer<T>, spare: inout ScratchBuffer<T>, counts: inout ScratchBuffer<Int32>
) {
    let n = list.count
    // 2^m buckets, at least one a record; a key's bucket is the top m
    // bits of the fraction of 1 + key (clamped into 0 ..< 1 so that
    // 1 + key stays below 2): non-decreasing in the key, which is all
    // the order needs (the rounding of 1 + key only moves a key near a
    // bucket's edge into the next).
    let bits = Int.bitWidth - (n - 1).leadingZeroBitCount
    let bucketCount = 1 << bits
    let shift = UInt64(Double.significandBitCount - bits), mask = UInt64(bucketCount - 1)
    let below1 = 1 - 0x1p-52  // 1 + below1 = 2 − 2^-52, exactly
    @inline(__always) func bucket(_ key: Double) -> Int {
        let clamped = key > 0 ? (key < below1 ? key : below1) : 0
        return Int(truncatingIfNeeded: ((clamped + 1).bitPattern &>> shift) & mask)
    }
    counts.count = 0
    counts.reserve(bucketCount + 1)
    counts.count = bucketCount + 1
    let c = counts.base
    c.update(repeating: 0, count: bucketCount + 1)
    let a = list.base
    for i in 0..<n { c[bucket(a[i].sortKey) &+ 1] &+= 1 }
    // Each bucket's first place; give up on a bucket that is too full.
    for b in 0..<bucketCount {
        if c[b &+ 1] > Int32(bucketSortLimit) {
            sortByKey(list.buffer)
            return
        }
        c[b &+ 1] &+= c[b]
    }
    spare.count = 0
    spare.reserve(n)
    spare.count = n
    let s = spare.base
    for i in 0..<n {
        let b = bucket(a[i].sortKey)
        s[Int(c[b])] = a[i]
        c[b] &+= 1
    }
    swap(&list, &spare)
    insertionSortByKey(list.base, count: n)
}

@inline(__always)
private func insertionSortByKey<T: SortKeyed>(_ a: UnsafeMutablePointer<T>, count: Int) {
    guard count > 1 else { return }
    for i in 1..<count {
        let v = a[i]
        var j = i
        while j > 0, v.sortKey < a[j - 1].sortKey {
            a[j] = a[j - 1]
            j -= 1
        }
        a[j] = v
    }
}

func insertionSort<T>(_ a: UnsafeMutableBufferPointer<T>, by less: (T, T) -> Bool) {
    guard a.count > 1 else { return }
    for i in 1..<a.count {
        let v = a[i]
        var j = i
        while j > 0, less(v, a[j - 1]) {
            a[j] = a[j - 1]
            j -= 1
        }
        a[j] = v
    }
}

func heapSort<T>(_ a: UnsafeMutableBufferPointer<T>, by less: (T, T) -> Bool) {
    let n = a.count
    func siftDown(_ start: Int, _ end: Int) {
        var root = start
        while true {
            var child = 2 * root + 1
            if child >= end { return }
            if child + 1 < end, less(a[child], a[child + 1]) { child += 1 }
            if less(a[root], a[child]) {
                a.swapAt(root, child)
                root = child
            } else {
                return
            }
        }
    }
    var start = n / 2 - 1
    while start >= 0 {
        siftDown(start, n)
        start -= 1
    }
    var end = n - 1
    while end > 0 {
        a.swapAt(0, end)
        siftDown(0, end)
        end -= 1
    }
}

/// 64 unused bytes: a stored property of this type first and last in a
/// class whose fields are written on every draw keeps those fields off
/// the cache lines of neighbouring heap objects, which another thread may
/// be writing (two canvases made one after another lie side by side).
struct CacheLinePad {
    private var words: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)
}
