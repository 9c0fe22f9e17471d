// Document: a <text>'s runs (whitespace handled) and per-character
// positions -> placed glyphs in the text's user space (y down). Runs in
// the same font and size are cut into text chunks (an absolute `x`, or `y`
// off a path, or another textPath starts one) and each piece is laid out
// by HairlineText's TextLayout through its bidi + shaping path (advances,
// kerning, fallback fonts, GSUB/GPOS where the text needs it, ligatures
// where the font has them, `smcp` for small-caps; paragraph level from
// `direction`, `unicode-bidi` as the bidi controls it stands for). Glyphs
// come in visual order, each tied to its cluster's first character: a
// cluster's later glyphs (marks) follow its first, and a reordered chunk
// starts at its leftmost glyph. `letter-spacing` (none in cursive
// scripts) and `word-spacing` add after each cluster. The pen then walks
// the glyphs (SVG 1.1 §10.4): an absolute `x` or `y` starts a new text
// chunk there, `dx`/`dy` shift the pen, and each chunk is moved by its
// `text-anchor` (0, half or all of its advance). Characters on a
// <textPath> are placed along it afterwards (SVGReader+Text.swift).

import Hairline
import HairlineText

/// One glyph on the text's line, before the textPath mapping.
struct SVGPlacedGlyph {
    /// The run the glyph's character belongs to.
    var run: Int
    /// The character's index among all the text's scalars.
    var character: Int
    var glyph: GlyphID
    /// The glyph's font (the run's, or a fallback) and user units per
    /// font unit.
    var font: Font
    var unit: Double
    /// Pen position, user units: x along the line (user x; user y on a
    /// vertical line; the distance on a path) and y across it (the
    /// baseline's user y; user x on a vertical line; the shift off a path).
    var x = 0.0, y = 0.0
    /// The glyph's advance with kerning, and the letter and word spacing
    /// after it (user units).
    var advance: Double
    var spacing: Double
    /// `rotate` for the character (degrees, about the glyph's origin).
    var rotate = 0.0
    /// Index into the collection's paths, if on a textPath.
    var path: Int?
    /// The character (for vertical orientation).
    var scalar: Unicode.Scalar = " "
    /// The horizontal stretch of `lengthAdjust="spacingAndGlyphs"` (1:
    /// none), and whether `spacing` comes from `textLength` (then it
    /// counts in the chunk's anchored advance, as in resvg).
    var stretch = 1.0
    var spacingFromLength = false
    /// The outline's scale (synthesized small capitals: below 1).
    var scale = 1.0
    /// The shaper's offset of the glyph from its pen position (user units,
    /// x along the line, y up: a mark on its base).
    var offsetX = 0.0, offsetY = 0.0
    /// The character whose x, y, dx and dy apply before the glyph: its
    /// own for the first glyph of a cluster, none (-1) for the cluster's
    /// later glyphs (marks, parts of a split glyph), which follow it; the
    /// chunk's first character for the glyph drawn leftmost when bidi
    /// reordered the chunk (its absolute position starts the chunk there).
    var positionedAs = 0

}

/// The per-character values of `x`, `y`, `dx`, `dy` and `rotate` after
/// every element's lists are applied (user units, degrees).
struct SVGCharacterPositions {
    var x: [Double?], y: [Double?], dx: [Double], dy: [Double], rotate: [Double]
    /// `textLength`s: the characters each covers (outermost first), the
    /// length and whether glyphs stretch.
    var lengths: [(characters: Range<Int>, length: Double, stretchesGlyphs: Bool)] = []

