// Font stage (CFF): a Type 2 charstring -> an outline in font units, y up.
// Operands are pushed (at most 48), operators consume them: hints are
// counted and skipped (their masks' bytes too), the width before the first
// stack-clearing operator dropped (hmtx gives advances), moves, lines and
// curves (with the flex forms) appended as cubic Béziers, subroutines
// called with their bias (at most 10 deep), every operation counted
// against a budget so a hostile charstring ends with an error. CFF2
// charstrings (a `blend` set present) have no width, no `endchar` or
// `return` (code ends where its bytes do), 513 operands, and `vsindex` /
// `blend`, which add the deltas of the font's variation store scaled by
// the instance's region scalars (CFF2Blend.swift).
// Reference: Adobe Technical Note #5177 (Type 2 Charstring Format);
// OpenType 1.9 "CFF2" §"CFF2 CharString (Type 2) format".

import Hairline

/// One glyph's Type 2 interpreter.
struct CFFCharstringDecoder {
    let font: FontData
    let globalSubrs: CFFIndex
    let localSubrs: CFFIndex?
    let glyph: Int
    /// The variation data of a CFF2 charstring, nil for CFF.
    let blend: CFF2Blend?

    /// Operands on the stack at most (Type 2's limit).
    static let maximumStack = 48
    /// Operands on the stack at most in CFF2 (its `maxstack` default).
    static let maximumCFF2Stack = 513
    /// Subroutine calls nested at most (Type 2's limit).
    static let maximumDepth = 10
    /// Operators and operands decoded per glyph at most (a cap like the
    /// TrueType outline budget, `Font.maximumOutlineWork`).
    static let maximumOperations = 1 << 16

    private(set) var path = Path()
    private var stack: [Double] = []
    private var x = 0.0, y = 0.0
    private var stemCount = 0
    private var sawWidthOrOperator = false
    private var isOpen = false
    private var ended = false
    private var operations = 0
    /// An accented character's `endchar` operands (adx, ady, base code,
    /// accent code), read by CFFAccentedGlyphs.swift.
    private(set) var accentedCharacter: (dx: Double, dy: Double, base: Int, accent: Int)?
    /// CFF2: the ItemVariationData that blends read (vsindex).
    private var variationIndex = 0
    /// CFF2: the region scalars of `variationIndex`, read at the first blend.
    private var scalars: [Double]?

    init(font: FontData, globalSubrs: CFFIndex, localSubrs: CFFIndex?, glyph: Int, blend: CFF2Blend? = nil) {
        self.font = font
        self.globalSubrs = globalSubrs
        self.localSubrs = localSubrs
        self.glyph = glyph
        self.blend = blend
        variationIndex = blend?.defaultVariationIndex ?? 0
        // CFF2 charstrings carry no width.
        sawWidthOrOperator = blend != nil
        stack.reserveCapacity(blend == nil ? Self.maximumStack : 64)
    }

    /// The outline, its last contour closed.
    mutating func finish() -> Path {
        if isOpen { path.closeSubpath() }
        isOpen = false
        return path
    }

    private func fail(_ reason: String) -> FontError { .invalidCharstring(glyph: glyph, reason: reason) }

    /// The bias added to a subroutine number (Type 2 §4.7).
    static func bias(_ count: Int) -> Int { count < 1240 ? 107 : count < 33900 ? 1131 : 32768 }

    private mutating func push(_ value: Double) throws(FontError) {
        let limit = blend == nil ? Self.maximumStack : Self.maximumCFF2Stack
        guard stack.count < limit else { throw fail("more than \(limit) operands") }
        stack.append(value)
    }

    /// Runs the charstring in `code`; returns at its end, a `return` or
    /// `endchar`.
    mutating func run(_ code: FontTable, depth: Int) throws(FontError) {
        var at = 0
        while at < code.length, !ended {
            operations += 1
            guard operations <= Self.maximumOperations else {
                throw fail("more than \(Self.maximumOperations) operations")
            }
            let b0 = Int(try font.u8(code, at))
            at += 1
            switch b0 {
            case 32...246: try push(Double(b0 - 139))
            case 247...250:
                try push(Double((b0 - 247) * 256 + Int(try font.u8(code, at)) + 108)); at += 1
            case 251...254:
                try push(Double(-(b0 - 251) * 256 - Int(try font.u8(code, at)) - 108)); at += 1
            case 28:
                try push(Double(try font.i16(code, at))); at += 2
            case 255:
                try push(Double(Int32(bitPattern: try font.u32(code, at))) / 65536); at += 4
            case 10, 29:
                guard let index = b0 == 10 ? localSubrs : globalSubrs else {
                    throw fail("callsubr without local subroutines")
                }
                guard let last = stack.popLast(), last.isFinite, abs(last) < Double(1 << 30) else {
                    throw fail("a subroutine call without a number")
                }
                let number = Int(last) + Self.bias(index.count)
                guard number >= 0, number < index.count else { throw fail("subroutine \(number) of \(index.count)") }
                guard depth < Self.maximumDepth else {
                    throw fail("subroutines nested more than \(Self.maximumDepth) deep")
                }
                try run(try index.item(font, number), depth: depth + 1)
            case 11:
                guard blend == nil else { throw fail("return is not a CFF2 operator") }
                return
            case 15 where blend != nil:  // vsindex
                guard scalars == nil, let last = stack.popLast(), last >= 0, last < 65536 else {
                    throw fail("vsindex after a blend or without an index")
                }
                variationIndex = Int(last)
                stack.removeAll(keepingCapacity: true)
            case 16 where blend != nil:
                try applyBlend()
            case 12:
                let op = Int(try font.u8(code, at)); at += 1
                try escaped(op)
            case 19, 20:
                // hintmask, cntrmask: operands left are an implicit vstem.
                takeWidth(ifCountIs: { $0 % 2 == 1 })
                stemCount += stack.count / 2
                stack.removeAll(keepingCapacity: true)
                at += (stemCount + 7) / 8
            default:
                try operate(b0)
            }
        }
    }

