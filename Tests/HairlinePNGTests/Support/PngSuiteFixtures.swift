// Test support: the PngSuite fixtures (Willem van Schaik's PNG test
// images; see Fixtures/pngsuite/LICENSE) and their expected pixels, found
// through the test bundle's resources, with a `#filePath` fallback for
// runs where the bundle is missing.

import Foundation
import Testing

/// One valid PngSuite image's expectation, from `expected.txt`.
struct PngSuiteExpectation: CustomTestStringConvertible, Sendable {
    let name: String
    let width: Int
    let height: Int
    let bitDepth: Int
    /// CRC-32 of the straight RGBA8 bytes.
    let crc8: UInt32
    /// CRC-32 of the RGBA16 samples as big-endian bytes (16-bit images).
    let crc16: UInt32?

    var testDescription: String { name }
}

enum PngSuiteFixtures {
    /// The folder holding the PNG files, `expected.txt` and the license.
    static let directory: String = {
        if let url = Bundle.module.url(forResource: "Fixtures", withExtension: nil) {
            return url.appendingPathComponent("pngsuite").path
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/pngsuite").path
    }()

    /// The bytes of `name`.png.
    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: "\(directory)/\(name).png")))
    }

    /// Names (without .png) of every fixture image.
    static let allNames: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return files.filter { $0.hasSuffix(".png") }.map { String($0.dropLast(4)) }.sorted()
    }()

    /// Every line of `expected.txt`.
    static let expectations: [PngSuiteExpectation] = {
        guard let text = try? String(contentsOfFile: "\(directory)/expected.txt", encoding: .utf8) else { return [] }
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: " ").map(String.init)
            return PngSuiteExpectation(
                name: fields[0], width: Int(fields[1])!, height: Int(fields[2])!, bitDepth: Int(fields[3])!,
                crc8: UInt32(fields[4], radix: 16)!, crc16: fields[5] == "-" ? nil : UInt32(fields[5], radix: 16)!)
        }
    }()
}
