// Surface: stores of one 32-bit pixel value over runs of pixels, the
// single hottest loop of an opaque fill. Long runs go to the C library's
// 32-bit fill (glibc's `wmemset`, which uses the widest vector stores the
// CPU has; `memset_pattern4` on Apple systems), found once at run time so
// that the engine needs no C module; short runs and other systems use a
// plain loop. Measured on the 1027-pixel rows of a 3x cell (AMD EPYC,
// AVX-512): 24 ns a row through `wmemset` against 45 ns for the loop.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs shorter than this many pixels are stored by a plain loop (a call
/// into the C library costs more than it saves there).
let libraryFillThreshold = 48

/// Stores one pixel value into runs of pixels. A value holding the C
/// library's fill, looked up once: kernels keep one per draw, so the hot
/// loop never touches a lazily initialised global (`swift_once`).
struct PixelFiller {
    #if canImport(Glibc)
        typealias WideFill = @convention(c) (UnsafeMutableRawPointer?, Int32, Int) -> UnsafeMutableRawPointer?
        /// glibc's `wmemset` (`wchar_t` is 32 bits on Linux), or nil.
        let wideFill: WideFill?

        /// The filler of this process (the library's function, looked up on
        /// first use).
        static let shared = PixelFiller(
            wideFill: {
                guard MemoryLayout<wchar_t>.size == 4, let symbol = dlsym(dlopen(nil, RTLD_NOW), "wmemset") else {
                    return nil
                }
                return unsafeBitCast(symbol, to: WideFill.self)
            }())
    #else
        static let shared = PixelFiller()
    #endif

    /// Stores `value` into `count` consecutive pixels from `start`.
    @inline(__always)
    func fill(_ start: UnsafeMutablePointer<UInt32>, count: Int, with value: UInt32) {
        // Invariant (every fill here): `count` writable elements at `start`.
        assert(count >= 0, "a span to fill")
        if count >= libraryFillThreshold {
            fillLong(start, count: count, with: value)
        } else {
            for i in 0..<count { start[i] = value }
        }
    }

    @inline(never)
    func fillLong(_ start: UnsafeMutablePointer<UInt32>, count: Int, with value: UInt32) {
        assert(count >= 0, "a run of pixels")
        #if canImport(Glibc)
            if let wideFill {
                _ = wideFill(UnsafeMutableRawPointer(start), Int32(bitPattern: value), count)
                return
            }
        #elseif canImport(Darwin)
            var pattern = value
            memset_pattern4(UnsafeMutableRawPointer(start), &pattern, count * 4)
            return
        #endif
        start.update(repeating: value, count: count)
    }
}

/// Stores `value` into `count` consecutive pixels from `start` (for calls
/// outside the hot loops; kernels keep a `PixelFiller`).
/// Stores `byte` into `count` bytes from `start` (the C library's
/// `memset`: Swift's `initializeMemory(as:repeating:count:)` on bytes is
/// a loop several times slower on long runs).
func fillBytes(_ start: UnsafeMutableRawPointer, count: Int, with byte: UInt8) {
    assert(count >= 0, "bytes to fill")
    guard count > 0 else { return }
    #if canImport(Glibc) || canImport(Darwin)
        memset(start, Int32(byte), count)
    #else
        start.initializeMemory(as: UInt8.self, repeating: byte, count: count)
    #endif
}

func fillPixels(_ start: UnsafeMutablePointer<UInt32>, count: Int, with value: UInt32) {
    assert(count >= 0, "pixels to fill")
    PixelFiller.shared.fill(start, count: count, with: value)
}

/// Copies `count` pixels (ranges not overlapping): four at a time through
/// vector registers, the last four of a count that is not a multiple of
/// four copied again overlapping the ones before; short copies without a
/// library call.
@inline(__always)
func copyPixels(from source: UnsafePointer<UInt32>, to destination: UnsafeMutablePointer<UInt32>, count: Int) {
    // Invariant: `count` pixels readable at `source`, writable at
    // `destination`, the two apart.
    assert(count >= 0 && rowsAreApart(source, destination, count: count), "a copy between separate rows")
    guard count >= 4 else {
        for i in 0..<count { destination[i] = source[i] }
        return
    }
    @inline(__always) func copyFour(_ i: Int) {
        UnsafeMutableRawPointer(destination + i).storeBytes(
            of: UnsafeRawPointer(source + i).loadUnaligned(as: SIMD4<UInt32>.self), as: SIMD4<UInt32>.self)
    }
    var i = 0
    while i &+ 4 <= count {
        copyFour(i)
        i &+= 4
    }
    if i < count { copyFour(count &- 4) }
}

/// A few pixels read once and stored in many places (the columns beside
/// a run in rows that repeat one row): up to eight held in two vectors,
/// stored as two overlapping halves; more are copied from their source.
struct PixelPatch {
    private let source: UnsafePointer<UInt32>
    private let count: Int
    private let head: SIMD4<UInt32>, tail: SIMD4<UInt32>

    /// The `count` pixels at `source` (which must stay readable and
    /// unchanged while the patch is stored).
    @inline(__always)
    init(_ source: UnsafePointer<UInt32>, count: Int) {
        assert(count >= 0, "pixels to hold")
        self.source = source
        self.count = count
        let raw = UnsafeRawPointer(source)
        switch count {
        case 1:
            head = SIMD4(repeating: source[0])
            tail = head
        case 2...3:
            let h = raw.loadUnaligned(as: SIMD2<UInt32>.self)
            let t = raw.loadUnaligned(fromByteOffset: (count &- 2) &* 4, as: SIMD2<UInt32>.self)
            head = SIMD4(lowHalf: h, highHalf: h)
            tail = SIMD4(lowHalf: t, highHalf: t)
        case 4...8:
            head = raw.loadUnaligned(as: SIMD4<UInt32>.self)
            tail = raw.loadUnaligned(fromByteOffset: (count &- 4) &* 4, as: SIMD4<UInt32>.self)
        default:
            head = .zero
            tail = .zero
        }
    }

    /// Stores the pixels at `destination` (`count` writable pixels, apart
    /// from the source).
    @inline(__always)
    func store(to destination: UnsafeMutablePointer<UInt32>) {
        assert(rowsAreApart(source, destination, count: count), "a patch stored over its source")
        let raw = UnsafeMutableRawPointer(destination)
        switch count {
        case 0: return
        case 1: destination[0] = head[0]
        case 2...3:
            raw.storeBytes(of: head.lowHalf, as: SIMD2<UInt32>.self)
            raw.storeBytes(of: tail.lowHalf, toByteOffset: (count &- 2) &* 4, as: SIMD2<UInt32>.self)
        case 4...8:
            raw.storeBytes(of: head, as: SIMD4<UInt32>.self)
            raw.storeBytes(of: tail, toByteOffset: (count &- 4) &* 4, as: SIMD4<UInt32>.self)
        default: copyPixels(from: source, to: destination, count: count)
        }
    }
}
