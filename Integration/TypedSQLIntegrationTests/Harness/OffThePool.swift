import TypedSQLCore

/// Runs a long blocking test body on a thread of its own rather than on one of Swift's few
/// cooperative threads (two on a two-core machine): a body that blocks one for a minute (a fuzz,
/// processes it waits for) would keep the `async` tests running beside it from resuming.
func offThePool<Result: Sendable>(_ body: @escaping @Sendable () throws -> Result) async throws -> Result {
  try await ConnectionThread.runDetached(body)
}
