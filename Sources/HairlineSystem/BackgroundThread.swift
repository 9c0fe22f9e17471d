// System: a detached background thread (pthread) running a closure, with
// a chosen stack size, as Foundation's Thread did for the CLI's progress
// line and CPU watchdog.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#else
    #error("HairlineSystem needs a POSIX C library")
#endif

/// Starts detached threads.
public enum BackgroundThread {
    /// The closure a new thread runs, boxed to cross into C.
    private final class Work: @unchecked Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    /// Runs `body` on a new detached thread with at least `stackSize`
    /// bytes of stack (the system's minimum if smaller; nil: the
    /// default).
    /// - Returns: false if the thread could not be created (`body` is not
    ///   run).
    @discardableResult
    public static func start(stackSize: Int? = nil, _ body: @escaping @Sendable () -> Void) -> Bool {
        var attributes = pthread_attr_t()
        guard pthread_attr_init(&attributes) == 0 else { return false }
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        if let stackSize {
            let minimum = max(Int(PTHREAD_STACK_MIN), 1 << 14)
            pthread_attr_setstacksize(&attributes, max(stackSize, minimum))
        }
        let context = Unmanaged.passRetained(Work(body)).toOpaque()
        #if canImport(Glibc)
            var thread = pthread_t()
        #else
            var thread: pthread_t?  // an opaque pointer on Darwin and Musl
        #endif
        let result = pthread_create(
            &thread, &attributes,
            { context in
                #if canImport(Darwin)
                    let work = Unmanaged<Work>.fromOpaque(context).takeRetainedValue()
                #else
                    let work = Unmanaged<Work>.fromOpaque(context!).takeRetainedValue()
                #endif
                work.body()
                return nil
            }, context)
        guard result == 0 else {
            Unmanaged<Work>.fromOpaque(context).release()
            return false
        }
        return true
    }
}
