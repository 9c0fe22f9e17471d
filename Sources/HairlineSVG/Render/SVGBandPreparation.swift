// Render: the first phase of a banded render. Each fill and stroke whose
// device bounds reach more than one band is prepared once (flattened,
// stroked, its edges built over every row of the surface:
// Canvas.prepareFill/prepareStroke), by all the workers together, each
// claiming draws from an atomic counter; the bands then cut the shared
// edges to their rows instead of each preparing the draw again. Memory:
// the prepared edges (64 bytes an edge, in storage of up to twice that:
// the flattened outlines of the draws that cross bands) are held until
// the render returns, at most `preparedByteBudget` bytes; past it, bands
// prepare their own.

import Hairline
import Synchronization

/// The draws of a banded render prepared for every band, by command index.
final class SVGPreparedDraws: @unchecked Sendable {
    // @unchecked: each slot is written by the one worker that claimed its
    // command (claims are atomic), and read only after the phase ends
    // (`shapes`); the byte count is atomic.

    /// The most bytes of prepared edges one render holds: the flattened
    /// outlines of a scene far heavier than the tiger (its 800 px render
    /// in 8 bands prepares 109 draws, 111 k edges, 8 MB of storage).
    static let preparedByteBudget = 64 << 20

    /// The commands to prepare (indices into `commands`).
    let indices: [Int]
    let commands: [SVGDrawCommand]
    private let slots: UnsafeMutableBufferPointer<PreparedShape?>
    private let next = Atomic<Int>(0)
    private let bytes = Atomic<Int>(0)

    /// The prepared draws of `commands` whose device bounds (at `scale`)
    /// reach more than one of `bands` (row ranges, top to bottom, covering
    /// the surface), none prepared yet.
    init(commands: [SVGDrawCommand], scale: Double, bands: [Range<Int>]) {
        self.commands = commands
        indices = Self.crossingDraws(commands, scale: scale, bands: bands)
        slots = .allocate(capacity: commands.count)
        slots.initialize(repeating: nil)
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    /// The bytes of the edges prepared so far.
    var byteCount: Int { bytes.load(ordering: .relaxed) }

    /// The prepared draws by command index (nil: not prepared); read once
    /// every worker's `prepare(on:)` has returned.
    var shapes: [PreparedShape?] { Array(slots) }

    /// Claims draws one at a time and prepares them on `canvas` (any
    /// canvas over rows of the surface, in its base state) until none is
    /// left.
    func prepare(on canvas: Canvas) {
        while true {
            let claimed = next.wrappingAdd(1, ordering: .relaxed).oldValue
            guard claimed < indices.count else { return }
            let index = indices[claimed]
            guard let shape = Self.prepare(commands[index], on: canvas) else { continue }
            let total = bytes.wrappingAdd(shape.byteCount, ordering: .relaxed).newValue
            // Over the budget: this draw is left to the bands (the bytes
            // stay counted, so that later ones are too).
            guard total <= Self.preparedByteBudget else { continue }
            slots[index] = shape
        }
    }

    /// `command`'s prepared edges, as `SVGRenderer.draw` would draw it on
    /// `canvas` (its transform concatenated); nil for other commands and
    /// for draws with nothing to share.
    static func prepare(_ command: SVGDrawCommand, on canvas: Canvas) -> PreparedShape? {
        switch command {
        case .fill(let fill):
            return canvas.withSavedState {
                canvas.concatenate(fill.transform)
                return canvas.prepareFill(fill.path)
            }
        case .stroke(let stroke):
            return canvas.withSavedState {
                canvas.concatenate(stroke.transform)
                return canvas.prepareStroke(stroke.path, style: stroke.style)
            }
        default:
            return nil
        }
    }

    /// The fills and strokes whose device bounds, grown by
    /// `SVGRenderer.cullMargin`, reach rows of more than one band, the
    /// costliest first (path elements, a stroke's times
    /// `SVGBandLayout.strokeWeight`; ties in document order): the workers
    /// claim them in this order, so the last ones claimed are short and
    /// the workers finish the phase together.
    /// O(commands × log bands + crossing draws × log crossing draws).
    static func crossingDraws(_ commands: [SVGDrawCommand], scale: Double, bands: [Range<Int>]) -> [Int] {
        guard bands.count > 1 else { return [] }
        let s = (scale.isFinite && scale > 0) ? scale : 1
        let base = AffineTransform(scaleX: s, y: s)
        let height = bands.last!.upperBound
        /// The band holding row `y` (bands sorted and contiguous).
        func band(_ y: Int) -> Int {
            var lo = 0, hi = bands.count - 1
            while lo < hi {
                let mid = (lo + hi + 1) / 2
                if bands[mid].lowerBound <= y { lo = mid } else { hi = mid - 1 }
            }
            return lo
        }
        var result: [(index: Int, weight: Int)] = []
        for (index, command) in commands.enumerated() {
            let weight: Int
            switch command {
            case .fill(let fill): weight = fill.path.elements.count
            case .stroke(let stroke): weight = stroke.path.elements.count * SVGBandLayout.strokeWeight
            default: continue
            }
            guard let device = SVGRenderer.deviceBounds(of: command, under: base) else { continue }
            let top = device.minY - SVGRenderer.cullMargin, bottom = device.maxY + SVGRenderer.cullMargin
            guard top < Double(height), bottom > 0 else { continue }
            let first = Int(max(top, 0).rounded(.down)), last = Int(min(bottom, Double(height)).rounded(.up)) - 1
            if band(first) != band(max(last, first)) { result.append((index, weight)) }
        }
        result.sort { $0.weight != $1.weight ? $0.weight > $1.weight : $0.index < $1.index }
        return result.map(\.index)
    }
}
