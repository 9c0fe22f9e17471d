// Shaping tests in Arabic (Amiri, OFL): joining forms chosen by Unicode
// joining types, Amiri's lam-alef, marks placed by GPOS mark attachment.
// Expected glyphs are named by the font's own 'post' names, read
// independently (GlyphNames), so the tests check the shaper's choices
// against the designer's, not against its own earlier output.

import Testing
@testable import HairlineText

@Suite struct ArabicShapingTests {
    static let amiriBytes = FixtureFonts.bytes("Amiri-Regular.ttf")
    static let names = GlyphNames(amiriBytes)

    func amiri() throws -> Font { try Font(data: Self.amiriBytes) }

    func names(_ run: ShapedRun) -> [String] { run.glyphs.map { Self.names.name(Int($0.glyph.rawValue)) } }

    @Test func salamJoinsSeenLamAlefAndLeavesMeemIsolated() throws {
        // Logical order: seen, lam, alef, meem. Seen joins forward (init);
        // lam joins both sides; alef joins only backward, so meem after it
        // is isolated. Amiri forms lam+alef with its LamAlf pair.
        let run = try amiri().shape(Array("سلام".unicodeScalars))
        #expect(run.isRightToLeft)
        #expect(run.script == .arabic)
        #expect(names(run) == ["uni0645", "uni0627.fina_LamAlfFina", "uni0644.medi_LamAlfFina", "uni0633.init"])
        #expect(run.glyphs.map(\.cluster) == [3, 2, 1, 0])
        #expect(run.warnings.isEmpty && !run.budgetExhausted)
    }

    @Test func joiningFormsFollowJoiningTypes() {
        // beh (D) beh (D) alef (R) beh (D) hamza (U) beh: init medi fina | isol | none | isol
        let forms = JoiningForm.forms(of: Array("ببابءب".unicodeScalars))
        #expect(forms == [.initial, .medial, .final, .isolated, .none, .isolated])
        // A transparent mark between two letters does not break the join.
        #expect(JoiningForm.forms(of: Array("بِب".unicodeScalars)) == [.initial, .none, .final])
        // Tatweel (join causing) joins both sides.
        #expect(JoiningForm.forms(of: Array("بـ".unicodeScalars)) == [.initial, .none])
        #expect(JoiningType("\u{0627}") == .rightJoining && JoiningType("\u{0644}") == .dualJoining)
        #expect(JoiningType("\u{064E}") == .transparent && JoiningType("a") == .nonJoining)
    }

    @Test func lamAlefTakesTheLigatureForms() throws {
        let run = try amiri().shape(Array("لا".unicodeScalars))
        #expect(names(run) == ["uni0627.fina_LamAlfIsol", "uni0644.init_LamAlfIsol"])
    }

    @Test func threeBehsTakeInitMediFina() throws {
        let run = try amiri().shape(Array("ببب".unicodeScalars))
        #expect(names(run) == ["uni0628.fina", "uni0628.medi_High", "uni0628.init_High"])
    }

    @Test func kasraSitsOnItsBaseAnchor() throws {
        // Amiri's mark-to-base anchors for beh and kasra, read by hand from
        // GPOS lookup 121: base (1100, -670), mark (534, -670). Isolated beh
        // then kasra: in visual order the kasra comes first, at pen 0, and
        // beh's origin is at the kasra's advance (0), so the kasra is
        // offset by 1100 - 534 = 566 in x and 0 in y.
        let run = try amiri().shape(Array("بِ".unicodeScalars))
        #expect(names(run) == ["uni0650", "uni0628"])
        #expect(run.glyphs[0].xAdvance == 0)
        #expect(run.glyphs[0].xOffset == 566 && run.glyphs[0].yOffset == 0)
        #expect(run.glyphs.map(\.cluster) == [0, 0])
    }
}
