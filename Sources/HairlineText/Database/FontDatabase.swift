// Database: font files, folders and the system's fonts -> the face a
// family list, weight, width and slant select (CSS Fonts 4 §5.2), and the
// first face that has a character no listed family has (fallback).
// Sources are only recorded when added; the first query indexes them all
// (FontFaceInfo: names, OS/2, head; no glyph table), a face is parsed fully
// when first chosen and kept. Order is stable: files and folders in the
// order added (a folder's files sorted), then the bundled DejaVu Sans and
// Bold, then the system's folders. Thread-safe: one lock guards the index
// and the parsed faces (the table renderer lays text out on several
// threads). Files that cannot be read are skipped, with a warning for
// those the caller added (the system's are skipped quietly).

import HairlineSystem

/// A generic font family (CSS Fonts 4 §2.1.3).
public enum GenericFontFamily: String, Sendable, CaseIterable, Hashable {
    case serif
    case sansSerif = "sans-serif"
    case monospace
    case cursive
    case fantasy
}

/// One entry of a family list: a family name or a generic family.
public enum FontFamily: Sendable, Hashable {
    /// A family name, matched ignoring case against a face's family (name
    /// id 1) and typographic family (name id 16).
    case named(String)
    /// A generic family, resolved through `FontDatabase.genericFamilies`.
    case generic(GenericFontFamily)
}

/// Fonts from files, folders and the system, matched as CSS matches them.
///
///     let database = FontDatabase()
///     database.addFonts(inDirectory: "fonts")
///     database.setGenericFamily(.sansSerif, to: ["Noto Sans"])
///     let font = database.font(for: [.named("Noto Sans"), .generic(.sansSerif)],
///                              request: FontRequest(weight: 700))
public final class FontDatabase: @unchecked Sendable {
    /// The families each generic family tries by default, in order (the
    /// bundled DejaVu Sans ends every list).
    public static let defaultGenericFamilies: [GenericFontFamily: [String]] = [
        .serif: ["DejaVu Serif", "Noto Serif", "Liberation Serif", "Times New Roman", "Times"],
        .sansSerif: ["DejaVu Sans", "Noto Sans", "Liberation Sans", "Helvetica", "Arial"],
        .monospace: ["DejaVu Sans Mono", "Noto Mono", "Noto Sans Mono", "Liberation Mono", "Menlo", "Courier New"],
        .cursive: ["Comic Neue", "Apple Chancery", "Comic Sans MS"],
        .fantasy: ["Impact", "Papyrus"],
    ]
    /// The most font files indexed in all (a hostile folder of millions of
    /// files costs bounded time).
    public static let maximumFileCount = 20_000

    private let lock = SystemLock()
    private var pendingFiles: [(path: String, isFolder: Bool)] = []
    private var pendingData: [FontBytes] = []
    private var includesSystemFonts: Bool
    private var isIndexed = false
    private var faces: [FontFaceInfo] = []
    private var parsed: [Int: Font] = [:]
    private var unusable: Set<Int> = []
    private var coverage: [UInt32: Int] = [:]
    private var generics: [GenericFontFamily: [String]] = FontDatabase.defaultGenericFamilies
    private var warningList: [String] = []
    private var missing: [String: Set<UInt32>] = [:]
    /// Distinct missing characters remembered per block at most.
    static let maximumMissingPerBlock = 4096
    private var missingOrder: [String] = []

    /// A database with no fonts of its own (the bundled DejaVu Sans and
    /// Bold are always there, last), and the system's fonts if asked.
    /// - Parameter includingSystemFonts: whether the system's font folders
    ///   (`systemFontFolders`) are indexed too (after everything added).
    public init(includingSystemFonts: Bool = false) {
        includesSystemFonts = includingSystemFonts
    }

