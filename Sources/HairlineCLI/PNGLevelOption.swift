// The `--png-level fast|default|best` option that `render`, `table` and
// `gallery` share: its name, its parser and its help lines. The level only
// changes encoding time and file size, never the pixels (PNGCompressionLevel).

import HairlinePNG

/// The option that picks the PNG encoder's compression level.
enum PNGLevelOption {
    /// The option's spelling on the command line.
    static let name = "--png-level"

    /// The level `text` names (`fast`, `default` or `best`).
    /// - Throws: `CommandLineError.invalidValue` listing the three names.
    static func parse(_ text: String) throws -> PNGCompressionLevel {
        guard let level = PNGCompressionLevel(name: text) else {
            let names = PNGCompressionLevel.allCases.map(\.name).joined(separator: ", ")
            throw CommandLineError.invalidValue(option: name, value: text, expected: "one of \(names)")
        }
        return level
    }
}
