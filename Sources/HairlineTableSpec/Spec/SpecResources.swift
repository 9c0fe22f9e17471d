// HairlineTableSpec: the files a spec names, read once. Images are PNGs
// resolved against the spec's folder, in scale variants found beside the
// named file as UIKit finds them (`top.png` is 1x, `top@2x.png` and
// `top@3x.png` are 2x and 3x); fonts are TrueType files or the bundled
// DejaVu Sans ("regular", "bold"). What the first build reads is kept, so
// building the table again at another scale reads no file.

import Foundation
import Hairline
import HairlinePNG
import HairlineText

/// One scale variant of a named image.
struct ImageVariant: Hashable, Sendable {
    /// Image pixels per point.
    var scale: Double
    var image: Image
}

/// The images and fonts a spec's build has read, by resolved path.
struct SpecResources: Sendable {
    /// The folder relative paths are resolved against.
    let baseDirectory: String
    /// The variants of each image name: resolved path and explicit scale
    /// (nil: found by name) -> variants, by increasing scale.
    private var images: [ImageKey: [ImageVariant]] = [:]
    private var fonts: [String: Font] = [:]

    private struct ImageKey: Hashable, Sendable {
        var path: String
        var scale: Double?
    }

    /// What an image file may be: a surface's pixel limits, at most
    /// `TableSpec.maximumImageByteCount` bytes of file.
    static let imageLimits = PNGDecoder.Limits(maximumFileByteCount: TableSpec.maximumImageByteCount)

    /// The scales whose variants are looked for beside a 1x name.
    static let variantScales = [1, 2, 3]

    init(baseDirectory: String) {
        self.baseDirectory = baseDirectory
    }

    /// `name` resolved against the base directory (absolute names as
    /// they are).
    func resolve(_ name: String) -> String {
        if name.hasPrefix("/") || baseDirectory.isEmpty { return name }
        return baseDirectory.hasSuffix("/") ? baseDirectory + name : baseDirectory + "/" + name
    }

    /// The variants of the image `field` names (a file name string).
    ///
    /// With `explicitScale`, the file itself at that scale. Otherwise a
    /// name ending in `@Nx` (before its extension) is that file at scale
    /// N; any other name is the 1x variant, and `@2x`, `@3x` files beside
    /// it are the others; at least one must exist.
    /// - Throws: `.invalidValue` for an empty name, `.badImage` naming the
    ///   file for a missing file or one that is not a readable PNG.
    mutating func imageVariants(_ field: SpecField, explicitScale: Double?) throws(TableSpecError) -> [ImageVariant] {
        let name = try field.string(expected: "an image file name")
        guard !name.isEmpty else { throw field.mismatch("an image file name") }
        let resolved = resolve(name)
        let key = ImageKey(path: resolved, scale: explicitScale)
        if let known = images[key] { return known }
        var candidates: [(scale: Double, name: String)]
        if let explicitScale {
            candidates = [(explicitScale, name)]
        } else if let scale = SpecResources.scaleSuffix(of: name) {
            candidates = [(scale, name)]
        } else {
            let (stem, ext) = SpecResources.splitExtension(name)
            candidates = SpecResources.variantScales.map { s in (Double(s), s == 1 ? name : "\(stem)@\(s)x\(ext)") }
        }
        var variants: [ImageVariant] = []
        for (scale, file) in candidates {
            let path = resolve(file)
            guard candidates.count == 1 || FileManager.default.fileExists(atPath: path) else { continue }
            do {
                let png = try PNGDecoder.decode(contentsOfFile: path, limits: SpecResources.imageLimits)
                variants.append(ImageVariant(scale: scale, image: png.image()))
            } catch {
                throw .badImage(path: field.path.description, file: file, resolvedFile: path, reason: "\(error)",
                                at: field.value.location)
            }
        }
        guard !variants.isEmpty else {
            let others = candidates.dropFirst().map(\.name).joined(separator: ", ")
            throw .badImage(path: field.path.description, file: name, resolvedFile: resolved,
                            reason: "no such file (nor \(others))", at: field.value.location)
        }
        images[key] = variants
        return variants
    }

    /// The font `field` names: "regular" (DejaVu Sans), "bold" (DejaVu
    /// Sans Bold) or a TrueType file.
    /// - Throws: `.badFont` naming the file if it cannot be read or parsed.
    mutating func font(_ field: SpecField) throws(TableSpecError) -> Font {
        let name = try field.string(expected: "\"regular\", \"bold\" or a TrueType file name")
        guard !name.isEmpty else { throw field.mismatch("\"regular\", \"bold\" or a TrueType file name") }
        let key = name == "regular" || name == "bold" ? name : resolve(name)
        if let known = fonts[key] { return known }
        let font: Font
        do {
            switch name {
            case "regular": font = try Font(.dejaVuSans)
            case "bold": font = try Font(.dejaVuSansBold)
            default: font = try Font(contentsOfFile: key)
            }
        } catch {
            throw .badFont(path: field.path.description, file: name, resolvedFile: key, reason: "\(error)",
                           at: field.value.location)
        }
        fonts[key] = font
        return font
    }

    /// `name` split before its extension's dot ("" if it has none in its
    /// last component).
    static func splitExtension(_ name: String) -> (stem: String, ext: String) {
        let lastComponent = name.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? name
        guard let dot = lastComponent.lastIndex(of: "."), dot != lastComponent.startIndex else { return (name, "") }
        let ext = String(lastComponent[dot...])
        return (String(name.dropLast(ext.count)), ext)
    }

    /// For a name like `top@2x.png`: 2; nil if the stem does not end in
    /// `@<positive number>x`.
    static func scaleSuffix(of name: String) -> Double? {
        let stem = splitExtension(name).stem
        guard stem.hasSuffix("x"), let at = stem.lastIndex(of: "@") else { return nil }
        let number = stem[stem.index(after: at)..<stem.index(before: stem.endIndex)]
        guard let scale = Double(number), scale.isFinite, scale > 0, number.first?.isNumber == true else { return nil }
        return scale
    }
}