    /// The folders searched for system fonts on this platform: Linux's
    /// /usr/share/fonts, /usr/local/share/fonts, ~/.local/share/fonts and
    /// ~/.fonts; macOS's /System/Library/Fonts, /Library/Fonts and
    /// ~/Library/Fonts.
    public static var systemFontFolders: [String] { FontDirectory.systemFolders() }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// Adds a font file (each face of a collection); it is read when the
    /// database is first queried (a file that cannot be read is then
    /// skipped with a warning).
    public func addFont(file path: String) {
        locked {
            pendingFiles.append((path, false)); isIndexed = false
        }
    }

    /// Adds the font files (.ttf, .otf, .ttc, .otc) under a folder,
    /// recursively, in sorted order; read when the database is first
    /// queried.
    public func addFonts(inDirectory path: String) {
        locked {
            pendingFiles.append((path, true)); isIndexed = false
        }
    }

    /// Adds a font file's bytes (each face of a collection).
    public func addFont(data: [UInt8]) {
        locked {
            pendingData.append(FontBytes(data)); isIndexed = false
        }
    }

    /// The families a generic family resolves to, in order.
    public func genericFamily(_ generic: GenericFontFamily) -> [String] {
        locked { generics[generic] ?? [] }
    }

    /// Makes a generic family try `families` (in order; the bundled DejaVu
    /// Sans still ends the list).
    public func setGenericFamily(_ generic: GenericFontFamily, to families: [String]) {
        locked { generics[generic] = families }
    }

    /// Why files or faces were skipped (one sentence each), in the order
    /// met. Indexes the sources first if needed.
    public var warnings: [String] {
        locked {
            indexIfNeeded()
            return warningList
        }
    }

    /// Whether the sources have been indexed (a query was made since the
    /// last font was added); reading `warnings` would index them.
    public var hasIndexedFonts: Bool { locked { isIndexed } }

    /// The number of faces parsed so far (for tests of what is decoded).
    var parsedFaceCount: Int { locked { parsed.count } }

    /// The number of faces indexed (the bundled ones included).
    public var faceCount: Int {
        locked {
            indexIfNeeded()
            return faces.count
        }
    }

    /// Each indexed face's family, style name and style, in the database's
    /// order.
    public var faceDescriptions: [(family: String, styleName: String, style: FontStyle)] {
        locked {
            indexIfNeeded()
            return faces.map {
                (
                    $0.style.typographicFamilyName.isEmpty ? $0.style.familyName : $0.style.typographicFamilyName,
                    $0.styleName, $0.style
                )
            }
        }
    }

    // MARK: Indexing

    /// Reads every source added since the last indexing (the whole list
    /// again: the order stays that of the calls).
    private func indexIfNeeded() {
        guard !isIndexed else { return }
        isIndexed = true
        faces.removeAll()
        parsed.removeAll()
        unusable.removeAll()
        coverage.removeAll()
        warningList.removeAll()
        var files = 0
        // The system's fonts that cannot be used (damaged, or in formats not read) are
        // skipped quietly: a warning is for fonts the caller named.
        func index(_ path: String, quietly: Bool = false) {
            guard files < Self.maximumFileCount else { return }
            files += 1
            let found: (faces: [FontFaceInfo], errors: [FontError])
            do {
                found = try FontFaceInfo.faces(inFileAt: path)
            } catch {
                if !quietly { warningList.append("\(error)") }
                return
            }
            faces += found.faces
            guard !quietly else { return }
            for error in found.errors { warningList.append("font file \(path) skipped: \(error)") }
        }
        for (path, isFolder) in pendingFiles {
            if isFolder {
                let list = FontDirectory.fontFiles(under: path)
                if list.isEmpty { warningList.append("no font files in folder \(path)") }
                for path in list { index(path) }
            } else {
                index(path)
            }
        }
        for data in pendingData {
            let found = FontFaceInfo.faces(in: data.bytes, source: .data(data))
            faces += found.faces
            for error in found.errors { warningList.append("font data skipped: \(error)") }
        }
        for bundled in BundledFont.allCases {
            let style =
                bundled == .dejaVuSansBold
                ? FontStyle(weight: 700, familyName: "DejaVu Sans") : FontStyle(familyName: "DejaVu Sans")
            faces.append(
                FontFaceInfo(
                    source: .bundled(bundled), faceIndex: 0, style: style,
                    styleName: bundled == .dejaVuSansBold ? "Bold" : "Book"))
        }
        if includesSystemFonts {
            for folder in FontDirectory.systemFolders() {
                for path in FontDirectory.fontFiles(under: folder) { index(path, quietly: true) }
            }
        }
    }

