// System: numbers as printf(3) writes them ("%.3f", "%5.1f%%",
// "\\u%04X"), the C library's own formatting, so text is what
// String(format:) gave, byte for byte, without Foundation.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#else
    #error("HairlineSystem needs a POSIX C library")
#endif

/// printf-style formatting of numbers.
public enum CFormat {
    /// `format` (a printf(3) format) applied to `arguments`: Int, Int32,
    /// UInt32, Double and the other `CVarArg` numbers; never `%s` or `%@`.
    /// Text longer than 4 KiB is cut.
    public static func string(_ format: String, _ arguments: CVarArg...) -> String {
        withVaList(arguments) { list in
            var buffer = [CChar](repeating: 0, count: 4096)
            let count = buffer.withUnsafeMutableBufferPointer { out in
                vsnprintf(out.baseAddress, out.count, format, list)
            }
            guard count > 0 else { return "" }
            return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        }
    }

    /// `value` with `digits` digits after the point ("%.<digits>f"),
    /// right-aligned in `width` characters.
    public static func fixed(_ value: Double, digits: Int, width: Int = 0) -> String {
        string("%*.*f", Int32(clamping: width), Int32(clamping: max(0, min(digits, 40))), value)
    }
}
