/// How many live-query fetches a pool runs at once: all but one of its connections, so that
/// however many live queries re-run after a commit, a write or another read finds a connection
/// without waiting behind them.
package actor LiveQueryFetchLimit {
  private let limit: Int
  private var running = 0
  private var waiting: [CheckedContinuation<Void, Never>] = []

  /// A limit for a pool of `connections` connections: one fewer, and at least one.
  package init(connections: Int) {
    limit = max(1, connections - 1)
  }

  /// Runs `fetch` once fewer than the limit run, first come first served.
  package func run<Value: Sendable>(_ fetch: @Sendable () async throws -> Value) async throws -> Value {
    if running < limit {
      running += 1
    } else {
      await withCheckedContinuation { waiting.append($0) }
    }
    defer {
      // The slot passes to the next fetch waiting, if any.
      if waiting.isEmpty { running -= 1 } else { waiting.removeFirst().resume() }
    }
    return try await fetch()
  }
}