    /// Applies `collection`'s positioning lists, outermost first, to its
    /// characters (each run's scalars, after whitespace handling).
    init(_ collection: SVGTextCollection) {
        var starts = [0]
        for run in collection.runs { starts.append(starts[starts.count - 1] + run.text.unicodeScalars.count) }
        let count = starts[starts.count - 1]
        x = Array(repeating: nil, count: count)
        y = x
        dx = Array(repeating: 0, count: count)
        dy = dx
        rotate = dx
        for list in collection.positionings {
            let lower = starts[min(list.runs.lowerBound, starts.count - 1)]
            let upper = starts[min(list.runs.upperBound, starts.count - 1)]
            guard lower < upper else { continue }
            if let length = list.textLength { lengths.append((lower..<upper, length, list.stretchesGlyphs)) }
            for (k, value) in list.x.prefix(upper - lower).enumerated() { x[lower + k] = value }
            for (k, value) in list.y.prefix(upper - lower).enumerated() { y[lower + k] = value }
            for (k, value) in list.dx.prefix(upper - lower).enumerated() { dx[lower + k] = value }
            for (k, value) in list.dy.prefix(upper - lower).enumerated() { dy[lower + k] = value }
            // The last angle holds for the element's remaining characters.
            if let last = list.rotate.last {
                for k in 0..<(upper - lower) { rotate[lower + k] = k < list.rotate.count ? list.rotate[k] : last }
            }
        }
    }
}

extension SVGReader {
    /// The glyphs of `collection`'s runs, shaped and placed (chunks
    /// anchored); `nil` if no run draws or a needed font cannot be read.
    mutating func layOutText(_ collection: SVGTextCollection, _ element: XMLElement) -> [SVGPlacedGlyph]? {
        let runs = collection.runs
        guard let drawn = fontedRuns(runs, element) else { return nil }
        var starts = [0]
        for run in runs { starts.append(starts[starts.count - 1] + run.text.unicodeScalars.count) }
        let positions = SVGCharacterPositions(collection)
        var glyphs: [SVGPlacedGlyph] = []
        var next = 0
        while next < drawn.count {
            // A segment: drawn[next..<end], one font and size.
            let first = drawn[next], size = runs[first.index].style.fontSize
            var end = next + 1
            while end < drawn.count, drawn[end].font.key == first.font.key,
                runs[drawn[end].index].style.fontSize == size
            { end += 1 }
            // Cut where a text chunk starts: chunks are shaped apart. The
            // characters on either side in other fonts are context when
            // they are in the same chunk.
            let pieces = Self.pieces(drawn[next..<end].map(\.index), runs: runs, starts: starts, positions)
            for (p, piece) in pieces.enumerated() {
                let before =
                    p == 0 && next > 0
                    ? Self.context(from: drawn[next - 1].index, to: first.index, last: true, runs, starts, positions)
                    : nil
                let after =
                    p == pieces.count - 1 && end < drawn.count
                    ? Self.context(
                        from: drawn[end].index, to: drawn[end - 1].index, last: false, runs, starts, positions)
                    : nil
                shape(
                    piece, font: first.font.font, runs: runs, starts: starts, size: size, before: before,
                    after: after, into: &glyphs)
            }
            next = end
        }
        guard !glyphs.isEmpty else { return nil }
        Self.place(&glyphs, positions, collection)
        return glyphs
    }

    /// Run `neighbour`'s last (`last`) or first character, as shaping
    /// context for the run `run` next to it: nil unless both lie on the
    /// same path and the later of the two does not start a text chunk.
    static func context(
        from neighbour: Int, to run: Int, last: Bool, _ runs: [SVGTextRun], _ starts: [Int],
        _ positions: SVGCharacterPositions
    ) -> Unicode.Scalar? {
        guard runs[neighbour].path == runs[run].path else { return nil }
        let scalars = runs[neighbour].text.unicodeScalars
        guard let scalar = last ? scalars.last : scalars.first else { return nil }
        // The first character of whichever run comes later.
        let later = last ? starts[run] : starts[neighbour]
        guard later < positions.x.count else { return nil }
        if positions.x[later] != nil || runs[run].path == nil && positions.y[later] != nil { return nil }
        return scalar
    }

    /// Characters of one run shaped together: run `run`'s scalars `range`.
    typealias SVGShapingPart = (run: Int, range: Range<Int>)

