import Foundation

/// One live query's ear on its database's commits: it gathers the tables each commit changed
/// and wakes the query when one concerns what its last fetch read.
package final class ChangeSubscription: @unchecked Sendable {
  private let lock = NSLock()
  /// The tables changed by the commits announced since the last fetch began.
  private var changedSinceFetch = TableSet.none
  /// The query waiting for a change, if it is waiting, and the tables it waits on: a commit
  /// that changed none of them does not wake it.
  private var waiter: (continuation: CheckedContinuation<Void, Never>, region: TableSet)?

  package init() {}

  /// Takes note of a commit that changed `tables`, waking the query if it waits on one of them.
  func receive(_ tables: TableSet) {
    lock.lock()
    changedSinceFetch.formUnion(tables)
    guard let waiter, tables.intersects(waiter.region) else { return lock.unlock() }
    self.waiter = nil
    lock.unlock()
    waiter.continuation.resume()
  }

  /// Forgets the changes received so far: called right before a fetch begins, so that any
  /// commit the fetch might not see is received after this.
  package func fetchWillBegin() {
    lock.withLock { changedSinceFetch = .none }
  }

  /// Returns once a commit announced since the last fetch began changed a table of `region`,
  /// at once if one did already; throws `CancellationError` when the task is cancelled.
  package func waitForChange(concerning region: TableSet) async throws {
    while true {
      try Task.checkCancellation()
      if lock.withLock({ changedSinceFetch.intersects(region) }) { return }
      await withTaskCancellationHandler {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
          lock.lock()
          if changedSinceFetch.intersects(region) || Task.isCancelled {
            lock.unlock()
            continuation.resume()
          } else {
            waiter = (continuation, region)
            lock.unlock()
          }
        }
      } onCancel: {
        wakeUp()
      }
    }
  }

  /// Resumes the waiting query, if any, to see why (its task was cancelled).
  private func wakeUp() {
    lock.lock()
    let waiter = self.waiter
    self.waiter = nil
    lock.unlock()
    waiter?.continuation.resume()
  }
}
