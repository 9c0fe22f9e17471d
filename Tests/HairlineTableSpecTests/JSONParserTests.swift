// The spec's JSON parser on valid input: every escape and surrogate
// pairs, raw UTF-8, the RFC's number grammar with literals kept, the line
// and column of every value (columns in scalars, CRLF line ends), a
// leading byte-order mark, paths as messages write them.

@testable import HairlineTableSpec
import Testing

@Suite struct JSONParserTests {
    func parse(_ text: String) throws -> JSONValue {
        try JSONParser.parse(Array(text.utf8))
    }

    @Test func stringsDecodeEveryEscape() throws {
        let value = try parse(#"["\"\\\/\b\f\n\r\t\u0041\u00e9\u20AC\uD83D\uDE00", "é😀 raw", ""]"#)
        guard case .array(let items) = value.kind else { Issue.record("not an array"); return }
        #expect(items.map(\.kind) == [.string("\"\\/\u{8}\u{C}\n\r\tAé€😀"), .string("é😀 raw"), .string("")])
    }

    @Test func numbersFollowTheGrammarAndKeepTheirLiteral() throws {
        let literals = ["0", "-0", "0.5", "1e3", "1E+2", "-1.5e-3", "12345678901234567890", "1e400"]
        let value = try parse("[" + literals.joined(separator: ", ") + "]")
        guard case .array(let items) = value.kind else { Issue.record("not an array"); return }
        for (item, literal) in zip(items, literals) {
            guard case .number(let v, let written) = item.kind else {
                Issue.record("\(literal) is not a number"); continue
            }
            #expect(written == literal)
            #expect(v == Double(literal) || (v.isInfinite && literal == "1e400"))
        }
    }

    @Test func literalsAndEmptyContainers() throws {
        let value = try parse(#" {"a": true, "b": false, "c": null, "d": [], "e": {}} "#)
        guard case .object(let members) = value.kind else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["a", "b", "c", "d", "e"])
        #expect(members.map(\.value.kind) == [.bool(true), .bool(false), .null, .array([]), .object([])])
    }

    /// Lines count line feeds (a CRLF is one line end); columns count
    /// Unicode scalars, so a value after "é😀" is 2 columns on, not 6.
    @Test func valuesKnowTheirLineAndColumn() throws {
        let value = try parse("{\r\n  \"é😀\": [1,\r\n\t \"x\"],\r\n  \"k\":null}")
        #expect(value.location == SpecLocation(line: 1, column: 1))
        guard case .object(let members) = value.kind, case .array(let items) = members[0].value.kind else {
            Issue.record("unexpected shape")
            return
        }
        #expect(members[0].keyLocation == SpecLocation(line: 2, column: 3))
        #expect(members[0].value.location == SpecLocation(line: 2, column: 9))
        #expect(items[0].location == SpecLocation(line: 2, column: 10))
        #expect(items[1].location == SpecLocation(line: 3, column: 3))
        #expect(members[1].keyLocation == SpecLocation(line: 4, column: 3))
        #expect(members[1].value.location == SpecLocation(line: 4, column: 7))
    }

    @Test func leadingByteOrderMarkIsSkipped() throws {
        let value = try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8))
        guard case .array(let items) = value.kind else { Issue.record("not an array"); return }
        #expect(items.count == 1)
    }

    @Test func pathsAndSummaries() {
        let path = JSONPath.root.appending("sections").appending(2).appending("style").appending("two words").appending(
            "_x1")
        #expect(path.description == #"$.sections[2].style["two words"]._x1"#)
        #expect(JSONPath.root.appending("1a").description == #"$["1a"]"#)
        let long = String(repeating: "a", count: 50)
        #expect(
            JSONValue(kind: .string(long), location: SpecLocation(line: 1, column: 1)).summary
                == "\"" + String(repeating: "a", count: 40) + "…\"")
        #expect(
            JSONValue(kind: .string("a\"b\n\u{1}"), location: SpecLocation(line: 1, column: 1)).summary
                == #""a\"b\n\u0001""#)
    }
}