    /// The runs of a segment cut where a text chunk starts (an absolute
    /// `x`, or `y` off a path, or another textPath), as parts of runs.
    static func pieces(
        _ members: [Int], runs: [SVGTextRun], starts: [Int], _ positions: SVGCharacterPositions
    ) -> [[SVGShapingPart]] {
        var pieces: [[SVGShapingPart]] = []
        var current: [SVGShapingPart] = []
        var previousPath: Int? = nil
        var isFirst = true
        for member in members {
            let count = runs[member].text.unicodeScalars.count
            let path = runs[member].path
            var partStart = 0
            for k in 0..<count {
                let c = starts[member] + k
                let known = c < positions.x.count
                let startsChunk =
                    !isFirst && previousPath != path
                    || known && (positions.x[c] != nil || path == nil && positions.y[c] != nil)
                if startsChunk {
                    if k > partStart { current.append((member, partStart..<k)) }
                    if !current.isEmpty { pieces.append(current) }
                    current = []
                    partStart = k
                }
                previousPath = path
                isFirst = false
            }
            if count > partStart { current.append((member, partStart..<count)) }
        }
        if !current.isEmpty { pieces.append(current) }
        return pieces
    }

    /// Shapes one piece (runs in one font and size, one text chunk) and
    /// appends its glyphs in visual order, each with its cluster's first
    /// character, its natural advance and spacing.
    /// `before` and `after` are the characters next to the piece in its
    /// chunk drawn in other fonts: shaped with it as context (kerning and
    /// joining across a font change, as resvg shapes a whole chunk in every
    /// span's font) but not drawn; if one merges into the piece's clusters
    /// the piece is shaped without them.
    private func shape(
        _ piece: [SVGShapingPart], font: Font, runs: [SVGTextRun], starts: [Int], size: Double,
        before: Unicode.Scalar? = nil, after: Unicode.Scalar? = nil, into glyphs: inout [SVGPlacedGlyph]
    ) {
        guard let firstRun = piece.first.map({ runs[$0.run] }) else { return }
        // The scalars with their characters (-1 for bidi controls that
        // stand for `unicode-bidi`), small capitals mapped unless the font
        // has real ones.
        let style = firstRun.style
        let realSmallCaps = style.isSmallCaps && Self.hasSmallCaps(font)
        var scalars = String.UnicodeScalarView()
        var owners: [(run: Int, k: Int)] = []
        // Each run's scalars, read once.
        var runScalars: [Int: [Unicode.Scalar]] = [:]
        for part in piece where runScalars[part.run] == nil {
            runScalars[part.run] = Array(runs[part.run].text.unicodeScalars)
        }
        // Embeddings open from the outermost; each part closes those it is
        // not inside and opens its own, the last ones close at the end.
        var open: [SVGBidiEmbedding] = []
        func control(_ scalar: Unicode.Scalar, _ run: Int) {
            scalars.append(scalar)
            owners.append((run, -1))
        }
        func close(to depth: Int, _ run: Int) {
            while open.count > depth, let last = open.popLast() {
                for c in last.unicodeBidi.controls(rightToLeft: last.isRightToLeft).close { control(c, run) }
            }
        }
        if let context = before { control(context, piece[0].run) }
        for part in piece {
            let run = runs[part.run]
            var chain = run.style.bidiEmbeddings
            if run.style.unicodeBidi != .normal {
                chain.append(
                    SVGBidiEmbedding(
                        unicodeBidi: run.style.unicodeBidi, isRightToLeft: run.style.isRightToLeft,
                        element: run.offset))
            }
            var shared = 0
            while shared < min(open.count, chain.count), open[shared] == chain[shared] { shared += 1 }
            close(to: shared, part.run)
            for embedding in chain[shared...] {
                for c in embedding.unicodeBidi.controls(rightToLeft: embedding.isRightToLeft).open {
                    control(c, part.run)
                }
                open.append(embedding)
            }
            let text = runScalars[part.run] ?? []
            for k in part.range where k < text.count {
                let scalar = text[k]
                scalars.append(
                    run.style.isSmallCaps && !realSmallCaps ? Self.smallCapital(of: scalar) ?? scalar : scalar)
                owners.append((part.run, k))
            }
        }
        close(to: 0, piece[piece.count - 1].run)
        if let context = after { control(context, piece[piece.count - 1].run) }
        let text = String(scalars)
        let spaced = piece.contains { runs[$0.run].style.letterSpacing != 0 }
        var request = TextShapingRequest(recordsClusters: true)
        request.alwaysShapes = realSmallCaps || !spaced && Self.hasLigatures(font, text)
        if realSmallCaps { request.enabledFeatures.insert("smcp") }
        if spaced {
            // CSS Text 3 §8.2: no optional ligatures when letter-spacing.
            request.disabledFeatures = ["liga", "clig", "dlig", "hlig"]
        }
        if !style.kerns { request.disabledFeatures.insert("kern") }
        let layout = TextLayout(
            text, font: font, size: size, lineBreakMode: .clipping,
            direction: style.isRightToLeft ? .rightToLeft : .leftToRight, request: request)
        guard let line = layout.lines.first, !line.glyphs.isEmpty, line.clusters.count == line.glyphs.count else {
            return
        }
        if before != nil || after != nil {
            // Each context character keeps a cluster of its own (and the
            // piece's first character one apart from it), else drop them.
            let clusters = Set(line.clusters)
            let firstOwn = owners.firstIndex { $0.k >= 0 } ?? 0
            if before != nil && !(clusters.contains(0) && clusters.contains(firstOwn))
                || after != nil && !clusters.contains(owners.count - 1)
            {
                shape(piece, font: font, runs: runs, starts: starts, size: size, into: &glyphs)
                return
            }
        }
        var previousCluster = -1
        let pieceStart = glyphs.count
        for i in line.glyphs.indices {
            let cluster = line.clusters[i]
            guard cluster >= 0, cluster < owners.count, owners[cluster].k >= 0 else { continue }
            let owner = owners[cluster]
            let run = runs[owner.run], style = run.style
            let glyphFont = layout.font(at: line.fontIndex(ofGlyph: i))
            let unit = size / Double(max(1, glyphFont.metrics.unitsPerEm))
            // Unshaped glyphs without kerning keep their own advances
            // (shaped ones had `kern` turned off).
            let advance =
                style.kerns || line.isShaped
                ? line.advances[i] : Double(glyphFont.advance(of: line.glyphs[i])) * unit
            guard let runText = runScalars[owner.run], owner.k < runText.count else { continue }
            let scalar = runText[owner.k]
            let isSpace = scalar == " "
            // The cluster's last glyph takes its spacing; cursive scripts
            // take no letter spacing (CSS Text 3 §8.2.1).
            let endsCluster = i + 1 == line.glyphs.count || line.clusters[i + 1] != cluster
            let cursive = ShapingScript(scalar).usesCursiveJoining
            var glyph = SVGPlacedGlyph(
                run: owner.run, character: starts[owner.run] + owner.k, glyph: line.glyphs[i],
                font: glyphFont, unit: unit, advance: advance,
                spacing: endsCluster ? (cursive ? 0 : style.letterSpacing) + (isSpace ? style.wordSpacing : 0) : 0,
                path: run.path, scalar: scalar)
            glyph.offsetX = line.xOffsets[i]
            glyph.offsetY = line.yOffsets.isEmpty ? 0 : line.yOffsets[i]
            glyph.positionedAs = cluster != previousCluster ? glyph.character : -1
            previousCluster = cluster
            if style.isSmallCaps, !realSmallCaps, Self.smallCapital(of: scalar) != nil {
                // A capital scaled to the x-height, its own advance
                // scaled (no kerning).
                let metrics = glyphFont.metrics
                glyph.scale =
                    metrics.xHeight > 0 && metrics.capHeight > 0
                    ? Double(metrics.xHeight) / Double(metrics.capHeight) : Self.fallbackSmallCapsScale
                glyph.advance = Double(glyphFont.advance(of: glyph.glyph)) * unit * glyph.scale
            }
            glyphs.append(glyph)
        }
        // Reordered (right-to-left) text: the chunk starts at its leftmost
        // glyph, which takes the first character's position in its place.
        if let first = piece.first, pieceStart < glyphs.count {
            let chunkStart = starts[first.run] + first.range.lowerBound
            if glyphs[pieceStart].positionedAs != chunkStart,
                let holder = glyphs[pieceStart...].firstIndex(where: { $0.positionedAs == chunkStart })
            {
                let held = glyphs[pieceStart].positionedAs
                glyphs[pieceStart].positionedAs = glyphs[holder].positionedAs
                glyphs[holder].positionedAs = held
            }
        }
    }

