// Shaping: one run's Unicode scalars (one font, one script, one direction)
// -> glyphs with clusters, advances and offsets in font units (y up), in
// visual order (a right-to-left run is shaped in logical order, then
// reversed). Steps: cmap; clusters (marks and joiners join their base's);
// marks put in canonical order and composed with their base where the
// font has the precomposed character (MarkNormalization.swift);
// Arabic joining forms -> feature masks; GSUB lookups of the chosen
// features in lookup-list order; advances from hmtx; GPOS lookups (else
// the kern table's pairs); mark advances zeroed; attachments resolved.
// Devanagari gets basic syllable reordering (DevanagariReordering); other
// Indic scripts none (a warning says so). Not done: mirroring of brackets in
// right-to-left runs, vertical text, `aalt`-style alternate choice (the
// first alternate is used), device tables.

/// One shaped glyph, font units (y up).
public struct ShapedGlyph: Sendable, Equatable {
    /// The glyph.
    public var glyph: GlyphID
    /// The index into the run's scalars of the first scalar of the glyph's
    /// cluster (ligatures and marks share their base's cluster).
    public var cluster: Int
    /// How far the pen moves after the glyph, font units.
    public var xAdvance: Int, yAdvance: Int
    /// Where the glyph is drawn relative to the pen, font units (y up).
    public var xOffset: Int, yOffset: Int
}

/// A shaped run: glyphs in visual order (left to right).
public struct ShapedRun: Sendable, Equatable {
    /// The glyphs, left to right.
    public var glyphs: [ShapedGlyph]
    /// The script the run was shaped as.
    public var script: ShapingScript
    /// Whether the run was right to left (glyphs then reversed from
    /// logical order, so clusters decrease left to right).
    public var isRightToLeft: Bool
    /// What the shaper could not do for this run (Indic reordering), one
    /// sentence each; empty normally.
    public var warnings: [String]
    /// Whether the operation budget ran out (a hostile or pathological
    /// font): the glyphs are then those reached when it did.
    public var budgetExhausted: Bool

    /// The sum of the advances, font units.
    public var advanceWidth: Int { glyphs.reduce(0) { $0 &+ $1.xAdvance } }
}

/// What to shape a run as, and which features to add or remove.
public struct ShapingOptions: Sendable, Equatable {
    /// The script (nil: detected from the run's first scalar with one).
    public var script: ShapingScript?
    /// Right to left (nil: the script's direction).
    public var isRightToLeft: Bool?
    /// An OpenType language system tag ("URD ", "FAR "), nil for the
    /// script's default.
    public var language: String?
    /// Features to apply beyond the defaults (four-letter tags).
    public var enabledFeatures: Set<String>
    /// Default features not to apply ("liga" to keep letters apart).
    public var disabledFeatures: Set<String>

    /// Options with everything detected and the default features.
    public init(
        script: ShapingScript? = nil, isRightToLeft: Bool? = nil, language: String? = nil,
        enabledFeatures: Set<String> = [], disabledFeatures: Set<String> = []
    ) {
        self.script = script
        self.isRightToLeft = isRightToLeft
        self.language = language
        self.enabledFeatures = enabledFeatures
        self.disabledFeatures = disabledFeatures
    }
}

/// The shaper's feature lists.
enum DefaultFeatures {
    /// GSUB features for every script (HarfBuzz's common set).
    static let substitution = ["ccmp", "locl", "rlig", "rclt", "calt", "clig", "liga"]
    /// Arabic-like positional forms.
    static let joining = ["isol", "fina", "fin2", "fin3", "medi", "med2", "init", "mset"]
    /// Indic features ('rphf' and 'half' only where DevanagariReordering's
    /// masks allow; without those masks, i.e. other Indic scripts, they
    /// touch nothing).
    static let indic = [
        "nukt", "akhn", "rphf", "rkrf", "blwf", "half", "pstf", "cjct", "pres", "abvs", "blws", "psts", "haln",
    ]
    /// GPOS features.
    static let positioning = ["kern", "mark", "mkmk", "curs", "dist", "abvm", "blwm"]
}

