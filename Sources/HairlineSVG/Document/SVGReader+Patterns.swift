// Document: patterns. A <pattern> href chain plus the referencing shape's
// bounding box -> an SVGPattern: the tile rectangle, patternTransform, and
// the tile's content as draw commands in tile space (SVG 1.1 §13.3). The
// tile is rendered into an image only when drawn, at the canvas's scale
// (SVGPattern+Rendering.swift).

import Hairline

extension SVGReader {
    /// The pattern of a chain (`chain[0]` is the referenced element) for a
    /// shape with bounding box `bounds`; `nil` if it paints nothing (a tile
    /// without area, or bounding-box units on a box without area).
    /// Content inherits style from the pattern element (not from the shape).
    /// - Throws: `SVGError` for malformed attributes or content.
    mutating func pattern(_ chain: [XMLElement], bounds: Rect) throws(SVGError) -> SVGShapePaint? {
        let element = chain[0]
        let boundingBox = isBoundingBoxUnits(Self.inherited("patternUnits", chain), default: true, of: element)
        let contentBoundingBox = isBoundingBoxUnits(
            Self.inherited("patternContentUnits", chain), default: false, of: element)
        var patternTransform = serverTransform(Self.inherited("patternTransform", chain), of: element)
        if let origin = Self.inherited("transform-origin", chain), Self.inherited("patternTransform", chain) != nil {
            patternTransform = Self.transform(patternTransform, about: transformOrigin(origin, element))
        }
        // Without an inverse the tile cannot be mapped: ignored, as for
        // `gradientTransform` (resvg; SVG leaves it open).
        if patternTransform.inverted() == nil { patternTransform = .identity }
        let viewBox = self.viewBox(Self.inherited("viewBox", chain), of: element)
        let aspect = aspectRatio(Self.inherited("preserveAspectRatio", chain), of: element)
        func value(_ name: String, _ axis: LengthAxis, nonNegative: Bool = false) throws(SVGError) -> Double {
            try serverLength(
                Self.inherited(name, chain), boundingBox: boundingBox, axis, element, default: 0,
                nonNegative: nonNegative)
        }
        var tile = Rect(
            x: try value("x", .horizontal), y: try value("y", .vertical),
            width: try value("width", .horizontal, nonNegative: true),
            height: try value("height", .vertical, nonNegative: true))
        let mapping = Self.boundingBoxMapping(bounds)
        if boundingBox {
            guard let mapping else { return nil }
            tile = tile.applying(mapping)
        }
        guard tile.width > 0, tile.height > 0, tile.isFinite else { return nil }

        // Tile space -> content: the viewBox fit, else bounding-box units.
        var contentTransform = AffineTransform.identity
        if let viewBox {
            guard viewBox.width > 0, viewBox.height > 0 else { return nil }
            contentTransform = aspect.transform(mapping: viewBox, into: tile.size)
        } else if contentBoundingBox {
            guard let mapping else { return nil }
            contentTransform = AffineTransform(scaleX: mapping.a, y: mapping.d)
        }
        // The content of the first element in the chain that has children.
        let source = chain.first { !$0.children.isEmpty } ?? element
        var style = ancestorStyle(of: element)
        _ = try apply(try propertyDeclarations(of: element), of: element, to: &style)
        let outer = viewport
        viewport = tile.size
        let nodes = try children(of: source, style: style)
        viewport = outer
        var commands: [SVGDrawCommand] = []
        for node in nodes {
            node.appendDrawCommands(to: &commands, parentTransform: contentTransform, parentOpacity: 1)
        }
        return .pattern(SVGPattern(tile: tile, transform: patternTransform, content: commands))
    }
}