    /// Whether `font` has real small capitals (a `smcp` feature with
    /// lookups for Latin).
    static func hasSmallCaps(_ font: Font) -> Bool {
        font.hasSubstitutions(for: .latin, features: ["smcp"])
    }

    /// Whether `text` in `font` may form ligatures the plain path would
    /// miss: the font has ligature features (`liga`, `clig`, `rlig`) for
    /// the script of `text`'s first letter.
    static func hasLigatures(_ font: Font, _ text: String) -> Bool {
        let script = ShapingScript(detectingIn: text.unicodeScalars)
        return script != .common && font.hasSubstitutions(for: script, features: ["liga", "clig", "rlig"])
    }

    /// The scale of synthesized small capitals in a font without x-height
    /// or cap height: CSS Fonts 4 suggests about 0.7.
    static let fallbackSmallCapsScale = 0.7

    /// The capital a lowercase letter turns into for `small-caps` (one
    /// scalar, differing from it), `nil` for anything else.
    static func smallCapital(of scalar: Unicode.Scalar) -> Unicode.Scalar? {
        guard scalar.properties.isLowercase else { return nil }
        let upper = scalar.properties.uppercaseMapping.unicodeScalars
        guard upper.count == 1, let capital = upper.first, capital != scalar else { return nil }
        return capital
    }

