/// A query's results kept current: the rows at once, then the rows again after each commit
/// that may have changed them, as an `AsyncSequence`.
///
/// ```swift
/// for try await reminders in db.observe({ db in try Reminder.where { !$0.isCompleted }.fetchAll(db) }) {
///   render(reminders)
/// }
/// ```
///
/// Each value is what a commit left: a fetch runs in a read-only transaction and never sees a
/// write in progress or one rolled back. No commit is missed: once writes settle, the last value
/// equals a fresh fetch. A consumer slower than the commits gets the newest value, never a queue
/// of stale ones, and equal consecutive values (of an `Equatable` result) come once. Each
/// iteration is an observation of its own; ending it (leaving the loop, cancelling its task)
/// releases what it holds, and the database stops following its commits with its last live query.
public struct LiveQuery<Value: Sendable>: AsyncSequence, Sendable {
  public typealias Element = Value
  public typealias AsyncIterator = AsyncThrowingStream<Value, any Error>.Iterator

  private let hub: TableChangeHub
  private let startFollowing: @Sendable () throws -> Void
  private let stopFollowing: @Sendable () -> Void
  private let isDuplicate: (@Sendable (Value, Value) -> Bool)?
  private let fetch: @Sendable () async throws -> (Value, TableSet)

  /// Results of `fetch`, which returns its value and the tables it read, re-run when `hub`
  /// announces a commit that changed one of them; `isDuplicate` tells a value to skip. The
  /// database starts announcing its commits by `startFollowing` and stops by `stopFollowing`
  /// (see ``TableChangeHub``).
  package init(
    hub: TableChangeHub,
    startFollowing: @escaping @Sendable () throws -> Void,
    stopFollowing: @escaping @Sendable () -> Void,
    isDuplicate: (@Sendable (Value, Value) -> Bool)?,
    fetch: @escaping @Sendable () async throws -> (Value, TableSet)
  ) {
    self.hub = hub
    self.startFollowing = startFollowing
    self.stopFollowing = stopFollowing
    self.isDuplicate = isDuplicate
    self.fetch = fetch
  }

  /// Starts an observation of its own and returns its iterator.
  public func makeAsyncIterator() -> AsyncIterator {
    let (values, continuation) = AsyncThrowingStream.makeStream(
      of: Value.self, bufferingPolicy: .bufferingNewest(1))
    let observation = Task { [hub, startFollowing, stopFollowing, isDuplicate, fetch] in
      let subscription: ChangeSubscription
      do {
        subscription = try await hub.subscribe(startFollowing: startFollowing)
      } catch {
        continuation.finish(throwing: error is CancellationError ? nil : error)
        return
      }
      var failure: (any Error)?
      do {
        var last: Value?
        while true {
          subscription.fetchWillBegin()
          let (value, region) = try await fetch()
          if let last, let isDuplicate, isDuplicate(last, value) {
          } else {
            continuation.yield(value)
          }
          last = value
          try await subscription.waitForChange(concerning: region)
        }
      } catch {
        // Cancelled (the consumer left), or a fetch failed: either way the observation ends.
        if !(error is CancellationError) && !Task.isCancelled { failure = error }
      }
      await hub.unsubscribe(subscription, stopFollowing: stopFollowing)
      continuation.finish(throwing: failure)
    }
    continuation.onTermination = { _ in observation.cancel() }
    return values.makeAsyncIterator()
  }
}
