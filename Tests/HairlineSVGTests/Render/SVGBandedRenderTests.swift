// Render: one document drawn across workers in bands of rows
// (SVGDocument.draw(into:scale:workers:)) against the serial render, byte
// for byte: conformance SVGs with layers, masks, clips, blend modes,
// patterns, images, markers and text at two scales and 2, 3 and 7
// workers in small bands; surfaces with one-row bands and more workers
// than rows; warnings and dropped draws reported once.

import Foundation
import Hairline
@testable import HairlineSVG
import HairlineTestSupport
import Testing

@Suite struct SVGBandedRenderTests {
    /// The folders of the conformance suite whose features draw through
    /// layers, clips, masks, blend modes, pattern tiles, images, markers
    /// and text; every `every`-th file of each (sorted), to keep the
    /// debug run short.
    static let folders = [
        "masking/mask", "masking/clipPath", "masking/clip", "painting/mix-blend-mode", "painting/isolation",
        "structure/image", "paint-servers/pattern", "text/text", "painting/marker", "structure/g",
        "structure/style", "painting/stroke-linejoin",
    ]
    static let every = 4

    static var documents: [String] {
        var names: [String] = []
        for folder in folders {
            let path = RepositoryFiles.path("\(SVGConformanceTests.folder)/tests/\(folder)")
            let files = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [])
                .filter { $0.hasSuffix(".svg") }.sorted()
            names += Swift.stride(from: 0, to: files.count, by: every).map { "\(folder)/\(files[$0])" }
        }
        // Long sloped edges crossing band boundaries (they differed by one
        // level before cut edges stepped as whole ones: Raster/Edge.swift).
        return names + slopedAcrossBands.filter { !names.contains($0) }
    }

    static let slopedAcrossBands = [
        "structure/image/external-svg-with-transform.svg",
        "text/textPath/path-with-subpaths-and-startOffset.svg",
        "painting/stroke-linecap/butt.svg",
    ]

    static func load(_ name: String) throws -> SVGDocument {
        let path = RepositoryFiles.path("\(SVGConformanceTests.folder)/tests/\(name)")
        let bytes = try #require(RepositoryFiles.bytes(at: "\(SVGConformanceTests.folder)/tests/\(name)"))
        return try SVGDocument(parsingUTF8: bytes, loader: SVGConformanceTests.loader(relativeTo: path))
    }

    /// The serial render's bytes, warnings and dropped draws.
    static func serial(
        _ document: SVGDocument, width: Int, height: Int, scale: Double
    ) throws
        -> (bytes: [UInt8], report: SVGRenderReport)
    {
        let surface = try Surface(width: width, height: height)
        let canvas = Canvas(surface: surface, scale: scale)
        let warnings = document.draw(in: canvas)
        return (surface.bytes, SVGRenderReport(warnings: warnings, droppedDrawCount: canvas.droppedDrawCount))
    }

    static func banded(
        _ document: SVGDocument, width: Int, height: Int, scale: Double, workers: Int, rowsPerBand: Int
    ) throws -> (bytes: [UInt8], report: SVGRenderReport) {
        let surface = try Surface(width: width, height: height)
        let report = document.draw(into: surface, scale: scale, workers: workers, rowsPerBand: rowsPerBand)
        return (surface.bytes, report)
    }

    @Test func theSubsetCoversEveryFeatureFolder() {
        let names = Self.documents
        #expect(names.count >= 60)
        for folder in Self.folders where folder != "masking/clip" {
            #expect(names.contains { $0.hasPrefix(folder + "/") }, "\(folder)")
        }
    }

    @Test(arguments: [0.5, 1.25])
    func bandsMatchTheSerialRender(scale factor: Double) throws {
        var differing: [String] = []
        for name in Self.documents {
            let document = try Self.load(name)
            let scale = 100 / document.width * factor
            guard let width = Int(exactly: (document.width * scale).rounded(.up)),
                let height = Int(exactly: (document.height * scale).rounded(.up)), width > 0, height > 0
            else { continue }
            let expected = try Self.serial(document, width: width, height: height, scale: scale)
            for (workers, rows) in [(2, 16), (3, 7), (7, 5)] {
                let got = try Self.banded(
                    document, width: width, height: height, scale: scale, workers: workers, rowsPerBand: rows)
                if got.bytes != expected.bytes { differing.append("\(name), \(workers) workers") }
                #expect(got.report == expected.report, "\(name), \(workers) workers")
            }
        }
        #expect(differing.isEmpty, "differ from serial: \(differing)")
    }

    /// A flattening tolerance reaches every canvas of a render: the serial
    /// one, each worker's (the draws prepared for several bands too) and
    /// the layers and pattern tiles drawn from them, so any number of
    /// workers gives the serial render at that tolerance; a coarser one
    /// moves curved edges by at most about √2 · τ of a pixel's coverage,
    /// and none leaves the straight edges as they are.
    @Test func aFlatteningToleranceReachesEveryBand() throws {
        let text = ##"""
            <svg xmlns="http://www.w3.org/2000/svg" width="60" height="60">
              <pattern id="p" width="12" height="12" patternUnits="userSpaceOnUse">
                <circle cx="6" cy="6" r="5" fill="teal"/></pattern>
              <g opacity="0.7"><circle cx="30" cy="30" r="26" fill="url(#p)" stroke="navy" stroke-width="3"/></g>
              <path d="M4 56 C 20 10, 40 70, 56 4" fill="none" stroke="black" stroke-width="1.5"/>
              <rect x="2.5" y="2.5" width="10" height="7" fill="orange"/>
            </svg>
            """##
        let document = try SVGDocument(parsing: text)
        let scale = 3.0, side = 180
        func serial(tolerance: Double?) throws -> [UInt8] {
            let surface = try Surface(width: side, height: side)
            let canvas = Canvas(surface: surface, scale: scale)
            if let tolerance { canvas.flatteningTolerance = tolerance }
            document.draw(in: canvas)
            return surface.bytes
        }
        let exact = try serial(tolerance: nil)
        let coarse = try serial(tolerance: 0.25)
        #expect(try serial(tolerance: 0.008) == exact)
        for workers in [1, 2, 5] {
            for (tolerance, expected) in [(nil, exact), (0.25, coarse)] as [(Double?, [UInt8])] {
                let surface = try Surface(width: side, height: side)
                document.draw(
                    into: surface, scale: scale, workers: workers, rowsPerBand: 9, flatteningTolerance: tolerance)
                #expect(surface.bytes == expected, "\(workers) workers, tolerance \(tolerance ?? 0)")
            }
        }
        var largest = 0, changed = 0
        for i in exact.indices where exact[i] != coarse[i] {
            changed += 1
            largest = max(largest, abs(Int(exact[i]) - Int(coarse[i])))
        }
        #expect(changed > 100, "a coarser tolerance moves the curves")
        #expect(largest <= 92, "0.25 px chords: at most about √2 · 0.25 of a pixel (\(largest))")
        // The rect's pixels (whole and partial, away from the curves) are
        // the same at any tolerance.
        let rowBytes = side * 4
        for y in 6..<30 {
            for x in 6..<33 {
                let pixel = (y * rowBytes + x * 4)..<(y * rowBytes + x * 4 + 4)
                #expect(exact[pixel] == coarse[pixel], "(\(x), \(y))")
            }
        }
    }

    /// Layers, a mask, a clip and a crisp shape on surfaces of one and
    /// few rows: one-row bands, and more workers than rows.
    @Test(arguments: [(1, 1), (2, 1), (5, 7), (9, 2), (13, 1)])
    func oneRowBandsAndMoreWorkersThanRows(height: Int, workers: Int) throws {
        let text = ##"""
            <svg xmlns="http://www.w3.org/2000/svg" width="20" height="13">
              <clipPath id="c"><circle cx="10" cy="6" r="6.3"/></clipPath>
              <mask id="m"><rect width="20" height="13" fill="#999"/></mask>
              <g opacity="0.5" clip-path="url(#c)"><rect width="14" height="11" fill="red"/>
                <rect x="4" y="2" width="14" height="9" fill="blue" style="mix-blend-mode: screen"/></g>
              <path d="M1 12 L19 0.5" stroke="green" stroke-width="1.3" mask="url(#m)"/>
              <rect x="2.4" y="3.3" width="5" height="5" fill="black" shape-rendering="crispEdges"/>
            </svg>
            """##
        let document = try SVGDocument(parsing: text)
        let scale = Double(height) / 13
        let width = Int((20 * scale).rounded(.up))
        let expected = try Self.serial(document, width: width, height: height, scale: scale)
        #expect(expected.bytes.contains { $0 != 0 })
        for w in [workers, workers + 5, height + 3] {
            let got = try Self.banded(document, width: width, height: height, scale: scale, workers: w, rowsPerBand: 1)
            #expect(got.bytes == expected.bytes, "\(w) workers")
            #expect(got.report == expected.report)
        }
    }

    /// A pattern tile over the size limit warns once, as serially, however
    /// many bands draw it; a path with a non-finite point is dropped once.
    @Test func warningsAndDroppedDrawsAreReportedOnce() throws {
        let text = ##"""
            <svg xmlns="http://www.w3.org/2000/svg" width="40" height="40">
              <pattern id="p" width="5000" height="5000" patternUnits="userSpaceOnUse">
                <rect width="2500" height="2500" fill="teal"/></pattern>
              <rect width="40" height="40" fill="url(#p)"/>
              <rect x="5" y="5" width="30" height="30" fill="none" stroke="url(#p)"/>
              <path d="M0 0 L1e308 1e308 L-1e308 1e308 Z" transform="scale(1e10)" fill="red"/>
            </svg>
            """##
        let document = try SVGDocument(parsing: text)
        let expected = try Self.serial(document, width: 40, height: 40, scale: 1)
        let got = try Self.banded(document, width: 40, height: 40, scale: 1, workers: 3, rowsPerBand: 4)
        #expect(got.bytes == expected.bytes)
        #expect(got.report == expected.report)
        #expect(got.report.warnings.filter { $0.kind == .patternTileTooLarge }.count == 2)
    }

    @Test func aOneWorkerOrOneBandRenderIsTheSerialOne() throws {
        let surface = try Surface(width: 3, height: 1000)
        let document = try SVGDocument(
            parsing:
                #"<svg xmlns="http://www.w3.org/2000/svg" width="3" height="1000"><rect width="3" height="1000" fill="red" opacity="0.5"/></svg>"#
        )
        let report = document.draw(into: surface, scale: 1, workers: 2)
        #expect(report.warnings.isEmpty && report.droppedDrawCount == 0)
        #expect(surface.pixel(x: 2, y: 999)?.alpha == 128 && surface.pixel(x: 0, y: 0)?.alpha == 128)
        // Four bands per worker; at most ~rowsPerBand rows; none under 32.
        #expect(SVGDocument.bandCount(height: 800, workers: 2, rowsPerBand: 256) == 8)
        #expect(SVGDocument.bandCount(height: 4000, workers: 2, rowsPerBand: 256) == 16)
        #expect(SVGDocument.bandCount(height: 100, workers: 8, rowsPerBand: 256) == 3)
        #expect(SVGDocument.bandCount(height: 20, workers: 8, rowsPerBand: 256) == 1)
        #expect(SVGDocument.bandCount(height: 5, workers: 8, rowsPerBand: 1) == 5)
    }

    /// Boundaries cover every row once, in order, and move to the row
    /// where the fewest path elements cross (within an eighth of a band).
    @Test func boundariesMoveToCheapRows() {
        let height = 300
        // A tall path over rows 0..<150 (crossing every boundary there)
        // and short ones elsewhere: a boundary near 100 moves below 150
        // only if within reach; near 200 it settles where nothing crosses.
        var commands: [SVGDrawCommand] = []
        func rect(_ y: Double, _ h: Double, elements: Int) -> SVGDrawCommand {
            var path = Path()
            path.move(to: Point(x: 0, y: y))
            for i in 1..<max(elements, 2) {
                path.addLine(to: Point(x: Double(i % 2) * 10, y: y + h * Double(i) / Double(elements)))
            }
            path.closeSubpath()
            return .fill(
                SVGFillCommand(
                    path: path, transform: .identity, paint: .paint(.solid(.black)), rule: .nonZero, offset: 0))
        }
        commands.append(rect(0, 150, elements: 100))
        for y in stride(from: 150.0, to: 300, by: 7) { commands.append(rect(y, 12, elements: 5)) }
        let crossing = SVGBandLayout.crossingCost(of: commands, scale: 1, height: height)
        #expect(crossing.count == height + 1 && crossing[0] == 0 && crossing[height] == 0)
        #expect(crossing[75] >= 100 && crossing[250] >= 5)
        let bands = SVGBandLayout.bands(count: 3, height: height, crossing: crossing)
        #expect(bands.count == 3 && bands.first?.lowerBound == 0 && bands.last?.upperBound == height)
        for (a, b) in zip(bands, bands.dropFirst()) { #expect(a.upperBound == b.lowerBound && !a.isEmpty) }
        for (band, even) in zip(bands.dropFirst(), [100, 200]) {
            #expect(crossing[band.lowerBound] <= crossing[even] && abs(band.lowerBound - even) <= 12, "\(bands)")
        }
        // The boundary near 100 cannot reach 150 (an eighth of 100 rows).
        #expect(bands[1].lowerBound < 150)
        // Even cuts when nothing crosses; one row each when asked.
        #expect(
            SVGBandLayout.bands(count: 4, height: 8, crossing: [Int](repeating: 0, count: 9)) == [
                0..<2, 2..<4, 4..<6, 6..<8,
            ])
        #expect(SVGBandLayout.bands(count: 9, height: 3, crossing: [0, 5, 5, 0]) == [0..<1, 1..<2, 2..<3])
    }
}