    /// Walks the pen over the glyphs: absolute positions and textPaths
    /// start chunks, relative ones shift; each chunk is anchored when the
    /// next starts, which goes on from its anchored end (as resvg goes on).
    private static func place(
        _ glyphs: inout [SVGPlacedGlyph], _ positions: SVGCharacterPositions,
        _ collection: SVGTextCollection
    ) {
        // The pen's x runs along the line and its y across it: on a
        // vertical line (not on a path) along is user y, across user x.
        let vertical = collection.isVertical
        let first = (x: positions.x.first.flatMap { $0 } ?? 0, y: positions.y.first.flatMap { $0 } ?? 0)
        var pen = vertical ? (x: first.y, y: first.x) : first
        applyTextLengths(&glyphs, positions.lengths)
        var lineY = pen.y
        // The chunk being placed: its first glyph and its start on its
        // line (before dx), about which stretched glyphs' positions scale.
        var chunk = (start: 0, origin: 0.0)
        var current: Int?
        var clusterOrigin = (x: 0.0, y: 0.0)
        for g in glyphs.indices {
            let path = glyphs[g].path
            // A cluster's later glyphs follow its first: only that takes
            // the character's positions (its rotation holds for all).
            let c = glyphs[g].positionedAs, r = glyphs[g].character
            let known = c >= 0 && c < positions.dx.count
            let turned = vertical && path == nil
            let absolute =
                known ? (turned ? (positions.y[c], positions.x[c]) : (positions.x[c], positions.y[c])) : (nil, nil)
            let relative =
                known ? (turned ? (positions.dy[c], positions.dx[c]) : (positions.dx[c], positions.dy[c])) : (0, 0)
            let starts = g == 0 || path != current || absolute.0 != nil || (path == nil && absolute.1 != nil)
            if starts, g > 0 {
                if path == nil, glyphs[g - 1].path == nil {
                    // Chunks are shaped apart: no kerning across.
                    let previous = glyphs[g - 1]
                    let alone = Double(previous.font.advance(of: previous.glyph)) * previous.unit * previous.scale
                    pen.x += alone - previous.advance
                    glyphs[g - 1].advance = alone
                }
                let shift = finishChunk(&glyphs[chunk.start..<g], origin: chunk.origin, collection)
                if path == nil, glyphs[g - 1].path == nil { pen.x += shift }
            }
            if g == 0 || path != current {
                // Entering a textPath: a chunk from its start offset (plus
                // the character's x, as resvg reads it), on the path;
                // leaving one: back on the line where the path's last
                // glyph ended.
                if let path {
                    if current == nil { lineY = pen.y }
                    pen = (collection.paths[path].startOffset + (absolute.0 ?? 0), 0)
                } else if g > 0 {
                    pen.y = lineY
                    if let end = Self.pathEnd(of: glyphs[g - 1], collection) { pen = end }
                }
                current = path
            } else if let path, let x = absolute.0 {
                pen.x = collection.paths[path].startOffset + x
            }
            if path == nil {
                if let along = absolute.0 { pen.x = along }
                if let across = absolute.1 { pen.y = across }
            }
            if starts { chunk = (g, pen.x) }
            pen.x += relative.0
            pen.y += relative.1
            if r < positions.rotate.count { glyphs[g].rotate = positions.rotate[r] }
            glyphs[g].x = pen.x
            glyphs[g].y = pen.y
            if glyphs[g].positionedAs < 0, g > 0, path == nil, !vertical, glyphs[g - 1].path == nil {
                // A cluster's later glyph (a mark) keeps its place from the
                // cluster's origin, so that it turns with its base.
                glyphs[g].offsetX += pen.x - clusterOrigin.x
                glyphs[g].x = clusterOrigin.x
                glyphs[g].y = clusterOrigin.y
            } else {
                clusterOrigin = (glyphs[g].x, glyphs[g].y)
            }
            pen.x += glyphs[g].advance + glyphs[g].spacing
        }
        _ = finishChunk(&glyphs[chunk.start...], origin: chunk.origin, collection)
    }

