// Tests for the XML stage: tokens from every construct an SVG file uses,
// reference decoding with offsets mapped back to the document, and a table
// of malformed documents with the error kind and byte offset each throws.

import Testing
import Hairline
@testable import HairlineSVG

/// One malformed document and what it must throw; `at` is a snippet whose
/// first byte is the expected offset (with `occurrence`), or nil for 0.
struct MalformedXMLCase: Sendable, CustomTestStringConvertible {
    let text: String
    let kind: SVGError.Kind
    let at: String?
    var occurrence = 1
    var testDescription: String { text.count > 60 ? String(text.prefix(60)) + "…" : text }
}

private let malformedXML: [MalformedXMLCase] = [
    MalformedXMLCase(text: "<svg><g></svg>", kind: .mismatchedEndTag(expected: "g", found: "svg"), at: "</svg>"),
    MalformedXMLCase(text: "<svg></g>", kind: .mismatchedEndTag(expected: "svg", found: "g"), at: "</g>"),
    MalformedXMLCase(text: "<svg><g>", kind: .unclosedElement("g"), at: "<g>"),
    MalformedXMLCase(
        text: "<svg>\n  <g>\n  <rect></g></svg>", kind: .mismatchedEndTag(expected: "rect", found: "g"), at: "</g>"),
    MalformedXMLCase(text: "</svg>", kind: .unexpectedEndTag("svg"), at: nil),
    MalformedXMLCase(text: "<svg width=100/>", kind: .unquotedAttributeValue(attribute: "width"), at: "100"),
    MalformedXMLCase(text: "<svg width=\"100/>", kind: .unterminated("attribute value"), at: "\"100"),
    MalformedXMLCase(text: "<svg width='1\"/>", kind: .unterminated("attribute value"), at: "'1"),
    MalformedXMLCase(
        text: "<svg width=\"1\"height=\"2\"/>",
        kind: .unexpectedCharacter("h", expected: "whitespace, \">\" or \"/>\""), at: "height"),
    MalformedXMLCase(text: "<svg a='1' a='2'/>", kind: .duplicateAttribute("a"), at: "a=", occurrence: 2),
    MalformedXMLCase(text: "<svg a='&foo;'/>", kind: .unknownEntity("foo"), at: "&"),
    MalformedXMLCase(text: "<svg a='&#0;'/>", kind: .invalidCharacterReference("#0"), at: "&"),
    MalformedXMLCase(text: "<svg a='&#xD800;'/>", kind: .invalidCharacterReference("#xD800"), at: "&"),
    MalformedXMLCase(text: "<svg a='&#x110000;'/>", kind: .invalidCharacterReference("#x110000"), at: "&"),
    MalformedXMLCase(text: "<svg a='&#12a;'/>", kind: .invalidCharacterReference("#12a"), at: "&"),
    MalformedXMLCase(
        text: "<svg a='a & b'/>",
        kind: .unexpectedCharacter("&", expected: "a reference such as &amp; (write & as &amp;)"), at: "&"),
    MalformedXMLCase(
        text: "<svg a='<'/>",
        kind: .unexpectedCharacter("<", expected: "attribute value text (write < as &lt;)"), at: "<'"),
    MalformedXMLCase(text: "<svg><!-- never closed", kind: .unterminated("comment"), at: "<!--"),
    MalformedXMLCase(text: "<svg><![CDATA[ x ]>", kind: .unterminated("CDATA section"), at: "<![CDATA["),
    MalformedXMLCase(text: "<svg><!--></svg>", kind: .unterminated("comment"), at: "<!--"),
    MalformedXMLCase(text: "<?xml version='1.0'", kind: .unterminated("processing instruction"), at: nil),
    MalformedXMLCase(text: "<!DOCTYPE svg [ <!ENTITY a 'x'>", kind: .unterminated("DOCTYPE"), at: nil),
    MalformedXMLCase(
        text: "<!DOCTYPE svg [ <!ENTITY a 'x'> <svg/>",
        kind: .unexpectedCharacter("<", expected: "a markup declaration in the DOCTYPE"), at: "<svg"),
    MalformedXMLCase(text: "<!DOCTYPE svg \"unclosed>", kind: .unterminated("DOCTYPE"), at: nil),
    MalformedXMLCase(
        text: "<!FOO><svg/>",
        kind: .unexpectedCharacter("!", expected: "a comment, CDATA section or DOCTYPE after <!"), at: "!"),
    MalformedXMLCase(text: "<svg/><svg/>", kind: .multipleRootElements, at: "<svg/>", occurrence: 2),
    MalformedXMLCase(text: "<svg/><!-- ok --><g></g>", kind: .multipleRootElements, at: "<g>"),
    MalformedXMLCase(text: "<svg", kind: .unterminated("start tag"), at: nil),
    MalformedXMLCase(text: "<svg x='1'", kind: .unterminated("start tag"), at: nil),
    MalformedXMLCase(text: "<svg></svg", kind: .unterminated("end tag"), at: "</svg"),
    MalformedXMLCase(text: "<svg></svg x>", kind: .unexpectedCharacter("x", expected: "\">\" to end </svg>"), at: "x>"),
    MalformedXMLCase(text: "< svg/>", kind: .expectedName, at: " svg"),
    MalformedXMLCase(text: "<svg a/>", kind: .unexpectedCharacter("/", expected: "\"=\" after a"), at: "/>"),
    MalformedXMLCase(text: "<svg 1='2'/>", kind: .unexpectedCharacter("1", expected: "an attribute name"), at: "1="),
    MalformedXMLCase(text: "", kind: .missingSVGRoot(found: nil), at: nil),
    MalformedXMLCase(text: "just text, no markup", kind: .missingSVGRoot(found: nil), at: nil),
    MalformedXMLCase(text: "<?xml version='1.0'?>\n<html/>", kind: .missingSVGRoot(found: "html"), at: "<html"),
]

