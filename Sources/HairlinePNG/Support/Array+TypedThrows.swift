// Support: buffer access that keeps a typed error. The standard library's
// `withUnsafeBytes` and `withUnsafeMutableBufferPointer` rethrow an untyped
// `any Error`; decoders that throw `ZlibError` or `PNGError` use these
// instead so that their signatures stay typed. No cost beyond the call.

extension Array {
    /// Calls `body` with the array's bytes, throwing `body`'s own error
    /// type. The buffer is valid only during the call.
    func withUnsafeBytesTyped<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        let result: Result<R, E> = withUnsafeBytes { buffer in
            Result { () throws(E) -> R in try body(buffer) }
        }
        return try result.get()
    }

    /// Calls `body` with the array's elements, writable, throwing `body`'s
    /// own error type. The buffer is valid only during the call.
    mutating func withUnsafeMutableBufferPointerTyped<R, E: Error>(
        _ body: (UnsafeMutableBufferPointer<Element>) throws(E) -> R
    ) throws(E) -> R {
        let result: Result<R, E> = withUnsafeMutableBufferPointer { buffer in
            Result { () throws(E) -> R in try body(buffer) }
        }
        return try result.get()
    }
}
