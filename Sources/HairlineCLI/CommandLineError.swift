// The command line's own errors: bad arguments, said plainly (every
// echoed value cut and escaped by EchoedText).

import Hairline

/// A problem with the command line itself (not with an input file).
enum CommandLineError: Error, CustomStringConvertible {
    case unknownCommand(String)
    case unknownOption(String)
    case missingValue(option: String)
    case invalidScale(String)
    case missingInput
    case unexpectedArgument(String)
    case outputWouldOverwriteInput(String, what: String)
    case repeatedScale(Double)
    case invalidValue(option: String, value: String, expected: String)
    case conflictingOptions(String, String)
    /// An option that applies to an SVG input given with `--spec`.
    case svgOnlyOption(String)

    var description: String {
        switch self {
        case .unknownCommand(let c): return "unknown command \(EchoedText.quoted(c))"
        case .unknownOption(let o): return "unknown option \(EchoedText.quoted(o))"
        case .missingValue(let o): return "option \(EchoedText.quoted(o)) needs a value"
        case .invalidScale(let s):
            return
                "invalid scale \(EchoedText.quoted(s)): scales are decimal numbers above 0, up to \(Int(maximumScale))"
        case .repeatedScale(let s): return "scale \(RenderCommand.scaleLabel(s)) is given twice"
        case .missingInput: return "no input file given"
        case .unexpectedArgument(let a): return "unexpected argument \(EchoedText.quoted(a))"
        case .outputWouldOverwriteInput(let p, let what): return "refusing to overwrite \(what) \(EchoedText.quoted(p))"
        case .invalidValue(let o, let v, let e):
            return "invalid value \(EchoedText.quoted(v)) for \(EchoedText.quoted(o)): expected \(e)"
        case .conflictingOptions(let a, let b):
            return
                "\(EchoedText.quoted(a)) cannot be combined with \(EchoedText.quoted(b)) (the spec describes the whole table)"
        case .svgOnlyOption(let o):
            return
                "\(EchoedText.quoted(o)) applies to an SVG input, not to --spec (a table draws at the kit's own tolerance)"
        }
    }
}

/// The largest scale the CLI accepts (the output pixel cap bounds the
/// surfaces anyway): 64 draws a 10-unit icon at 640 pixels.
let maximumScale = 64.0

/// `text` as a plain decimal number: digits with at most one point (no
/// sign, exponent, hex, `inf` or `nan`), at least one digit; nil otherwise.
/// The options that take numbers of scales, seconds or pixels read them so.
func decimalNumber(_ text: some StringProtocol) -> Double? {
    var digits = 0, points = 0
    for byte in text.utf8 {
        if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
            digits += 1
        } else if byte == UInt8(ascii: ".") {
            points += 1
        } else {
            return nil
        }
    }
    guard digits > 0, points <= 1 else { return nil }
    return Double(String(text))
}
