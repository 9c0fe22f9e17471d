// System: a mutual-exclusion lock (pthread mutex) for classes that guard
// mutable state by hand (`lock()` ... `unlock()`), as NSLock did. Not
// recursive: a thread must not lock it twice.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#else
    #error("HairlineSystem needs a POSIX C library")
#endif

/// A non-recursive lock.
public final class SystemLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// A new, unlocked lock.
    public init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let result = pthread_mutex_init(mutex, nil)
        precondition(result == 0, "pthread_mutex_init failed (\(result))")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Waits for the lock and takes it.
    public func lock() { pthread_mutex_lock(mutex) }

    /// Releases the lock taken by this thread.
    public func unlock() { pthread_mutex_unlock(mutex) }

    /// `body`'s result, run while holding the lock.
    public func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
