#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A recursive mutex over `pthread_mutex_t`, whose `withLock` inlines into the hot paths that
/// take it: a driver's connection. It is recursive, so that a transaction can hold the
/// connection for its whole body while the body calls back into it on the same thread (a
/// prepared insert's rows among them, through `Database.withConnection`).
///
/// Taking it costs the two libc calls and nothing else; taking it again on the thread that holds
/// it costs no atomic operation.
@usableFromInline
package final class RecursiveMutex: @unchecked Sendable {
  @usableFromInline
  let mutex: UnsafeMutablePointer<pthread_mutex_t>

  /// Creates an unlocked lock.
  @usableFromInline
  package init() {
    mutex = .allocate(capacity: 1)
    var attributes = pthread_mutexattr_t()
    pthread_mutexattr_init(&attributes)
    pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
    pthread_mutex_init(mutex, &attributes)
    pthread_mutexattr_destroy(&attributes)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Runs `body` holding the lock.
  @inlinable
  @usableFromInline
  package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }
}