extension Font {
    /// Whether lookups of this font's GSUB apply to `script` through a
    /// default feature other than kerning (a run in it should be shaped).
    /// Complexity: O(features of the script).
    public func hasSubstitutions(for script: ShapingScript) -> Bool {
        hasSubstitutions(
            for: script,
            features: Set(DefaultFeatures.substitution + (script.usesCursiveJoining ? DefaultFeatures.joining : [])))
    }

    /// Whether lookups of this font's GSUB apply to `script` through one of
    /// `features` (four-letter tags: "smcp" for real small capitals).
    /// Complexity: O(features of the script).
    public func hasSubstitutions(for script: ShapingScript, features wanted: Set<String>) -> Bool {
        guard let header = LayoutHeader(data, layoutTables.gsub, extensionType: 7) else { return false }
        return header.featureIndices(scriptTags: script.openTypeTags).contains { index in
            header.featureTag(index).map(wanted.contains) == true && !header.lookupIndices(ofFeature: index).isEmpty
        }
    }

    /// Shapes one run: `scalars` in logical order, all in this font, one
    /// script and one direction.
    ///
    /// Never traps and always ends: damaged tables are skipped, nested
    /// lookups stop at `LookupApplier.maximumNestingDepth`, and every step
    /// is paid from a budget of 64 operations per scalar (at least 16384),
    /// after which the glyphs are returned as they are.
    /// - Parameters:
    ///   - scalars: the run, logical order.
    ///   - options: script, direction, language and features.
    /// - Returns: glyphs in visual order with font-unit positions.
    /// - Complexity: O(n × lookups) within the budget.
    public func shape(_ scalars: [Unicode.Scalar], options: ShapingOptions = ShapingOptions()) -> ShapedRun {
        let script = options.script ?? ShapingScript(detectingIn: scalars)
        let rightToLeft = options.isRightToLeft ?? script.isRightToLeft
        let definitions = GlyphDefinitions(data, layoutTables.gdef)
        var buffer = ShapingBuffer(glyphs: initialGlyphs(scalars, script: script, definitions: definitions))
        var warnings: [String] = []
        if script == .devanagari {
            warnings.append("Devanagari text is shaped with basic reordering only (pre-base matra, reph, half forms)")
            DevanagariReordering.prepare(&buffer.glyphs, scalars: scalars)
        } else if script.isIndic {
            warnings.append(
                "\(script.rawValue.prefix(1).uppercased() + script.rawValue.dropFirst()) text is shaped without Indic reordering (reph, pre-base matras)"
            )
        }
        // Substitution.
        var substitution = DefaultFeatures.substitution
        if script.usesCursiveJoining { substitution += DefaultFeatures.joining }
        if script.isIndic { substitution += DefaultFeatures.indic }
        if rightToLeft { substitution.append("rtla") }
        if let header = LayoutHeader(data, layoutTables.gsub, extensionType: 7) {
            let plan = Self.plan(
                header, script: script, language: options.language,
                features: Set(substitution).union(options.enabledFeatures).subtracting(options.disabledFeatures))
            var applier = LookupApplier(header: header, definitions: definitions, isSubstitution: true, buffer: buffer)
            for (lookup, mask) in plan { applier.apply(lookupIndex: lookup, mask: mask) }
            buffer = applier.buffer
        }
        if script == .devanagari { DevanagariReordering.placeReph(&buffer.glyphs) }
        // Positioning.
        for i in 0..<buffer.count { buffer.glyphs[i].xAdvance = advance(of: GlyphID(buffer.glyphs[i].glyph)) }
        var kerned = false
        if let header = LayoutHeader(data, layoutTables.gpos, extensionType: 9) {
            let features = Set(DefaultFeatures.positioning).union(options.enabledFeatures).subtracting(
                options.disabledFeatures)
            let plan = Self.plan(header, script: script, language: options.language, features: features)
            kerned =
                features.contains("kern") && Self.hasFeature("kern", header, script: script, language: options.language)
            var applier = LookupApplier(header: header, definitions: definitions, isSubstitution: false, buffer: buffer)
            applier.isRightToLeftRun = rightToLeft
            for (lookup, mask) in plan { applier.apply(lookupIndex: lookup, mask: mask) }
            buffer = applier.buffer
        }
        if !kerned, !options.disabledFeatures.contains("kern") { applyKernTable(&buffer, rightToLeft: rightToLeft) }
        for i in 0..<buffer.count where buffer.glyphs[i].isMark && definitions.hasGlyphClasses {
            buffer.glyphs[i].xAdvance = 0
        }
        buffer.resolveAttachments(reversed: rightToLeft)
        var glyphs = buffer.glyphs.map {
            ShapedGlyph(
                glyph: GlyphID($0.glyph), cluster: $0.cluster, xAdvance: $0.xAdvance, yAdvance: $0.yAdvance,
                xOffset: $0.xOffset, yOffset: $0.yOffset)
        }
        if rightToLeft { glyphs.reverse() }
        return ShapedRun(
            glyphs: glyphs, script: script, isRightToLeft: rightToLeft, warnings: warnings,
            budgetExhausted: buffer.budget <= 0)
    }

