// Document: CSS style sheets. The text of every `<style>` element (type
// absent or text/css) -> rules of selectors and declarations (CSS Syntax 3,
// simplified: comments, at-rules skipped, `!important`), and the cascade
// that adds matching declarations to an element's (CSS Cascade 4: author
// rules by importance, specificity, then source order; presentation
// attributes below them, the `style` attribute above normal rules).
// Selectors (Selectors 3): type, `*`, `#id`, `.class`, `[attr]`,
// `[attr=value]` (also ~= ^= $= *=), `:first-child`, descendant and child
// combinators; a rule with anything else is skipped.

import Hairline

/// One compound selector: every condition must hold for one element.
struct CSSCompound: Equatable {
    enum Condition: Equatable {
        case type(String)
        case id(String)
        case className(String)
        /// `[name]` (value `nil`) or `[name op value]`.
        case attribute(name: String, op: String, value: String?)
        case firstChild
    }
    var conditions: [Condition] = []
}

/// A complex selector: compounds joined by combinators, rightmost last.
struct CSSSelector: Equatable {
    /// Each compound and the combinator joining it to the next one to its
    /// right (`" "` descendant, `">"` child; the last one's is unused).
    var parts: [(compound: CSSCompound, combinator: Character)]
    /// (ids, classes + attributes + pseudo-classes, types), compared
    /// lexicographically.
    var specificity: (Int, Int, Int)

    static func == (a: CSSSelector, b: CSSSelector) -> Bool {
        a.parts.map(\.compound) == b.parts.map(\.compound) && a.specificity == b.specificity
    }
}

/// A rule: one selector (lists are split) and its declarations.
struct CSSRule {
    var selector: CSSSelector
    var declarations: [Declaration]
    var important: [Bool]
    /// The rule's position among all rules, for source order.
    var order: Int
}

/// The parsed `<style>` sheets of a document.
struct SVGStyleSheet {
    var rules: [CSSRule] = []

    /// The most rules read from a document's sheets: matching is O(rules)
    /// per element, and this bounds the work a hostile sheet can cause.
    static let maximumRules = 10_000

    var isEmpty: Bool { rules.isEmpty }

    /// Reads the sheets of every `<style>` element under `root`.
    static func sheets(in root: XMLElement) -> SVGStyleSheet {
        var sheet = SVGStyleSheet()
        var stack = [root]
        while let element = stack.popLast() {
            let name = SVGReader.localName(element)
            if name == "style" {
                let type = element.attribute("type").map { SVGColorParser.trimWhitespace($0.value).lowercased() }
                if type == nil || type == "" || type == "text/css" {
                    for run in element.text { sheet.parse(run.value, at: run.offset) }
                }
            }
            stack.append(contentsOf: element.children.reversed())
        }
        return sheet
    }

    /// Parses one sheet's text (document byte offset `base`) and appends its rules.
    mutating func parse(_ text: String, at base: Int) {
        var bytes = Array(text.utf8)
        // Comments become spaces (offsets kept).
        var i = 0
        while i + 1 < bytes.count {
            if bytes[i] == UInt8(ascii: "/"), bytes[i + 1] == UInt8(ascii: "*") {
                var j = i + 2
                while j + 1 < bytes.count, !(bytes[j] == UInt8(ascii: "*") && bytes[j + 1] == UInt8(ascii: "/")) {
                    j += 1
                }
                let end = min(bytes.count, j + 2)
                for k in i..<end { bytes[k] = UInt8(ascii: " ") }
                i = end
            } else {
                i += 1
            }
        }
        var position = 0
        while position < bytes.count, rules.count < Self.maximumRules {
            while position < bytes.count, SVGColorParser.isSpace(bytes[position]) { position += 1 }
            guard position < bytes.count else { break }
            if bytes[position] == UInt8(ascii: "@") {
                // An at-rule: skip to its `;` or past its block.
                while position < bytes.count, bytes[position] != UInt8(ascii: ";"), bytes[position] != UInt8(ascii: "{")
                {
                    position += 1
                }
                if position < bytes.count, bytes[position] == UInt8(ascii: "{") {
                    position = Self.skipBlock(bytes, position)
                }
                position += 1
                continue
            }
            guard let open = bytes[position...].firstIndex(of: UInt8(ascii: "{")) else { break }
            let close = bytes[open...].firstIndex(of: UInt8(ascii: "}")) ?? bytes.count
            let selectorText = String(decoding: bytes[position..<open], as: UTF8.self)
            let body = (open + 1)..<close
            position = close + 1
            let (declarations, important) = Self.declarations(bytes, body, base: base)
            for part in selectorText.split(separator: ",") {
                guard let selector = Self.selector(String(part)) else { continue }
                rules.append(
                    CSSRule(selector: selector, declarations: declarations, important: important, order: rules.count))
            }
        }
    }

