// Fuzzing: the table spec driver. Any bytes as a spec's JSON, its files
// resolved in the example tables' folder (Examples/tables, or
// HAIRLINE_FUZZ_SPEC_DIR) under a small image budget: it throws, with a
// message that is one bounded line with no raw control character, or
// builds a table that lays out, renders (when small) to a well-formed
// surface, and builds again at another scale.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Hairline
import HairlineCells
import HairlineTableSpec

extension FuzzDrivers {
    /// The folder a fuzzed spec's files are read from.
    static let specFolder: String = getenv("HAIRLINE_FUZZ_SPEC_DIR").map { String(cString: $0) } ?? "Examples/tables"

    /// The longest message a spec error may have: its JSON path, what was
    /// expected and found, each echoed value cut.
    static let maximumSpecMessageLength = 4096

    static func spec(_ bytes: [UInt8]) {
        let options = TableSpec.Options(imagePixelBudget: 1 << 20)
        let spec: TableSpec
        do {
            spec = try TableSpec(json: bytes, baseDirectory: specFolder, options: options)
        } catch {
            checkMessage("\(error)")
            return
        }
        var tables = [spec.table]
        do {
            tables.append(try spec.table(scale: spec.scale == 2 ? 3 : 2))
        } catch {
            checkMessage("\(error)")
        }
        for table in tables {
            guard let layout = try? table.layout() else { fatalError("spec: a built table does not lay out") }
            guard layout.pixelWidth * layout.pixelHeight <= 1 << 18,
                let surface = try? TableRenderer.render(table, workers: 1)
            else { continue }
            checkWellFormed(surface, "spec")
        }
    }

    /// Traps unless `message` is a bounded line with no control character.
    static func checkMessage(_ message: String) {
        guard message.utf8.count <= maximumSpecMessageLength else {
            fatalError("spec: a message of \(message.utf8.count) bytes: \(message.prefix(200))…")
        }
        if let bad = message.unicodeScalars.first(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            fatalError(
                "spec: a message with control character U+\(String(bad.value, radix: 16)): \(message.prefix(200))")
        }
    }
}