    /// Face `i` parsed (kept), nil if it cannot be (warned once).
    private func font(at i: Int) -> Font? {
        if let font = parsed[i] { return font }
        guard !unusable.contains(i) else { return nil }
        let face = faces[i]
        do {
            let font: Font
            switch face.source {
            case .file(let path): font = try Font(contentsOfFile: path, faceIndex: face.faceIndex)
            case .data(let data): font = try Font(data: data.bytes, faceIndex: face.faceIndex)
            case .bundled(let bundled): font = try Font(bundled)
            }
            parsed[i] = font
            return font
        } catch {
            unusable.insert(i)
            warningList.append("font face skipped: \(error)")
            return nil
        }
    }

    // MARK: Matching

    /// A font chosen for a family list.
    public struct Match: Sendable {
        /// The font.
        public var font: Font
        /// Its position in the database's order (equal for the same face).
        public var faceNumber: Int
        /// Whether one of the listed families (or a generic family's
        /// names) had it; false when the bundled default was taken.
        public var isFromList: Bool
        /// Its family's place in the list (0 first), nil for the default.
        public var familyIndex: Int?
    }

    /// The face for `families` (the first family with any face wins; a
    /// generic family tries its names in order), chosen within the family
    /// by `request` (CSS Fonts 4 §5.2); with no family found, the bundled
    /// DejaVu Sans of the nearest weight. Nil only if no face can be read.
    /// Complexity: O(faces) per family tried (indexes the sources on first
    /// use).
    public func match(_ families: [FontFamily], request: FontRequest = FontRequest()) -> Match? {
        locked {
            indexIfNeeded()
            for (position, family) in families.enumerated() {
                let names: [String]
                switch family {
                case .named(let name): names = [name]
                case .generic(let generic): names = generics[generic] ?? []
                }
                for name in names {
                    if let found = best(inFamily: name, request: request) {
                        return Match(
                            font: found.font, faceNumber: found.number, isFromList: true, familyIndex: position)
                    }
                }
            }
            let bundled = faces.indices.filter {
                if case .bundled = faces[$0].source { return true } else { return false }
            }
            guard let pick = FontMatching.bestFace(among: bundled.map { faces[$0].style }, for: request),
                let font = font(at: bundled[pick])
            else { return nil }
            return Match(font: font, faceNumber: bundled[pick], isFromList: false, familyIndex: nil)
        }
    }

    /// `match(_:request:)`'s font with the synthetic bold or slant CSS
    /// gives a face lighter or more upright than asked
    /// (`Font.synthesized(weight:slant:obliqueAngle:)`), and a fallback for
    /// missing characters: the other families of the list, then the
    /// database.
    public func font(for families: [FontFamily], request: FontRequest = FontRequest()) -> Font? {
        guard let found = match(families, request: request) else { return nil }
        let styled = found.font.synthesized(weight: request.weight, slant: request.slant)
        return withFallback(styled, families: families, request: request)
    }

    /// `font` with a fallback for characters it lacks: the best faces of
    /// `families` (in order, `font` itself skipped), then the database's
    /// first face covering the character.
    public func withFallback(_ font: Font, families: [FontFamily] = [], request: FontRequest = FontRequest()) -> Font {
        var others: [Font] = []
        for family in families {
            if let other = match([family], request: request), other.isFromList, other.font != font,
                !others.contains(other.font)
            {
                others.append(other.font)
            }
        }
        var result = font
        result.fallback = FontFallback(fonts: others, database: self)
        return result
    }