    /// The index just past the block that opens at `open` (nested braces).
    static func skipBlock(_ bytes: [UInt8], _ open: Int) -> Int {
        var depth = 0
        var i = open
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "{") { depth += 1 }
            if bytes[i] == UInt8(ascii: "}") {
                depth -= 1
                if depth == 0 { return i }
            }
            i += 1
        }
        return bytes.count
    }

    /// The declarations of a rule body, with their `!important` flags.
    static func declarations(_ bytes: [UInt8], _ range: Range<Int>, base: Int) -> ([Declaration], [Bool]) {
        var result: [Declaration] = [], important: [Bool] = []
        var start = range.lowerBound
        for i in range.lowerBound...range.upperBound where i == range.upperBound || bytes[i] == UInt8(ascii: ";") {
            let piece = String(decoding: bytes[start..<i], as: UTF8.self)
            defer { start = i + 1 }
            guard let colon = piece.firstIndex(of: ":") else { continue }
            let name = SVGColorParser.trimWhitespace(String(piece[..<colon])).lowercased()
            var value = SVGColorParser.trimWhitespace(String(piece[piece.index(after: colon)...]))
            guard !name.isEmpty else { continue }
            var isImportant = false
            if value.lowercased().hasSuffix(SVGProperties.important) {
                value = SVGColorParser.trimWhitespace(String(value.dropLast(SVGProperties.important.count)))
                isImportant = true
            }
            result.append(Declaration(name: name, value: value, offset: base + start, nameOffset: base + start))
            important.append(isImportant)
        }
        return (result, important)
    }

    /// Parses a complex selector; `nil` for anything unsupported.
    static func selector(_ text: String) -> CSSSelector? {
        let chars = Array(SVGColorParser.trimWhitespace(text))
        guard !chars.isEmpty else { return nil }
        var parts: [(compound: CSSCompound, combinator: Character)] = []
        var current = CSSCompound()
        var specificity = (0, 0, 0)
        var i = 0
        func isNameChar(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "-" || c == "_" }
        func name() -> String {
            let start = i
            while i < chars.count, isNameChar(chars[i]) { i += 1 }
            return String(chars[start..<i])
        }
        var pendingCombinator: Character?
        while i < chars.count {
            let c = chars[i]
            if c == " " || c == "\t" || c == "\n" || c == "\r" || c == ">" {
                var combinator: Character = " "
                while i < chars.count,
                    chars[i] == " " || chars[i] == "\t" || chars[i] == "\n" || chars[i] == "\r" || chars[i] == ">"
                {
                    if chars[i] == ">" { combinator = ">" }
                    i += 1
                }
                guard !current.conditions.isEmpty else { return nil }
                pendingCombinator = combinator
                continue
            }
            if let combinator = pendingCombinator {
                parts.append((current, combinator))
                current = CSSCompound()
                pendingCombinator = nil
            }
            switch c {
            case "*":
                i += 1
                current.conditions.append(.type("*"))
            case "#":
                i += 1
                let id = name()
                guard !id.isEmpty else { return nil }
                current.conditions.append(.id(id))
                specificity.0 += 1
            case ".":
                i += 1
                let cls = name()
                guard !cls.isEmpty else { return nil }
                current.conditions.append(.className(cls))
                specificity.1 += 1
            case "[":
                guard let close = chars[i...].firstIndex(of: "]") else { return nil }
                let inner = String(chars[(i + 1)..<close])
                i = close + 1
                specificity.1 += 1
                var op = ""
                var split: String.Index?
                for candidate in ["~=", "^=", "$=", "*=", "|=", "="] {
                    if let r = inner.firstRange(of: candidate) { op = candidate; split = r.lowerBound; break }
                }
                if let split {
                    let attribute = SVGColorParser.trimWhitespace(String(inner[..<split]))
                    var value = SVGColorParser.trimWhitespace(String(inner[inner.index(split, offsetBy: op.count)...]))
                    if value.count >= 2, let q = value.first, q == "\"" || q == "'", value.last == q {
                        value = String(value.dropFirst().dropLast())
                    }
                    current.conditions.append(.attribute(name: attribute, op: op, value: value))
                } else {
                    current.conditions.append(
                        .attribute(name: SVGColorParser.trimWhitespace(inner), op: "", value: nil))
                }
            case ":":
                i += 1
                let pseudo = name()
                guard pseudo == "first-child" else { return nil }
                current.conditions.append(.firstChild)
                specificity.1 += 1
            default:
                guard isNameChar(c) else { return nil }
                current.conditions.append(.type(name()))
                specificity.2 += 1
            }
        }
        guard !current.conditions.isEmpty, pendingCombinator == nil else { return nil }
        parts.append((current, " "))
        return CSSSelector(parts: parts, specificity: specificity)
    }
}

