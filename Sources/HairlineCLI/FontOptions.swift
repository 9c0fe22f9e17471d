// `render` and `table`: the font options -> one FontDatabase. `--font
// FILE` and `--font-dir DIR` (repeatable) add fonts in the order given,
// the system's fonts follow unless `--no-system-fonts`, and
// `--generic-family NAME=FAMILY` (repeatable) points a generic family
// (serif, sans-serif, monospace, cursive, fantasy) at a family. After a
// run, the database's warnings (unreadable fonts, characters no font has)
// are printed.

import HairlineSystem
import HairlineText

struct FontOptions {
    var files: [(path: String, isFolder: Bool)] = []
    var includesSystemFonts = true
    /// Generic family -> families, in the order given (each option adds
    /// one; the first option for a generic replaces the defaults).
    var generics: [(GenericFontFamily, String)] = []

    /// Reads one font option; false if `arg` is not one.
    mutating func parse(_ arg: String, value: () throws -> String) throws -> Bool {
        switch arg {
        case "--font":
            files.append((try value(), false))
        case "--font-dir":
            files.append((try value(), true))
        case "--no-system-fonts":
            includesSystemFonts = false
        case "--generic-family":
            let text = try value()
            let parts = text.split(separator: "=", maxSplits: 1)
            guard parts.count == 2,
                let generic = GenericFontFamily(rawValue: parts[0].trimmingBlanks()),
                !parts[1].trimmingBlanks().isEmpty
            else {
                throw CommandLineError.invalidValue(
                    option: arg, value: text,
                    expected:
                        "GENERIC=FAMILY with GENERIC serif, sans-serif, monospace, cursive or fantasy, like \"sans-serif=Noto Sans\""
                )
            }
            generics.append((generic, parts[1].trimmingBlanks()))
        default:
            return false
        }
        return true
    }

    /// The database the options describe (indexed on first use).
    func makeDatabase() -> FontDatabase {
        let database = FontDatabase(includingSystemFonts: includesSystemFonts)
        for (path, isFolder) in files {
            if isFolder { database.addFonts(inDirectory: path) } else { database.addFont(file: path) }
        }
        var given: [GenericFontFamily: [String]] = [:]
        for (generic, family) in generics { given[generic, default: []].append(family) }
        for (generic, families) in given { database.setGenericFamily(generic, to: families) }
        return database
    }

    /// Prints the database's warnings, if it was used: fonts skipped, then
    /// characters no font had.
    static func printWarnings(of database: FontDatabase) {
        guard database.hasIndexedFonts else { return }
        for message in database.warnings { warn(message) }
        for message in database.missingCharacterWarnings { warn(message) }
    }
}