    /// The best face of family `name`, parsed; nil if the family has no
    /// face that can be read.
    private func best(inFamily name: String, request: FontRequest) -> (font: Font, number: Int)? {
        var members = faces.indices.filter { faces[$0].style.isInFamily(name) }
        while !members.isEmpty {
            guard let pick = FontMatching.bestFace(among: members.map { faces[$0].style }, for: request) else {
                return nil
            }
            if let font = font(at: members[pick]) { return (font, members[pick]) }
            members.remove(at: pick)
        }
        return nil
    }

    // MARK: Fallback

    /// The first face, in the database's order, whose character map has
    /// `scalar` (cached by scalar); nil if none has it.
    /// Complexity: O(faces) the first time a scalar is asked (each face
    /// parsed once; a bundled face only if its generated coverage has the
    /// scalar), O(1) after.
    public func fallbackFont(for scalar: Unicode.Scalar) -> Font? {
        locked {
            indexIfNeeded()
            if let known = coverage[scalar.value] { return known < 0 ? nil : parsed[known] }
            for i in faces.indices {
                // A bundled face's coverage is known without decoding it.
                if case .bundled(let bundled) = faces[i].source, parsed[i] == nil, !bundled.covers(scalar) {
                    continue
                }
                guard let font = font(at: i), font.glyph(for: scalar) != .notdef else { continue }
                coverage[scalar.value] = i
                return font
            }
            coverage[scalar.value] = -1
            return nil
        }
    }

    /// Records that no font has `scalar` (text drew a box for it): one
    /// entry per Unicode block, its distinct characters counted.
    func noteMissing(_ scalar: Unicode.Scalar) {
        let block = UnicodeBlocks.name(of: scalar)
        locked {
            if missing[block] == nil { missingOrder.append(block) }
            if missing[block, default: []].count < Self.maximumMissingPerBlock {
                missing[block, default: []].insert(scalar.value)
            }
        }
    }

    /// One sentence per Unicode block of which text asked characters no
    /// font has (drawn as boxes), in the order first met.
    public var missingCharacterWarnings: [String] {
        locked {
            missingOrder.map { block in
                let count = missing[block]?.count ?? 0
                return "no font has \(block) characters (\(count) drawn as boxes)"
            }
        }
    }
}

/// Where a font finds the characters it lacks: other fonts first, then a
/// database's fallback (`FontDatabase.fallbackFont(for:)`). Equal when the
/// fonts are and the database is the same object.
public struct FontFallback: Sendable, Hashable {
    public static func == (a: FontFallback, b: FontFallback) -> Bool {
        a.fonts == b.fonts && a.database === b.database
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(fonts)
        hasher.combine(database.map(ObjectIdentifier.init))
    }

    /// Fonts tried in order (the rest of a family list).
    public var fonts: [Font]
    /// The database asked last, which also records characters no font has.
    public var database: FontDatabase?

    /// A fallback through `fonts`, then `database`.
    public init(fonts: [Font] = [], database: FontDatabase? = nil) {
        self.fonts = fonts
        self.database = database
    }

    /// The first font that has `scalar`: `preferred` (the font of the
    /// cluster's base), `fonts`, then the database; nil if none has it
    /// (then noted as missing).
    func font(for scalar: Unicode.Scalar, preferring preferred: Font? = nil) -> Font? {
        if let preferred, preferred.glyph(for: scalar) != .notdef { return preferred }
        for font in fonts where font.glyph(for: scalar) != .notdef { return font }
        if let found = database?.fallbackFont(for: scalar) { return found }
        database?.noteMissing(scalar)
        return nil
    }
}

extension Font {
    /// This font with `fallback` for the characters it lacks (text layout
    /// and drawing take them from the fallback's fonts).
    public func withFallback(_ fallback: FontFallback?) -> Font {
        var font = self
        font.fallback = fallback
        return font
    }
}
