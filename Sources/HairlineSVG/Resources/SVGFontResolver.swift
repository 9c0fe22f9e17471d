// Resources: a `font-family` list and a weight -> the Font a run of
// <text> is drawn in. The loader's fonts are searched first, then the
// bundled DejaVu Sans and DejaVu Sans Bold (each parsed once per process,
// when first chosen); a list with no match, or a generic family, gets the bundled
// face of the right weight (CSS Fonts 4 §5, simplified: family first, then
// bold or not; a family without a bold face, or without an italic one,
// gets a synthetic bold or slant). Only if the bundled fonts cannot be
// read is there no font (the text then warns and is not drawn). With a
// font database (the loader's `fontDatabase`), the database matches
// instead: family list, generic families, width, slant and weight as CSS
// Fonts 4 §5.2 does (then synthesizes bold and slant the chosen face
// lacks), and each font falls back, per character, on the rest of the list
// and then the database.

import HairlineText

/// The font chosen for a run of text.
struct SVGFontChoice {
    /// The font.
    var font: Font
    /// Which font it is: equal keys are the same font (for kerning across
    /// a run boundary), without comparing font data.
    var key: Int
    /// What was asked for and not found (for `fontSubstituted`), if any.
    var substitution: String?
}

/// Resolves `font-family` lists among the loader's fonts and the bundled
/// ones.
struct SVGFontResolver: Sendable {
    /// The loader's fonts, in order of preference.
    let fonts: [Font]
    /// Fallback faces given instead of the bundled ones (by tests).
    private let fallbackOverride: Result<(regular: Font, bold: Font), FontError>?
    /// The database that matches fonts, if any (then `fonts` are unused).
    let database: FontDatabase?

    /// A resolver among `fonts`, falling back to `fallback`, or to the
    /// bundled faces if `nil` (read only when a text first needs them);
    /// or, with a `database`, through the database.
    init(
        fonts: [Font], fallback: Result<(regular: Font, bold: Font), FontError>? = nil,
        database: FontDatabase? = nil
    ) {
        self.fonts = fonts
        fallbackOverride = fallback
        self.database = database
    }

    /// The font for `families` at `weight`, `slant` (at `obliqueAngle`
    /// degrees, nil for the default 14) and `stretch` (width class):
    /// through the database if there is one, else as `font(for:weight:)`;
    /// then with the synthetic bold and slant CSS gives a face that lacks
    /// them (`Font.synthesized(weight:slant:obliqueAngle:)`).
    func font(
        for families: [SVGFontFamily], weight: Double, slant: FontSlant, obliqueAngle: Double? = nil,
        stretch: Int, variations: [FontVariation] = [], size: Double? = nil
    ) -> Result<SVGFontChoice, FontError> {
        let cssWeight = Int(weight.rounded())
        guard let database else {
            return font(for: families, weight: weight).map { choice in
                var styled = choice
                styled.font = choice.font.synthesized(weight: cssWeight, slant: slant, obliqueAngle: obliqueAngle)
                if !styled.font.synthesis.isNone { styled.key = Int(bitPattern: styled.font.identity) }
                return styled
            }
        }
        let list: [FontFamily] = families.map { family in
            switch family {
            case .named(let name): return .named(name)
            case .generic(let name): return .generic(GenericFontFamily(rawValue: name) ?? .sansSerif)
            }
        }
        let request = FontRequest(weight: cssWeight, width: stretch, slant: slant)
        let wanted = list.isEmpty ? [FontFamily.generic(.sansSerif)] : list
        guard let match = database.match(wanted, request: request) else {
            return .failure(.unreadableFile(path: "DejaVuSans.ttf", reason: "no font could be read"))
        }
        let names = families.compactMap { if case .named(let name) = $0 { return name } else { return nil } }
        let substitution = match.isFromList || names.isEmpty ? nil : names.joined(separator: ", ")
        // A variable face takes the asked weight, width and slant as axis
        // values (CSS Fonts 4 §5 step 6), then font-variation-settings.
        let instance = match.font.cssInstance(
            weight: weight, widthPercent: FontStyle.widthPercent(ofClass: stretch),
            obliqueAngle: slant == .oblique && match.font.style.slant == .normal
                ? obliqueAngle ?? FontStyle.defaultObliqueAngle : nil,
            isItalic: slant == .italic, opticalSize: size, settings: variations)
        // Then bold and slant the face has no axis or face for (§5.2 step 4).
        let styled = instance.synthesized(weight: cssWeight, slant: slant, obliqueAngle: obliqueAngle)
        let font = database.withFallback(styled, families: wanted, request: request)
        let isChanged = styled.isVariedInstance || !styled.synthesis.isNone
        let key = isChanged ? Int(bitPattern: styled.identity) : match.faceNumber
        return .success(SVGFontChoice(font: font, key: key, substitution: substitution))
    }

