// Support: checks of the raw-pointer kernels' preconditions, for their
// `assert`s on entry (debug builds and tests; free in release). Each kernel
// states its invariant where it takes its pointers.

/// Whether `count` elements at `a` and `count` at `b` do not overlap (or
/// are the same row): the row kernels' precondition on their source and
/// destination, checked by `assert`.
@inline(__always)
func rowsAreApart<T>(_ a: UnsafePointer<T>, _ b: UnsafeMutablePointer<T>, count: Int) -> Bool {
    assert(count >= 0, "a row length")
    let first = UnsafeRawPointer(a), second = UnsafeRawPointer(b)
    let bytes = count * MemoryLayout<T>.stride
    return first == second || first + bytes <= second || second + bytes <= first
}