    /// Anchors a chunk by its first character's `text-anchor` and scales
    /// stretched glyphs' positions on a line from the chunk's `origin`
    /// (on a path their advances were scaled instead); returns the
    /// anchor's shift.
    private static func finishChunk(
        _ chunk: inout ArraySlice<SVGPlacedGlyph>, origin: Double,
        _ collection: SVGTextCollection
    ) -> Double {
        guard let first = chunk.first else { return 0 }
        let shift = anchor(&chunk, collection.runs[first.run].style.textAnchor)
        for g in chunk.indices where chunk[g].stretch != 1 && chunk[g].path == nil {
            chunk[g].x = origin + (chunk[g].x - origin) * chunk[g].stretch
        }
        return shift
    }

    /// Applies `textLength`s, outermost first: `spacing` spreads the
    /// difference from the natural advances (letter and word spacing
    /// dropped) between the characters; `spacingAndGlyphs` stretches the
    /// glyphs (and on a path their advances) by the ratio, unless it is
    /// under 1/1000.
    private static func applyTextLengths(
        _ glyphs: inout [SVGPlacedGlyph],
        _ lengths: [(characters: Range<Int>, length: Double, stretchesGlyphs: Bool)]
    ) {
        for length in lengths {
            let members = glyphs.indices.filter { length.characters.contains(glyphs[$0].character) }
            guard !members.isEmpty else { continue }
            let natural = members.reduce(0) { $0 + glyphs[$1].advance }
            if length.stretchesGlyphs {
                let factor = length.length / natural
                guard factor.isFinite, factor >= 0.001 else { continue }
                for g in members {
                    glyphs[g].stretch = factor
                    glyphs[g].spacing = 0
                    if glyphs[g].path != nil { glyphs[g].advance *= factor }
                }
            } else {
                let extra = members.count > 1 ? (length.length - natural) / Double(members.count - 1) : 0
                for g in members {
                    glyphs[g].spacing = extra
                    glyphs[g].spacingFromLength = true
                    glyphs[g].stretch = 1
                }
            }
        }
    }

