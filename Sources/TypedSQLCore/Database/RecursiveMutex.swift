import CTypedSQLThreads

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A recursive mutex, whose `withLock` inlines into the hot paths that take it: a driver's
/// connection. It is recursive so that a transaction can hold the connection for its whole body
/// while the body calls back into it on the same thread: every statement inside a transaction
/// takes it again, a prepared insert's rows among them.
///
/// It is a plain `pthread_mutex_t` and the thread that holds it. Taking it costs an uncontended
/// lock and unlock; taking it again on the thread that holds it costs one comparison, where a
/// recursive `pthread_mutex_t` costs two more library calls.
@usableFromInline
package final class RecursiveMutex: @unchecked Sendable {
  @usableFromInline
  let mutex: UnsafeMutablePointer<pthread_mutex_t>
  /// The thread holding the lock, or 0. Only the holding thread writes it, and every read is
  /// atomic, so a thread reads its own number here exactly when it holds the lock.
  @usableFromInline
  let owner: UnsafeMutablePointer<UInt>

  /// Creates an unlocked lock.
  @usableFromInline
  package init() {
    mutex = .allocate(capacity: 1)
    pthread_mutex_init(mutex, nil)
    owner = .allocate(capacity: 1)
    owner.initialize(to: 0)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
    owner.deallocate()
  }

  /// Whether the calling thread holds the lock.
  @inlinable
  package var isHeldByCurrentThread: Bool {
    typedsql_load_relaxed(owner) == typedsql_current_thread()
  }

  /// Whether `thread` (a `typedsql_current_thread()` number) holds the lock now.
  package func isHeld(by thread: UInt) -> Bool {
    typedsql_load_relaxed(owner) == thread
  }

  /// Runs `body` holding the lock.
  @inlinable
  package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    let thread = typedsql_current_thread()
    if typedsql_load_relaxed(owner) == thread { return try body() }
    pthread_mutex_lock(mutex)
    typedsql_store_relaxed(owner, thread)
    defer {
      typedsql_store_relaxed(owner, 0)
      pthread_mutex_unlock(mutex)
    }
    return try body()
  }
}
