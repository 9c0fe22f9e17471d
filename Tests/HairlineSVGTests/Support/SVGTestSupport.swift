// Test support: building small documents, catching the typed error,
// finding byte offsets of snippets, and comparing transforms numerically.

import Testing
import Hairline
@testable import HairlineSVG

/// An SVG document of 100 x 100 points around `body`.
func svg(_ body: String, _ rootAttributes: String = #"width="100" height="100""#) -> String {
    "<svg xmlns=\"http://www.w3.org/2000/svg\" \(rootAttributes)>\(body)</svg>"
}

/// The error reading `text` throws, or `nil` if it reads.
func readError(_ text: String) -> SVGError? {
    do {
        _ = try SVGDocument(parsing: text)
        return nil
    } catch {
        return error
    }
}

/// The UTF-8 byte offset of the `occurrence`-th (1-based) `needle` in `text`.
func offset(of needle: String, in text: String, occurrence: Int = 1) -> Int {
    let haystack = Array(text.utf8), pattern = Array(needle.utf8)
    var seen = 0
    for start in 0...(haystack.count - pattern.count)
    where haystack[start..<(start + pattern.count)].elementsEqual(pattern) {
        seen += 1
        if seen == occurrence { return start }
    }
    Issue.record("\"\(needle)\" not found \(occurrence) times")
    return -1
}

/// Whether two transforms agree to within `tolerance` in every coefficient.
func isClose(_ a: AffineTransform, _ b: AffineTransform, tolerance: Double = 1e-12) -> Bool {
    abs(a.a - b.a) <= tolerance && abs(a.b - b.b) <= tolerance && abs(a.c - b.c) <= tolerance
        && abs(a.d - b.d) <= tolerance && abs(a.tx - b.tx) <= tolerance && abs(a.ty - b.ty) <= tolerance
}

/// Whether two colors agree to within `tolerance` in every component.
func isClose(_ a: Color, _ b: Color, tolerance: Double = 1e-12) -> Bool {
    abs(a.red - b.red) <= tolerance && abs(a.green - b.green) <= tolerance
        && abs(a.blue - b.blue) <= tolerance && abs(a.alpha - b.alpha) <= tolerance
}

/// The fill commands of `text`, which must read.
func commands(_ text: String) throws -> [SVGFillCommand] {
    try SVGDocument(parsing: text).fillCommands()
}

/// A path built by `body`.
func path(_ body: (inout Path) -> Void) -> Path {
    var p = Path()
    body(&p)
    return p
}

/// A value a document ignored: the message and location of its
/// `invalidValueIgnored` warning.
struct IgnoredValue {
    var message: String
    var offset: Int
    var line: Int
    var column: Int
}

/// The first value `text` ignores with a warning (the document must
/// read), or `nil` if none is.
func ignoredValue(_ text: String) -> IgnoredValue? {
    guard let document = try? SVGDocument(parsing: text) else {
        Issue.record("the document does not read")
        return nil
    }
    for warning in document.warnings {
        if case .invalidValueIgnored(let message) = warning.kind {
            return IgnoredValue(message: message, offset: warning.offset, line: warning.line, column: warning.column)
        }
    }
    return nil
}

/// The message of an error of `kind`, as an ignored-value warning quotes it.
func message(_ kind: SVGError.Kind) -> String {
    SVGError(kind, at: 0).message
}