    /// CFF2 `blend`: `n` defaults, `n` x k deltas (k regions of the
    /// current ItemVariationData) and `n` become the `n` defaults plus
    /// their deltas weighted by the regions' scalars.
    private mutating func applyBlend() throws(FontError) {
        guard let blend else { return }
        if scalars == nil {
            do throws(FontError) {
                scalars = try blend.scalars(font, variationIndex: variationIndex)
            } catch {
                throw fail("vsindex \(variationIndex): \(error)")
            }
        }
        let weights = scalars ?? []
        let k = weights.count
        guard let last = stack.popLast(), last >= 0, last <= Double(Self.maximumCFF2Stack) else {
            throw fail("a blend without a count")
        }
        let n = Int(last)
        guard n * (k + 1) <= stack.count else { throw fail("a blend of \(n) values needs \(n * (k + 1)) operands") }
        let first = stack.count - n * (k + 1)
        if weights.contains(where: { $0 != 0 }) {
            for i in 0..<n {
                var value = stack[first + i]
                let deltas = first + n + i * k
                for j in 0..<k where weights[j] != 0 { value += stack[deltas + j] * weights[j] }
                stack[first + i] = value
            }
        }
        stack.removeLast(n * k)
    }

    /// Drops the width operand at the bottom of the stack if this is the
    /// first stack-clearing operator and `ifCountIs` says the count has one.
    private mutating func takeWidth(ifCountIs hasWidth: (Int) -> Bool) {
        guard !sawWidthOrOperator else { return }
        sawWidthOrOperator = true
        if hasWidth(stack.count), !stack.isEmpty { stack.removeFirst() }
    }

    private mutating func moveTo(_ dx: Double, _ dy: Double) {
        if isOpen { path.closeSubpath() }
        x += dx; y += dy
        path.move(to: Point(x: x, y: y))
        isOpen = true
    }

    private mutating func lineTo(_ dx: Double, _ dy: Double) {
        if !isOpen { path.move(to: Point(x: x, y: y)); isOpen = true }
        x += dx; y += dy
        path.addLine(to: Point(x: x, y: y))
    }

    private mutating func curveTo(
        _ dx1: Double, _ dy1: Double, _ dx2: Double, _ dy2: Double, _ dx3: Double, _ dy3: Double
    ) {
        if !isOpen { path.move(to: Point(x: x, y: y)); isOpen = true }
        let c1 = Point(x: x + dx1, y: y + dy1)
        let c2 = Point(x: c1.x + dx2, y: c1.y + dy2)
        x = c2.x + dx3; y = c2.y + dy3
        path.addCurve(to: Point(x: x, y: y), control1: c1, control2: c2)
    }

    private func need(_ count: Int, _ name: String) throws(FontError) {
        guard stack.count >= count else { throw fail("\(name) needs \(count) operands, has \(stack.count)") }
    }

