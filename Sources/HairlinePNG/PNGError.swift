// PNG stage: the one error type of HairlinePNG. Encoding a surface cannot
// fail; writing the file can, and says which path and which system call.
// The decoder will add cases that say what was wrong and at which byte
// offset (`truncated(at:)`, `badCRC(chunk:at:)`), so switch with `default`.

/// Why a PNG operation failed.
///
/// More cases will be added (the decoder's); a `switch` over this type
/// should keep a `default` clause.
public enum PNGError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The PNG could not be written to `path`. `reason` names the step that
    /// failed (for instance `rename(2)`) and the system's error message with
    /// its `errno`. Nothing new is left at `path`: a file that was there
    /// before keeps its old contents.
    case cannotWrite(path: String, reason: String)

    /// A one-line message naming the path and the cause.
    public var description: String {
        switch self {
        case .cannotWrite(let path, let reason):
            return "cannot write PNG file '\(path)': \(reason)"
        }
    }
}