    /// The buffer before any lookup: one glyph per scalar from the cmap,
    /// clusters merged over marks and joiners, masks with joining forms.
    private func initialGlyphs(
        _ scalars: [Unicode.Scalar], script: ShapingScript,
        definitions: GlyphDefinitions
    ) -> [GlyphInfo] {
        let forms = script.usesCursiveJoining ? JoiningForm.forms(of: scalars) : []
        var glyphs: [GlyphInfo] = []
        glyphs.reserveCapacity(scalars.count)
        var cluster = 0
        var marksFollow = false
        for (i, scalar) in scalars.enumerated() {
            let category = scalar.properties.generalCategory
            let extends = i > 0 && (category.isMark || scalar.value == 0x200C || scalar.value == 0x200D)
            if !extends { cluster = i }
            let glyph = self.glyph(for: scalar).rawValue
            let glyphClass =
                definitions.hasGlyphClasses
                ? definitions.glyphClass(glyph)
                : (category == .nonspacingMark || category == .enclosingMark ? GlyphClass.mark : GlyphClass.base)
            let mask = FeatureMask.global | (forms.isEmpty ? 0 : forms[i].mask)
            glyphs.append(GlyphInfo(glyph: glyph, cluster: cluster, mask: mask, glyphClass: glyphClass))
            if extends, category.isMark { marksFollow = true }
        }
        // Right-to-left and Indic scripts keep their marks in typed order
        // (their shapers reorder by classes of their own, and the Indic
        // pass reads glyphs and scalars side by side).
        if marksFollow, !script.isRightToLeft, !script.isIndic {
            normalizeMarks(&glyphs, scalars, definitions: definitions)
        }
        return glyphs
    }

    /// The lookups of `features` for the script's language system, in
    /// lookup-list order, each with the mask of the features that use it.
    static func plan(
        _ header: LayoutHeader, script: ShapingScript, language: String?,
        features: Set<String>
    ) -> [(lookup: Int, mask: UInt32)] {
        var masks: [Int: UInt32] = [:]
        let count = header.lookupCount
        for index in header.featureIndices(scriptTags: script.openTypeTags, languageTag: language) {
            guard let tag = header.featureTag(index), features.contains(tag) else { continue }
            for lookup in header.lookupIndices(ofFeature: index) where lookup < count {
                masks[lookup, default: 0] |= FeatureMask.mask(of: tag)
            }
        }
        return masks.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// Whether the script's language system has feature `tag` with lookups.
    static func hasFeature(_ tag: String, _ header: LayoutHeader, script: ShapingScript, language: String?) -> Bool {
        header.featureIndices(scriptTags: script.openTypeTags, languageTag: language).contains {
            header.featureTag($0) == tag && !header.lookupIndices(ofFeature: $0).isEmpty
        }
    }

    /// The kern table's pairs (format 0) between neighbours in visual order,
    /// added to the left glyph's advance.
    private func applyKernTable(_ buffer: inout ShapingBuffer, rightToLeft: Bool) {
        guard kerningTables.kernPairs != nil, buffer.count > 1 else { return }
        for i in 0..<(buffer.count - 1) {
            let (left, right) = rightToLeft ? (i + 1, i) : (i, i + 1)
            let value = kerningTables.kernValue(data, buffer.glyphs[left].glyph, buffer.glyphs[right].glyph) ?? 0
            buffer.glyphs[left].xAdvance &+= value
        }
    }
}
