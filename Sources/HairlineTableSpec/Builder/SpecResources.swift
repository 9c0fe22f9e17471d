// HairlineTableSpec: the files a spec names. Images are PNGs resolved
// against the spec's folder, in scale variants found beside the named file
// as UIKit finds them (`top.png` is 1x, `top@2x.png` and `top@3x.png` are
// 2x and 3x); fonts are TrueType files or the bundled DejaVu Sans
// ("regular", "bold").
//
// Bounded by design: a variant is decoded only when a build at a scale
// picks it (an unused `@3x` sibling is never decoded); a file reached
// through several names (links) is decoded once, by its resolved path;
// each build's decoded images together stay within a pixel budget,
// checked from the PNG header before any pixel memory is allocated, and
// decoded images a build does not use are let go. By default every file
// must lie inside the spec's folder once links are resolved (a refusal
// says the same whether or not the file exists outside).

import Hairline
import HairlinePNG
import HairlineSystem
import HairlineText

/// One scale variant of a named image: its scale and resolved path, not
/// yet decoded.
struct ImageVariant: Hashable, Sendable {
    /// Image pixels per point.
    var scale: Double
    /// The name as the spec writes it (for messages) and resolved.
    var file: String
    var path: String
}

/// The images and fonts a spec's builds read, shared by the builds of one
/// spec (a reference: `TableSpec.table(scale:)` adds to it). Used by one
/// build at a time (a lock guards it).
final class SpecResources: @unchecked Sendable {
    /// The folder relative paths are resolved against.
    let baseDirectory: String
    let options: TableSpec.Options
    /// `baseDirectory` resolved (links and `..` removed), for the
    /// confinement check.
    private let resolvedBase: String
    private let lock = SystemLock()
    /// The variants each image name resolves to: (resolved path, explicit
    /// scale) -> variants by increasing scale.
    private var variants: [VariantKey: [ImageVariant]] = [:]
    /// Decoded images by resolved real path.
    private var decoded: [String: Image] = [:]
    /// The real paths the current build has used, and their pixels.
    private var usedThisBuild: Set<String> = []
    private var pixelsThisBuild = 0
    private var fonts: [String: Font] = [:]
    /// Every file any build read (real paths).
    private var read: Set<String> = []

    private struct VariantKey: Hashable {
        var path: String
        var scale: Double?
    }

    /// What an image file may be: a surface's pixel limits, at most
    /// `TableSpec.maximumImageByteCount` bytes of file.
    static let imageLimits = PNGDecoder.Limits(maximumFileByteCount: TableSpec.maximumImageByteCount)

    /// The scales whose variants are looked for beside a 1x name.
    static let variantScales = [1, 2, 3]

    init(baseDirectory: String, options: TableSpec.Options) {
        self.baseDirectory = baseDirectory
        self.options = options
        resolvedBase = FileBytes.resolvedPath(baseDirectory.isEmpty ? "." : baseDirectory)
    }

    /// The real paths of every file read so far.
    var readFiles: [String] {
        lock.lock()
        defer { lock.unlock() }
        return read.sorted()
    }

    /// Starts a build: its images count against a fresh budget.
    func beginBuild() {
        lock.lock()
        defer { lock.unlock() }
        usedThisBuild = []
        pixelsThisBuild = 0
    }

    /// Ends a build: decoded images it did not use are let go.
    func endBuild() {
        lock.lock()
        defer { lock.unlock() }
        decoded = decoded.filter { usedThisBuild.contains($0.key) }
    }

    /// `name` resolved against the base directory (absolute names as
    /// they are).
    func resolve(_ name: String) -> String {
        if name.hasPrefix("/") || baseDirectory.isEmpty { return name }
        return baseDirectory.hasSuffix("/") ? baseDirectory + name : baseDirectory + "/" + name
    }

    /// The real path of `name` if the spec may read it: inside the spec's
    /// folder once links are resolved, unless `options.allowsAnyPath`.
    /// - Throws: `refused()` otherwise (the same whether or not the file
    ///   exists).
    private func permittedPath(_ name: String, refused: () -> TableSpecError) throws(TableSpecError) -> String {
        let real = FileBytes.resolvedPath(resolve(name))
        guard
            options.allowsAnyPath || real == resolvedBase
                || real.hasPrefix(resolvedBase.hasSuffix("/") ? resolvedBase : resolvedBase + "/")
        else { throw refused() }
        return real
    }

