// The CPU-time limit of a run (`--time-limit`, 10 s by default): a
// background thread reads the process's CPU time (every thread's) every
// 20 ms; past the limit it removes what the run has staged (temporary
// files, backups and folders the run created: `OutputFiles.abandonAll`),
// prints one line and exits 1. So no input, however costly to draw, keeps
// the command busy past the limit, and a stopped run changes no file.

import Hairline
import HairlineSystem
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

enum CPUWatchdog {
    /// The default limit, seconds of CPU.
    static let defaultSeconds = 10.0

    /// The process's CPU time so far, seconds (every thread's).
    static func cpuSeconds() -> Double {
        Clocks.processCPUSeconds()
    }

    /// Starts watching: past `seconds` of CPU the run is stopped.
    static func start(seconds: Double, command: String) {
        guard seconds.isFinite, seconds > 0 else { return }
        BackgroundThread.start(stackSize: 1 << 16) {
            while true {
                usleep(20_000)
                let used = cpuSeconds()
                guard used > seconds, OutputFiles.abandonAll() else { continue }
                let limit = seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
                ProcessEnvironment.writeToStandardError(
                    "hairline: error: \(command) stopped after \(limit) s of CPU "
                        + "(--time-limit raises it); no file was changed\n")
                _exit(1)
            }
        }
    }
}