    /// Where the text goes on after a glyph on a path: the path's point at
    /// the glyph's end (user space); `nil` off the path.
    private static func pathEnd(of glyph: SVGPlacedGlyph, _ collection: SVGTextCollection) -> (x: Double, y: Double)? {
        guard let path = glyph.path,
            let end = collection.paths[path].measure.position(at: glyph.x + glyph.advance / 2)
        else { return nil }
        return (end.point.x + glyph.advance, end.point.y)
    }

    /// Moves a chunk left by 0, half or all of its advance (from its first
    /// glyph's pen to its last glyph's advance, trailing spacing excluded,
    /// as resvg measures it).
    @discardableResult
    private static func anchor(_ chunk: inout ArraySlice<SVGPlacedGlyph>, _ anchor: SVGTextAnchor) -> Double {
        guard anchor != .start, let first = chunk.first,
            let last = chunk.last(where: { $0.positionedAs >= 0 || $0.advance != 0 }) ?? chunk.last
        else { return 0 }
        // The last glyph that moves the pen ends the chunk (a mark after
        // it sits back on its base).
        let width = last.x + last.advance + (last.spacingFromLength ? last.spacing : 0) - first.x
        let shift = anchor == .middle ? -width / 2 : -width
        for i in chunk.indices { chunk[i].x += shift }
        return shift
    }

    /// The runs that draw (characters, a size above 0) with their fonts;
    /// `nil` if a font is needed and none can be read (warned).
    private mutating func fontedRuns(
        _ runs: [SVGTextRun], _ element: XMLElement
    )
        -> [(index: Int, font: SVGFontChoice)]?
    {
        var drawn: [(index: Int, font: SVGFontChoice)] = []
        for (index, run) in runs.enumerated() {
            guard !run.text.isEmpty, run.style.fontSize > 0 else { continue }
            switch fonts.font(
                for: run.style.fontFamilies, weight: run.style.fontWeight, slant: run.style.fontStyle,
                obliqueAngle: run.style.fontObliqueAngle, stretch: run.style.fontStretch,
                variations: run.style.fontVariations,
                size: run.style.fontSize)
            {
            case .success(let choice):
                if let substitution = choice.substitution { warnOnce(.fontSubstituted(substitution), element) }
                drawn.append((index, choice))
            case .failure(let error):
                warnOnce(.fontUnavailable(error.description), element)
                return nil
            }
        }
        return drawn
    }

    /// Records a font warning unless the same one was given before in
    /// this document.
    private mutating func warnOnce(_ kind: SVGWarning.Kind, _ element: XMLElement) {
        guard reportedFontProblems.insert(kind).inserted else { return }
        let attribute: String?
        if case .fontSubstituted = kind { attribute = "font-family" } else { attribute = nil }
        warn(kind, element, attribute: attribute, at: element.offset)
    }

    /// Cuts the runs to `maximumTextLength` characters in all, with a
    /// warning if anything was cut.
    mutating func limitLength(_ runs: inout [SVGTextRun], _ element: XMLElement) {
        var remaining = Self.maximumTextLength
        for i in runs.indices {
            let count = runs[i].text.unicodeScalars.count
            if count <= remaining {
                remaining -= count
                continue
            }
            var kept = String.UnicodeScalarView()
            kept.append(contentsOf: runs[i].text.unicodeScalars.prefix(remaining))
            runs[i].text = String(kept)
            runs.removeSubrange((i + 1)...)
            warn(.textTooLong(limit: Self.maximumTextLength), element, at: element.offset)
            return
        }
    }
}
