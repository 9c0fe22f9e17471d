// What a run tells its user beside the files: one line per file written
// on stdout (`wrote out@2x.png (640 x 344 px)`, silenced by `--quiet`),
// and, for renders that take over a second, a progress line on stderr,
// redrawn in place, only when stderr is a terminal (isatty), and erased
// before anything else is printed. Times are wall-clock seconds.

import Hairline
import HairlineSystem
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The run's reporting settings and its progress line.
enum RunReport {
    /// `--quiet`: print nothing but warnings and errors.
    nonisolated(unsafe) static var isQuiet = false

    /// How long a run works silently before the progress line appears,
    /// seconds: a quick run shows none. `HAIRLINE_PROGRESS_AFTER` (0...60
    /// seconds) changes it, for tests of the line itself.
    static let progressDelay: Double = {
        guard let text = ProcessEnvironment.value("HAIRLINE_PROGRESS_AFTER"),
            let value = decimalNumber(text), value >= 0, value <= 60
        else { return 1 }
        return value
    }()
    /// How often the progress line is redrawn, seconds.
    static let progressInterval = 0.25

    /// Removes `--quiet` (and `-q`) from `arguments`, setting `isQuiet`.
    static func takeQuietOption(from arguments: inout [String]) {
        let before = arguments.count
        arguments.removeAll { $0 == "--quiet" || $0 == "-q" }
        if arguments.count != before { isQuiet = true }
    }

    /// Prints one line per file: its path and pixel size.
    static func printWritten(_ files: [(path: String, width: Int, height: Int)]) {
        ProgressLine.shared.finish()
        guard !isQuiet else { return }
        for file in files { print("wrote \(EchoedText.shown(file.path)) (\(file.width) x \(file.height) px)") }
    }
}

/// A one-line status on stderr ("hairline: rendering table@3x.png (2 of 5
/// files staged, 3.2 s)"), drawn by a background thread once the run is
/// older than `RunReport.progressDelay`, only on a terminal.
final class ProgressLine: @unchecked Sendable {
    static let shared = ProgressLine()

    private let lock = SystemLock()
    private var status: String?
    private var staged = 0
    private var isDrawn = false
    private var isFinished = false
    private var started = false
    private let start = Clocks.monotonicSeconds()
    /// Whether stderr is a terminal; fixed at launch.
    let isEnabled = isatty(STDERR_FILENO) == 1 && !RunReport.isQuiet

    /// Sets what the run is doing now (`rendering out@2x.png`) and how
    /// many files are staged; starts the drawing thread on first use.
    func update(_ status: String, staged: Int) {
        guard isEnabled else { return }
        lock.lock()
        self.status = status
        self.staged = staged
        let startThread = !started
        started = true
        lock.unlock()
        guard startThread else { return }
        BackgroundThread.start { [self] in
            Clocks.sleep(seconds: RunReport.progressDelay)
            while draw() { Clocks.sleep(seconds: RunReport.progressInterval) }
        }
    }

    /// Draws the line once; false once the run is finished.
    private func draw() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !isFinished, let status else { return false }
        let seconds = Clocks.monotonicSeconds() - start
        let line =
            "\r\u{1B}[2Khairline: \(status) (\(staged) file\(staged == 1 ? "" : "s") staged, "
            + CFormat.fixed(seconds, digits: 1) + " s)"
        ProcessEnvironment.writeToStandardError(line)
        isDrawn = true
        return true
    }

    /// Erases the line for a moment (a warning is printed); the next
    /// redraw brings it back.
    func erase() {
        lock.lock()
        defer { lock.unlock() }
        if isDrawn { ProcessEnvironment.writeToStandardError("\r\u{1B}[2K") }
        isDrawn = false
    }

    /// Stops the line and erases it if it was drawn.
    func finish() {
        lock.lock()
        defer { lock.unlock() }
        isFinished = true
        if isDrawn { ProcessEnvironment.writeToStandardError("\r\u{1B}[2K") }
        isDrawn = false
    }
}
