// System: clocks in seconds and nanoseconds (monotonic wall time, the
// process's CPU time over all its threads) and sleeping, with
// clock_gettime(2) and nanosleep(2).

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#else
    #error("HairlineSystem needs a POSIX C library")
#endif

/// The process's clocks.
public enum Clocks {
    /// Monotonic time since an arbitrary start, nanoseconds (as
    /// DispatchTime.now().uptimeNanoseconds measures intervals).
    public static func monotonicNanoseconds() -> UInt64 {
        var time = timespec()
        guard clock_gettime(CLOCK_MONOTONIC, &time) == 0 else { return 0 }
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    /// Monotonic time since an arbitrary start, seconds.
    public static func monotonicSeconds() -> Double {
        Double(monotonicNanoseconds()) / 1e9
    }

    /// The CPU time of every thread of the process so far, seconds (0 if
    /// the clock cannot be read).
    public static func processCPUSeconds() -> Double {
        var time = timespec()
        guard clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time) == 0 else { return 0 }
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Sleeps the calling thread for `seconds` (negative or not finite:
    /// not at all; at most a day), resuming after signals.
    public static func sleep(seconds: Double) {
        guard seconds.isFinite, seconds > 0 else { return }
        let clamped = min(seconds, 86_400)
        var request = timespec()
        request.tv_sec = Int(clamped)
        request.tv_nsec = Int((clamped - clamped.rounded(.down)) * 1e9)
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
}
