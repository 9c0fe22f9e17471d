// Values: user text -> the form messages echo it in. Every value an
// SVGError or SVGWarning quotes goes through `SVGEcho.quote`, which is the
// engine's `EchoedText.shown`: a hostile document cannot flood a log
// (values are cut to 60 scalars, `…` in the middle) or drive a terminal
// (control characters are written `\u{1B}`). One rule for every module.

import Hairline

/// Makes user text safe to quote in an error or warning message.
enum SVGEcho {
    /// How many Unicode scalars of a value a message quotes.
    static let maxScalars = EchoedText.maximumLength

    /// `text` as `EchoedText.shown` shows it.
    /// Complexity: O(`maxScalars`).
    static func quote(_ text: String) -> String { EchoedText.shown(text) }
}
