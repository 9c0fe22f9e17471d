// Test fixtures: fonts copied with their licences from resvg's test suite
// into Tests/HairlineTextTests/Fixtures/Fonts (Noto Sans: OFL; MPLUS1p:
// OFL; CFF-and-SBIX: Apache 2.0), read by path so that the tests need
// nothing but the repository.

import HairlineText
import HairlineTestSupport

enum FixtureFonts {
    /// The fixture folder's absolute path.
    static let folder = RepositoryFiles.path("Tests/HairlineTextTests/Fixtures/Fonts")

    /// The absolute path of fixture `name`.
    static func path(_ name: String) -> String { folder + "/" + name }

    /// Fixture `name`, parsed.
    static func font(_ name: String) throws -> Font { try Font(contentsOfFile: path(name)) }

    /// Fixture `name`'s bytes.
    static func bytes(_ name: String) -> [UInt8] {
        RepositoryFiles.bytes(at: "Tests/HairlineTextTests/Fixtures/Fonts/" + name)
            ?? RepositoryFiles.bytes(at: "Tests/HairlineTextTests/Fixtures/VariableAndColorFonts/" + name) ?? []
    }

    /// The variable and color fonts (RobotoFlex: OFL; Noto Color Emoji
    /// COLR and CBDT subsets: the CBDT one's licence file covers both, as
    /// resvg's suite ships them; Noto Znamenny: OFL), kept apart so that
    /// the database tests' folder is unchanged.
    static let variableAndColorFolder = RepositoryFiles.path("Tests/HairlineTextTests/Fixtures/VariableAndColorFonts")

    /// Variable or color fixture `name`, parsed.
    static func variableOrColorFont(_ name: String) throws -> Font {
        try Font(contentsOfFile: variableAndColorFolder + "/" + name)
    }
}