    /// The variants of the image `field` names (a file name string), not
    /// decoded.
    ///
    /// With `explicitScale`, the file itself at that scale. Otherwise a
    /// name ending in `@Nx` (before its extension) is that file at scale
    /// N; any other name is the 1x variant, and `@2x`, `@3x` files beside
    /// it are the others; at least one must exist.
    /// - Throws: `.invalidValue` for an empty name, `.badImage` naming the
    ///   file for a missing file or one outside the spec's folder.
    func imageVariants(_ field: SpecField, explicitScale: Double?) throws(TableSpecError) -> [ImageVariant] {
        let name = try field.string(expected: "an image file name")
        guard !name.isEmpty else { throw field.mismatch("an image file name") }
        let resolved = resolve(name)
        let key = VariantKey(path: resolved, scale: explicitScale)
        lock.lock()
        let known = variants[key]
        lock.unlock()
        if let known { return known }
        var candidates: [(scale: Double, name: String)]
        if let explicitScale {
            candidates = [(explicitScale, name)]
        } else if let scale = SpecResources.scaleSuffix(of: name) {
            candidates = [(scale, name)]
        } else {
            let (stem, ext) = SpecResources.splitExtension(name)
            candidates = SpecResources.variantScales.map { s in (Double(s), s == 1 ? name : "\(stem)@\(s)x\(ext)") }
        }
        var found: [ImageVariant] = []
        for (scale, file) in candidates {
            let path = try permittedPath(file) {
                .badImage(
                    path: field.path.description, file: file, resolvedFile: resolve(file),
                    reason: SpecResources.outsideReason, at: field.value.location)
            }
            guard candidates.count == 1 || FilePaths.exists(path) else { continue }
            found.append(ImageVariant(scale: scale, file: file, path: path))
        }
        guard !found.isEmpty else {
            let others = candidates.dropFirst().map { EchoedText.shown($0.name) }.joined(separator: ", ")
            throw .badImage(
                path: field.path.description, file: name, resolvedFile: resolved,
                reason: "no such file (nor \(others))", at: field.value.location)
        }
        lock.lock()
        variants[key] = found
        lock.unlock()
        return found
    }

    /// Why a file outside the spec's folder is refused.
    static let outsideReason =
        "the file is outside the spec's folder (a spec reads only files in its own "
        + "folder; TableSpec.Options.allowsAnyPath, or --allow-any-path, lifts this)"

    /// The decoded pixels of `variant` (decoded now if no build kept
    /// them), counted against this build's budget.
    /// - Throws: `.badImage` naming `field` and the file if it cannot be
    ///   read or decoded, or is larger than what is left of the budget
    ///   (checked from its header, before its pixels are decoded).
    func image(_ variant: ImageVariant, field: SpecField) throws(TableSpecError) -> Image {
        lock.lock()
        defer { lock.unlock() }
        func failure(_ reason: String) -> TableSpecError {
            .badImage(
                path: field.path.description, file: variant.file, resolvedFile: variant.path, reason: reason,
                at: field.value.location)
        }
        if usedThisBuild.contains(variant.path), let image = decoded[variant.path] { return image }
        let budget = options.imagePixelBudget
        let left = max(0, budget - pixelsThisBuild)
        let image: Image
        if let kept = decoded[variant.path] {
            guard kept.width * kept.height <= left else {
                throw failure(Self.budgetReason(kept.width, kept.height, left: left, budget: budget))
            }
            image = kept
        } else {
            let limits = PNGDecoder.Limits(
                maximumPixelCount: left,
                maximumFileByteCount: TableSpec.maximumImageByteCount)
            read.insert(variant.path)
            do {
                image = try PNGDecoder.decodeImage(contentsOfFile: variant.path, limits: limits)
            } catch {
                if case .tooLarge(let width, let height) = error, width * height > left,
                    width <= Surface.maximumDimension, height <= Surface.maximumDimension
                {
                    throw failure(Self.budgetReason(width, height, left: left, budget: budget))
                }
                throw failure("\(error)")
            }
        }
        decoded[variant.path] = image
        usedThisBuild.insert(variant.path)
        pixelsThisBuild += image.width * image.height
        return image
    }

    /// The message for an image over the budget.
    static func budgetReason(_ width: Int, _ height: Int, left: Int, budget: Int) -> String {
        "the image is \(width) x \(height) pixels, more than the \(left) left of the table's decoded-image budget "
            + "of \(budget) pixels (TableSpec.Options.imagePixelBudget, or --image-budget, raises it)"
    }

    /// The font `field` names: "regular" (DejaVu Sans), "bold" (DejaVu
    /// Sans Bold) or a TrueType file.
    /// - Throws: `.badFont` naming the file if it cannot be read or parsed,
    ///   or lies outside the spec's folder.
    func font(_ field: SpecField) throws(TableSpecError) -> Font {
        let name = try field.string(expected: "\"regular\", \"bold\" or a TrueType file name")
        guard !name.isEmpty else { throw field.mismatch("\"regular\", \"bold\" or a TrueType file name") }
        let bundled = name == "regular" || name == "bold"
        let key =
            bundled
            ? name
            : try permittedPath(name) {
                .badFont(
                    path: field.path.description, file: name, resolvedFile: resolve(name),
                    reason: SpecResources.outsideReason, at: field.value.location)
            }
        lock.lock()
        defer { lock.unlock() }
        if let known = fonts[key] { return known }
        let font: Font
        do {
            switch name {
            case "regular": font = try Font(.dejaVuSans)
            case "bold": font = try Font(.dejaVuSansBold)
            default:
                read.insert(key)
                font = try Font(contentsOfFile: key)
            }
        } catch {
            throw .badFont(
                path: field.path.description, file: name, resolvedFile: bundled ? key : resolve(name),
                reason: "\(error)", at: field.value.location)
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