@Suite("XML tokenizer and tree")
struct XMLTokenizerTests {
    /// Every token of `text`.
    private func tokens(_ text: String) throws -> [XMLToken] {
        var tokenizer = XMLTokenizer(bytes: Array(text.utf8))
        var result: [XMLToken] = []
        while let token = try tokenizer.next() { result.append(token) }
        return result
    }

    @Test("tags come out in order; prolog, comments, CDATA, text and DOCTYPE are skipped")
    func constructs() throws {
        let text = """
            \u{FEFF}<?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x.dtd" [
              <!-- a comment with > inside -->
              <!ENTITY ns_a "http://a.example/">
              <!ENTITY ns_a "second declaration loses">
              <!ENTITY % param "ignored">
              <!ATTLIST svg x CDATA "a>b">
              %param;
            ]>
            <svg a = "1" b='two' c="&ns_a;"><!-- <rect/> --><g >text &amp; more > here<![CDATA[<rect/>]]></g ><path
              d="M0 0"/></svg>
            """
        let all = try tokens(text)
        #expect(all.count == 5)
        guard all.count == 5 else { return }
        guard case .startTag(let svg) = all[0] else { Issue.record("expected <svg>"); return }
        #expect(svg.name == "svg" && !svg.isSelfClosing)
        #expect(svg.attributes.map(\.name) == ["a", "b", "c"])
        #expect(svg.attributes.map(\.value) == ["1", "two", "http://a.example/"])
        guard case .startTag(let g) = all[1], case .endTag(let gEnd, _) = all[2] else {
            Issue.record("expected <g></g>"); return
        }
        #expect(g.name == "g" && gEnd == "g")
        guard case .startTag(let path) = all[3], case .endTag("svg", _) = all[4] else {
            Issue.record("expected <path/></svg>"); return
        }
        #expect(path.isSelfClosing && path.attributes.first?.value == "M0 0")
        #expect(path.offset == offset(of: "<path", in: text))
    }

    @Test("references in attribute values are replaced, with offsets mapped back")
    func references() throws {
        let text = "<svg t='&lt;&gt;&amp;&quot;&apos;' n='&#65;&#x42;&#x1F600;' d='M0 0 &amp; X'/>"
        guard case .startTag(let tag) = try tokens(text)[0] else { Issue.record("expected a tag"); return }
        #expect(tag.attributes[0].value == "<>&\"'")
        #expect(tag.attributes[1].value == "AB\u{1F600}")
        let d = tag.attributes[2]
        #expect(d.value == "M0 0 & X")
        // "X" is byte 7 of the value and must point at the document's X.
        #expect(d.documentOffset(ofValueByte: 7) == offset(of: "X'", in: text))
        #expect(d.documentOffset(ofValueByte: 2) == offset(of: " 0 &amp;", in: text))
    }