extension SVGReader {
    /// Whether `element` matches `compound`.
    func matches(_ element: XMLElement, _ compound: CSSCompound) -> Bool {
        for condition in compound.conditions {
            switch condition {
            case .type(let name):
                if name != "*", Self.localName(element) != Substring(name) { return false }
            case .id(let id):
                if element.attribute("id")?.value != id { return false }
            case .className(let name):
                guard let classes = element.attribute("class")?.value,
                    classes.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).contains(Substring(name))
                else { return false }
            case .attribute(let name, let op, let value):
                guard let actual = element.attribute(name)?.value else { return false }
                guard let value else { continue }
                switch op {
                case "=": if actual != value { return false }
                case "~=": if !actual.split(separator: " ").contains(Substring(value)) { return false }
                case "^=": if !actual.hasPrefix(value) { return false }
                case "$=": if !actual.hasSuffix(value) { return false }
                case "*=": if !actual.contains(value) { return false }
                case "|=": if actual != value, !actual.hasPrefix(value + "-") { return false }
                default: return false
                }
            case .firstChild:
                guard let parent = parents[element.offset], parent.children.first?.offset == element.offset else {
                    return false
                }
            }
        }
        return true
    }

    /// Whether `element` matches `selector` (right to left; descendant
    /// combinators search up the ancestors).
    func matches(_ element: XMLElement, _ selector: CSSSelector) -> Bool {
        var index = selector.parts.count - 1
        guard matches(element, selector.parts[index].compound) else { return false }
        var current = element
        while index > 0 {
            index -= 1
            let (compound, combinator) = selector.parts[index]
            if combinator == ">" {
                guard let parent = parents[current.offset], matches(parent, compound) else { return false }
                current = parent
            } else {
                var ancestor = parents[current.offset]
                while let candidate = ancestor, !matches(candidate, compound) { ancestor = parents[candidate.offset] }
                guard let found = ancestor else { return false }
                current = found
            }
        }
        return true
    }

    /// The declarations the style sheets give `element`: normal ones
    /// (lowest specificity first, then source order) and important ones.
    func styleSheetDeclarations(for element: XMLElement) -> (normal: [Declaration], important: [Declaration]) {
        guard !styleSheet.isEmpty else { return ([], []) }
        var matched: [CSSRule] = []
        for rule in styleSheet.rules where matches(element, rule.selector) { matched.append(rule) }
        matched.sort { a, b in
            a.selector.specificity != b.selector.specificity
                ? a.selector.specificity < b.selector.specificity : a.order < b.order
        }
        var normal: [Declaration] = [], important: [Declaration] = []
        for rule in matched {
            for (declaration, isImportant) in zip(rule.declarations, rule.important) {
                if isImportant { important.append(declaration) } else { normal.append(declaration) }
            }
        }
        return (normal, important)
    }
}