    /// The regular or bold fallback face, or why it could not be read.
    private func fallbackFace(bold: Bool) -> Result<Font, FontError> {
        if let fallbackOverride { return fallbackOverride.map { bold ? $0.bold : $0.regular } }
        return bold ? Self.bundledBold : Self.bundledRegular
    }

    /// DejaVu Sans, parsed on first use and kept for the life of the
    /// process (a static `let` is initialized once, lazily and
    /// thread-safely), or why it could not be read. Each face is decoded
    /// only when a text is drawn in it.
    static let bundledRegular = Result { () throws(FontError) -> Font in try Font(.dejaVuSans) }
    /// DejaVu Sans Bold, as `bundledRegular`.
    static let bundledBold = Result { () throws(FontError) -> Font in try Font(.dejaVuSansBold) }

    /// The bundled faces' family name, known without decoding them.
    static let bundledFamilyName = "DejaVu Sans"

    /// The font for `families` (first match wins) at `weight` (1...1000).
    /// Loader fonts are searched first, then the fallback faces by family
    /// name (the bundled ones are decoded only if chosen).
    /// - Returns: the choice, or the error reading the bundled fonts when
    ///   they are needed and unreadable.
    /// - Complexity: O(families x fonts).
    func font(for families: [SVGFontFamily], weight: Double) -> Result<SVGFontChoice, FontError> {
        let isBold = weight >= SVGFontFamily.boldThreshold
        // Candidates by key: the loader's fonts, then the regular and bold
        // fallback faces (their names and weights known before decoding).
        var names = fonts.map { $0.familyName.lowercased() }, bolds = fonts.map(\.isBold)
        let overrideFaces = try? fallbackOverride?.get()
        names += [overrideFaces?.regular.familyName, overrideFaces?.bold.familyName].map {
            ($0 ?? Self.bundledFamilyName).lowercased()
        }
        bolds += [false, true]
        func choice(_ key: Int, substitution: String?) -> SVGFontChoice? {
            if key < fonts.count { return SVGFontChoice(font: fonts[key], key: key, substitution: substitution) }
            guard let font = try? fallbackFace(bold: key > fonts.count).get() else { return nil }
            return SVGFontChoice(font: font, key: key, substitution: substitution)
        }
        for family in families {
            guard case .named(let name) = family else { return fallback(bold: isBold, substitution: nil) }
            let wanted = name.lowercased()
            var regular: [Int] = [], bold: [Int] = []
            for key in names.indices where names[key] == wanted {
                if bolds[key] { bold.append(key) } else { regular.append(key) }
            }
            // Bold asked of a family with only a regular face: drawn with
            // synthetic bold by the caller, not a substitution.
            for key in isBold ? bold + regular : regular {
                if let found = choice(key, substitution: nil) { return .success(found) }
            }
            for key in isBold ? [] : bold {
                if let found = choice(key, substitution: "\(name) regular") { return .success(found) }
            }
        }
        let listed = families.compactMap { if case .named(let name) = $0 { return name } else { return nil } }
        return fallback(bold: isBold, substitution: listed.isEmpty ? nil : listed.joined(separator: ", "))
    }

    /// The bundled face of the weight.
    private func fallback(bold: Bool, substitution: String?) -> Result<SVGFontChoice, FontError> {
        fallbackFace(bold: bold).map { face in
            SVGFontChoice(font: face, key: fonts.count + (bold ? 1 : 0), substitution: substitution)
        }
    }
}