    @Test("character data is kept inside the named elements only: references replaced, CR LF as LF, CDATA as text")
    func keptText() throws {
        let text =
            "<svg>skipped &amp;<text a='1'>A &amp; B\r\nC\rD<tspan>&#x45;</tspan><!-- c --><![CDATA[<F>]]>G<g/>H</text>x</svg>"
        let root = try #require(try XMLTreeBuilder.parse(Array(text.utf8), keepingTextIn: ["text"]))
        #expect(root.text.isEmpty)
        let element = try #require(root.children.first)
        #expect(element.text.map(\.value) == ["A & B\nC\nD", "<F>G", "H"])
        #expect(element.text.map(\.index) == [0, 1, 2])
        #expect(
            element.text.map(\.offset) == [
                offset(of: "A &", in: text), offset(of: "<F>", in: text), offset(of: "H<", in: text),
            ])
        #expect(element.children.first?.text.map(\.value) == ["E"])
        // Not asked for: no text anywhere, and no reference checked.
        let plain = try #require(try XMLTreeBuilder.parse(Array("<svg><text>&nope;</text></svg>".utf8)))
        #expect(plain.children.first?.text.isEmpty == true)
        // Asked for, a reference in text is checked where it is.
        let bad = "<svg><text>a &nope; b</text></svg>"
        #expect(throws: SVGError(.unknownEntity("nope"), at: offset(of: "&nope", in: bad))) {
            _ = try XMLTreeBuilder.parse(Array(bad.utf8), keepingTextIn: ["text"])
        }
    }

    @Test("malformed XML throws the expected error at the expected offset", arguments: malformedXML)
    func malformed(_ row: MalformedXMLCase) {
        let error = readError(row.text)
        #expect(error?.kind == row.kind)
        let expected = row.at.map { offset(of: $0, in: row.text, occurrence: row.occurrence) } ?? 0
        #expect(error?.offset == expected)
    }

    @Test("nesting is bounded: 256 levels read, 257 throw at the innermost tag")
    func nestingLimit() throws {
        let limit = XMLTreeBuilder.maximumDepth
        // <svg>, then limit - 2 groups, then the rect at depth `limit`.
        let deepest = svg(
            String(repeating: "<g>", count: limit - 2) + "<rect width='1' height='1'/>"
                + String(repeating: "</g>", count: limit - 2))
        #expect(try commands(deepest).count == 1)
        let tooDeep = svg(String(repeating: "<g>", count: limit) + String(repeating: "</g>", count: limit))
        let error = readError(tooDeep)
        #expect(error?.kind == .nestingTooDeep(limit: limit))
        #expect(error?.offset == offset(of: "<g>", in: tooDeep, occurrence: limit))
    }

    @Test("declared entities may not expand past the limit")
    func entityExpansion() {
        let value = String(repeating: "x", count: 1000)
        let references = String(repeating: "&big;", count: XMLTokenizer.maximumEntityExpansion / 1000 + 1)
        let text = "<!DOCTYPE svg [<!ENTITY big '\(value)'>]><svg a='\(references)'/>"
        let error = readError(text)
        #expect(error?.kind == .entityExpansionTooLarge(limit: XMLTokenizer.maximumEntityExpansion))
        #expect(error?.offset == offset(of: "&big;", in: text, occurrence: references.count / 5))
    }

    @Test("errors carry 1-based line and column, columns counted in characters")
    func lineAndColumn() {
        let text = "<svg>\n  <g>\n  <é x='1'></g></svg>"
        let error = readError(text)
        #expect(error?.line == 3)
        #expect(error?.column == 12)  // "  <é x='1'>" is 11 characters
        #expect(error?.description.hasPrefix("line 3, column 12 (byte \(offset(of: "</g>", in: text)))") == true)
        #expect(error?.description.contains("</g> does not close <é>") == true)
    }
}
