import CTypedSQLThreads
import Foundation

/// A thread of the library's own that runs a connection's work for `async` callers, one job at a
/// time in the order submitted.
///
/// SQLite and libpq block the calling thread while they read the disk or wait on the network.
/// Run on Swift's cooperative pool, which has a thread per core, a few such calls would stall
/// every task of the program; so an `async` call submits its work here and suspends, and waiting
/// callers hold no thread at all, only their place in the queue. The thread starts with the
/// first job and ends when its owner goes away.
package final class ConnectionThread: Sendable {
  private let queue: JobQueue

  /// A thread named `name` (as debuggers and `top -H` show it; Linux keeps 15 bytes of it),
  /// not started yet.
  package init(name: String) {
    queue = JobQueue(name: name)
  }

  deinit {
    queue.stop()
  }

  /// Runs `body` on this thread after the jobs submitted before it, and returns its result.
  ///
  /// When the calling task is cancelled first, `body` never runs and this throws
  /// `CancellationError`. When it is cancelled while `body` runs, `interruption` stops the work
  /// (see ``Interruption``), and if `body` then throws, this throws `CancellationError`; a `body`
  /// that returns all the same (its transaction committed) returns its result.
  package func run<Result: Sendable>(
    interrupting interruption: Interruption? = nil, _ body: @escaping @Sendable () throws -> Result
  ) async throws -> Result {
    let job = CancellableJob(interruption: interruption)
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        queue.submit {
          guard job.begin() else { return continuation.resume(throwing: CancellationError()) }
          let result = Swift.Result(catching: body)
          let wasCancelled = job.end()
          if wasCancelled, case .failure = result {
            continuation.resume(throwing: CancellationError())
          } else {
            continuation.resume(with: result)
          }
        }
      }
    } onCancel: {
      job.cancel()
    }
  }

  /// Runs `body` on a thread started for it alone and returns its result: for rare blocking work
  /// that has no connection yet, such as opening one. Cancelling the calling task raises
  /// ``OpeningCancellation`` on that thread, for `body` to give up.
  package static func runDetached<Result: Sendable>(
    _ body: @escaping @Sendable () throws -> Result
  ) async throws -> Result {
    let cancellation = OpeningCancellation.Flag()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        Thread {
          typedsql_name_current_thread("TypedSQL open")
          continuation.resume(with: Swift.Result { try OpeningCancellation.run(raising: cancellation, body) })
        }.start()
      }
    } onCancel: {
      cancellation.raise()
    }
  }
}

/// The jobs of a ``ConnectionThread`` and the thread that drains them. It is separate from the
/// ``ConnectionThread`` so that the running thread does not keep its owner alive.
private final class JobQueue: @unchecked Sendable {
  private let name: String
  // Guarded by `condition`.
  private let condition = NSCondition()
  private var jobs: [@Sendable () -> Void] = []
  private var isRunning = false
  private var isStopped = false

  init(name: String) {
    self.name = name
  }

  func submit(_ job: @escaping @Sendable () -> Void) {
    condition.lock()
    defer { condition.unlock() }
    jobs.append(job)
    if isRunning {
      condition.signal()
    } else {
      isRunning = true
      let thread = Thread { [self] in
        // Named from inside, by pthreads: on Linux, Foundation's `Thread.name` is not always
        // applied, and the thread keeps the name of the thread that created it.
        typedsql_name_current_thread(name)
        drain()
      }
      // Rendering a deep query recurses; give it the stack a main thread has.
      thread.stackSize = 8 << 20
      thread.start()
    }
  }

  /// Lets the thread end once the jobs already submitted have run.
  func stop() {
    condition.lock()
    isStopped = true
    condition.signal()
    condition.unlock()
  }

  private func drain() {
    while let job = nextJob() { job() }
  }

  /// The next job, waiting for one; `nil` once stopped with nothing left to run.
  private func nextJob() -> (@Sendable () -> Void)? {
    condition.lock()
    defer { condition.unlock() }
    while jobs.isEmpty {
      if isStopped {
        isRunning = false
        return nil
      }
      condition.wait()
    }
    return jobs.removeFirst()
  }
}

/// One `async` call's job and its cancellation: a job cancelled before it begins never runs; one
/// cancelled while it runs is interrupted on its thread.
private final class CancellableJob: @unchecked Sendable {
  private let interruption: Interruption?
  private let lock = NSLock()
  // Guarded by `lock`.
  private var thread: UInt = 0
  private var hasEnded = false
  private var isCancelled = false

  init(interruption: Interruption?) {
    self.interruption = interruption
  }

  /// Marks the job running on the calling thread; `false` when it was cancelled before.
  func begin() -> Bool {
    lock.withLock {
      guard !isCancelled else {
        hasEnded = true
        return false
      }
      thread = typedsql_current_thread()
      return true
    }
  }

  /// Marks the job ended, forgetting any interruption; returns whether it was cancelled.
  func end() -> Bool {
    lock.withLock {
      hasEnded = true
      if isCancelled { interruption?.clear() }
      return isCancelled
    }
  }

  /// Cancels the job: it will not begin, or it is interrupted where it runs.
  ///
  /// Interrupting may wait on the network (a PostgreSQL cancel request opens a connection of its
  /// own), so it runs on a thread started for it rather than the canceller's, which may be one
  /// of Swift's cooperative threads. It holds the job's lock meanwhile, so the job cannot end,
  /// and the connection cannot start the next job, before the request is made.
  func cancel() {
    let isRunning = lock.withLock {
      isCancelled = true
      return thread != 0 && !hasEnded
    }
    guard isRunning, interruption != nil else { return }
    Thread { [self] in
      lock.withLock {
        if !hasEnded { interruption?.request(forWorkOn: thread) }
      }
    }.start()
  }
}
