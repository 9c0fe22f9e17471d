// Test support: the JPEG and GIF fixtures (Fixtures/images, made by
// make_image_fixtures.py) with their reference pixels (`NAME.ref.png`:
// Pillow's decode for JPEGs, the intended pixels for GIFs), and the
// comparison of a decoded `Image` with a reference.

import Foundation
import Hairline
import HairlinePNG

enum ImageFixtures {
    /// The folder holding the fixtures.
    static let directory: String = {
        if let url = Bundle.module.url(forResource: "Fixtures", withExtension: nil) {
            return url.appendingPathComponent("images").path
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/images").path
    }()

    /// The bytes of a fixture file, e.g. "gray.jpg".
    static func bytes(_ file: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: "\(directory)/\(file)")))
    }

    /// Fixture files with the extension `ext` ("jpg", "gif"), sorted.
    static func names(_ ext: String) -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return files.filter { $0.hasSuffix("." + ext) }.sorted()
    }

    /// The reference of `file` as a premultiplied `Image`.
    static func reference(_ file: String) throws -> Image {
        let base = file.split(separator: ".").dropLast().joined(separator: ".")
        return try PNGDecoder.decode(contentsOfFile: "\(directory)/\(base).ref.png").image()
    }

    /// The largest difference of any channel of any pixel, or nil when
    /// the sizes differ.
    static func maximumDifference(_ a: Image, _ b: Image) -> Int? {
        guard a.width == b.width, a.height == b.height else { return nil }
        var worst = 0
        for (p, q) in zip(a.pixels, b.pixels) {
            for shift in stride(from: 0, to: 32, by: 8) {
                let d = abs(Int((p >> UInt32(shift)) & 255) - Int((q >> UInt32(shift)) & 255))
                worst = max(worst, d)
            }
        }
        return worst
    }
}
