// Text: the fonts that ship with the package, so that a fresh machine
// draws text with no system font installed. DejaVu Sans and DejaVu Sans
// Bold (Bitstream Vera license, public-domain DejaVu changes:
// Fonts/LICENSE-DejaVu.txt) are package resources; reading them is the one
// thing in this module that needs Foundation (`Bundle.module`).

import Foundation

/// A font bundled with HairlineText.
public enum BundledFont: String, CaseIterable, Sendable {
    /// DejaVu Sans (Book).
    case dejaVuSans = "DejaVuSans"
    /// DejaVu Sans Bold.
    case dejaVuSansBold = "DejaVuSans-Bold"

    /// The font file's bytes (TrueType), read from the package's resources
    /// once per call.
    ///
    /// - Throws: `BundledFontError` if the resource is missing or cannot be
    ///   read (a damaged installation).
    public func data() throws(BundledFontError) -> [UInt8] {
        guard let url = Bundle.module.url(forResource: rawValue, withExtension: "ttf", subdirectory: "Fonts")
        else { throw .missing(rawValue) }
        do {
            return [UInt8](try Data(contentsOf: url))
        } catch {
            throw .unreadable(rawValue, String(describing: error))
        }
    }
}

/// A bundled font that could not be read.
public enum BundledFontError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The resource is not in the package's bundle.
    case missing(String)
    /// The resource exists but reading it failed (the reason).
    case unreadable(String, String)

    public var description: String {
        switch self {
        case .missing(let name): return "bundled font \(name).ttf is missing from the HairlineText resources"
        case .unreadable(let name, let reason): return "bundled font \(name).ttf could not be read: \(reason)"
        }
    }
}
