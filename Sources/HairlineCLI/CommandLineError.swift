// The command line's own errors: bad arguments, said plainly.

/// A problem with the command line itself (not with an input file).
enum CommandLineError: Error, CustomStringConvertible {
    case unknownCommand(String)
    case unknownOption(String)
    case missingValue(option: String)
    case invalidScale(String)
    case missingInput
    case unexpectedArgument(String)
    case outputWouldOverwriteInput(String)
    case invalidValue(option: String, value: String, expected: String)
    case conflictingOptions(String, String)

    var description: String {
        switch self {
        case .unknownCommand(let c): return "unknown command '\(c)'"
        case .unknownOption(let o): return "unknown option '\(o)'"
        case .missingValue(let o): return "option '\(o)' needs a value"
        case .invalidScale(let s): return "invalid scale '\(s)': scales are positive numbers up to \(maximumScale)"
        case .missingInput: return "no input file given"
        case .unexpectedArgument(let a): return "unexpected argument '\(a)'"
        case .outputWouldOverwriteInput(let p): return "refusing to overwrite the input file '\(p)'"
        case .invalidValue(let o, let v, let e): return "invalid value '\(v)' for '\(o)': expected \(e)"
        case .conflictingOptions(let a, let b):
            return "'\(a)' cannot be combined with '\(b)' (the spec describes the whole table)"
        }
    }
}

/// The largest scale the CLI accepts (the surface limits bound it anyway).
let maximumScale = 16.0
