import Foundation

/// Where a database announces the tables its commits changed, to the live queries that listen.
///
/// The database starts following its commits (installs hooks, opens a listening connection)
/// when the first live query subscribes, and stops when the last one leaves, so a database
/// without live queries pays nothing for them.
package final class TableChangeHub: @unchecked Sendable {
  private let lock = NSLock()
  private var subscriptions: [ObjectIdentifier: ChangeSubscription] = [:]
  /// Held while the database starts or stops following its commits, so that the two never
  /// overlap and the first subscriber's start is done before any other subscriber goes on.
  private let lifecycleLock = NSLock()
  private var isFollowing = false

  package init() {}

  /// Tells every live query that a commit changed `tables`. The database calls this once the
  /// commit is visible to other connections.
  package func announce(_ tables: TableSet) {
    guard !tables.isEmpty else { return }
    let listening = lock.withLock { Array(subscriptions.values) }
    for subscription in listening { subscription.receive(tables) }
  }

  /// A new subscription, hearing every commit announced from now on. The first one runs
  /// `startFollowing`, by which the database starts announcing its commits, before it returns;
  /// it runs on a thread of its own, so it may block.
  package func subscribe(
    startFollowing: @escaping @Sendable () throws -> Void
  ) async throws -> ChangeSubscription {
    try await ConnectionThread.runDetached {
      try self.lifecycleLock.withLock {
        if !self.isFollowing {
          try startFollowing()
          self.isFollowing = true
        }
        let subscription = ChangeSubscription()
        self.lock.withLock { self.subscriptions[ObjectIdentifier(subscription)] = subscription }
        return subscription
      }
    }
  }

  /// Ends `subscription`; when it was the last, runs `stopFollowing` (on a thread of its own).
  package func unsubscribe(
    _ subscription: ChangeSubscription, stopFollowing: @escaping @Sendable () -> Void
  ) async {
    // Not cancellable: what the subscription holds must be released even by a cancelled task.
    await Task.detached {
      _ = try? await ConnectionThread.runDetached {
        self.lifecycleLock.withLock {
          let remaining = self.lock.withLock {
            self.subscriptions[ObjectIdentifier(subscription)] = nil
            return self.subscriptions.count
          }
          if remaining == 0 && self.isFollowing {
            stopFollowing()
            self.isFollowing = false
          }
        }
      }
    }.value
  }
}
