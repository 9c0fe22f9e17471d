// CSS Fonts 4 §5.2's matching on face lists built here: the weight rules
// (400/500, lighter, heavier), the slant order (italic -> oblique ->
// normal and the reverse), and width before slant before weight.

@testable import HairlineText
import Testing

@Suite struct FontMatchingTests {
    static func faces(_ weights: [Int], slant: FontSlant = .normal, width: Int = 5) -> [FontStyle] {
        weights.map { FontStyle(weight: $0, width: width, slant: slant) }
    }

    @Test func weightRules() {
        let w = FontMatching.weight(for:among:)
        #expect(w(400, [100, 400, 700]) == 400)
        #expect(w(400, [300, 500, 700]) == 500, "400: up to 500 first")
        #expect(w(450, [300, 600]) == 300, "then lighter")
        #expect(w(400, [600, 700]) == 600, "then above 500, ascending")
        #expect(w(500, [400, 600]) == 400, "500: below first when nothing in 500...500")
        #expect(w(300, [200, 400]) == 200, "below 400: lighter first")
        #expect(w(300, [400, 500]) == 400, "then heavier")
        #expect(w(600, [500, 700, 900]) == 700, "above 500: heavier first")
        #expect(w(800, [400, 500]) == 500, "then lighter, descending")
        #expect(w(400, []) == nil)
    }

    @Test func slantOrder() {
        let normal = Self.faces([400]), italic = Self.faces([400], slant: .italic),
            oblique = Self.faces([400], slant: .oblique)
        let best = { (faces: [FontStyle], slant: FontSlant) in
            FontMatching.bestFace(among: faces, for: FontRequest(slant: slant))
        }
        #expect(best(normal + italic + oblique, .italic) == 1)
        #expect(best(normal + oblique, .italic) == 1, "italic falls to oblique")
        #expect(best(normal, .italic) == 0, "then normal")
        #expect(best(italic + oblique, .oblique) == 1)
        #expect(best(italic + normal, .oblique) == 0, "oblique falls to italic")
        #expect(best(italic + oblique, .normal) == 1, "normal falls to oblique first")
    }

    @Test func widthThenSlantThenWeight() {
        let condensedBold = FontStyle(weight: 700, width: 3), normalRegular = FontStyle(weight: 400, width: 5)
        let normalItalic = FontStyle(weight: 400, width: 5, slant: .italic), expanded = FontStyle(weight: 400, width: 7)
        let faces = [condensedBold, normalRegular, normalItalic, expanded]
        #expect(FontMatching.bestFace(among: faces, for: FontRequest(weight: 700)) == 1, "width before weight")
        #expect(
            FontMatching.bestFace(among: faces, for: FontRequest(width: 4)) == 0, "narrower first for a narrow width")
        #expect(FontMatching.bestFace(among: faces, for: FontRequest(width: 6)) == 3, "wider first for a wide width")
        #expect(FontMatching.bestFace(among: faces, for: FontRequest(slant: .italic)) == 2)
        #expect(FontMatching.bestFace(among: [], for: FontRequest()) == nil)
    }
}