    private mutating func operate(_ op: Int) throws(FontError) {
        let s = stack
        switch op {
        case 1, 3, 18, 23:  // hstem, vstem, hstemhm, vstemhm
            takeWidth(ifCountIs: { $0 % 2 == 1 })
            stemCount += stack.count / 2
        case 21:  // rmoveto
            takeWidth(ifCountIs: { $0 > 2 })
            try need(2, "rmoveto")
            moveTo(stack[stack.count - 2], stack[stack.count - 1])
        case 22:  // hmoveto
            takeWidth(ifCountIs: { $0 > 1 })
            try need(1, "hmoveto")
            moveTo(stack[stack.count - 1], 0)
        case 4:  // vmoveto
            takeWidth(ifCountIs: { $0 > 1 })
            try need(1, "vmoveto")
            moveTo(0, stack[stack.count - 1])
        case 5:  // rlineto
            var i = 0
            while i + 1 < s.count { lineTo(s[i], s[i + 1]); i += 2 }
        case 6, 7:  // hlineto, vlineto: alternating
            var horizontal = op == 6
            for d in s {
                if horizontal { lineTo(d, 0) } else { lineTo(0, d) }
                horizontal.toggle()
            }
        case 8:  // rrcurveto
            var i = 0
            while i + 5 < s.count { curveTo(s[i], s[i + 1], s[i + 2], s[i + 3], s[i + 4], s[i + 5]); i += 6 }
        case 24:  // rcurveline
            try need(8, "rcurveline")
            var i = 0
            while i + 5 < s.count - 2 { curveTo(s[i], s[i + 1], s[i + 2], s[i + 3], s[i + 4], s[i + 5]); i += 6 }
            lineTo(s[i], s[i + 1])
        case 25:  // rlinecurve
            try need(8, "rlinecurve")
            var i = 0
            while i + 1 < s.count - 6 { lineTo(s[i], s[i + 1]); i += 2 }
            curveTo(s[i], s[i + 1], s[i + 2], s[i + 3], s[i + 4], s[i + 5])
        case 26:  // vvcurveto: dx1? {dya dxb dyb dyc}+
            var i = 0, dx1 = 0.0
            if s.count % 4 == 1 { dx1 = s[0]; i = 1 }
            while i + 3 < s.count {
                curveTo(dx1, s[i], s[i + 1], s[i + 2], 0, s[i + 3])
                dx1 = 0; i += 4
            }
        case 27:  // hhcurveto: dy1? {dxa dxb dyb dxc}+
            var i = 0, dy1 = 0.0
            if s.count % 4 == 1 { dy1 = s[0]; i = 1 }
            while i + 3 < s.count {
                curveTo(s[i], dy1, s[i + 1], s[i + 2], s[i + 3], 0)
                dy1 = 0; i += 4
            }
        case 30, 31:  // vhcurveto, hvcurveto: alternating, a last df
            var horizontal = op == 31
            var i = 0
            while i + 3 < s.count {
                let last = s.count - i == 5 ? s[i + 4] : 0
                if horizontal {
                    curveTo(s[i], 0, s[i + 1], s[i + 2], last, s[i + 3])
                } else {
                    curveTo(0, s[i], s[i + 1], s[i + 2], s[i + 3], last)
                }
                horizontal.toggle()
                i += 4
            }
        case 14:  // endchar; with four operands an accented character (seac)
            guard blend == nil else { throw fail("endchar is not a CFF2 operator") }
            takeWidth(ifCountIs: { $0 == 1 || $0 == 5 })
            if stack.count == 4, stack.allSatisfy({ $0.isFinite && abs($0) < 65536 }) {
                accentedCharacter = (stack[0], stack[1], Int(stack[2]), Int(stack[3]))
            }
            ended = true
        default:
            throw fail("reserved operator \(op)")
        }
        stack.removeAll(keepingCapacity: true)
    }

    /// The escaped operators: the four flex forms (drawn as their two
    /// curves); the arithmetic operators are not read.
    private mutating func escaped(_ op: Int) throws(FontError) {
        let s = stack
        switch op {
        case 35:  // flex: 12 deltas and a depth
            try need(13, "flex")
            curveTo(s[0], s[1], s[2], s[3], s[4], s[5])
            curveTo(s[6], s[7], s[8], s[9], s[10], s[11])
        case 34:  // hflex: dx1 dx2 dy2 dx3 dx4 dx5 dx6
            try need(7, "hflex")
            let startY = y
            curveTo(s[0], 0, s[1], s[2], s[3], 0)
            curveTo(s[4], 0, s[5], startY - y, s[6], 0)
        case 36:  // hflex1: dx1 dy1 dx2 dy2 dx3 dx4 dx5 dy5 dx6
            try need(9, "hflex1")
            let startY = y
            curveTo(s[0], s[1], s[2], s[3], s[4], 0)
            let dy6 = startY - (y + s[7])
            curveTo(s[5], 0, s[6], s[7], s[8], dy6)
        case 37:  // flex1: five points, the last coordinate from the larger extent
            try need(11, "flex1")
            let startX = x, startY = y
            var dx = 0.0, dy = 0.0
            for i in stride(from: 0, to: 10, by: 2) { dx += s[i]; dy += s[i + 1] }
            curveTo(s[0], s[1], s[2], s[3], s[4], s[5])
            let endX: Double, endY: Double
            if abs(dx) > abs(dy) {
                endX = s[10]; endY = startY - (y + s[7] + s[9])
            } else {
                endX = startX - (x + s[6] + s[8]); endY = s[10]
            }
            curveTo(s[6], s[7], s[8], s[9], endX, endY)
        default:
            throw fail("escaped operator 12 \(op) is not supported")
        }
        stack.removeAll(keepingCapacity: true)
    }
}
