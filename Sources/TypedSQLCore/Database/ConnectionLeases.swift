import Foundation

/// The connections of a pool and who holds them: at most `maximum` open, opened on demand,
/// lent to one caller at a time, and handed to waiting callers first come, first served.
///
/// A caller waits either blocking its thread (``acquire()``) or suspended
/// (``acquire() async``, which holds no thread while it waits); both wait in one line. A wait
/// longer than `acquireTimeout` throws the pool's own error, so a pool too small for its load, or
/// a body that waits on a second connection while holding the last one, shows up as an error
/// rather than a hang.
///
/// While no connection is open, one caller at a time opens one; once the server takes it, the
/// callers in line open theirs. When opening a connection fails, the pool backs off before it
/// tries again (0.1 s, doubling to 5 s, until one opens), and meanwhile:
/// - with connections open, a caller waits in line for one of them instead of failing (a server
///   that refuses more clients serves the pool's queue on the connections it has);
/// - with none open, a failure `isPermanent` says will not pass (a wrong password) fails the
///   caller and everyone in line, and later callers fail at once with it, so that a queue of
///   requests is not a queue of failed logins; any other failure (a server restarting) is
///   retried by one caller at a time, after each back-off, until that caller's `acquireTimeout`
///   runs out, while the rest wait in line.
package final class ConnectionLeases<Connection: AnyObject & Sendable>: @unchecked Sendable {
  /// The most connections open at once.
  package let maximum: Int
  private let acquireTimeout: Duration
  private let open: @Sendable () throws -> Connection
  private let isPermanent: @Sendable (any Error) -> Bool
  private let timeoutError: @Sendable (State) -> any Error
  private let closedError: @Sendable () -> any Error

  // Guarded by `condition`.
  private let condition = NSCondition()
  private var idle: [Connection] = []
  private var opened: [Connection] = []
  /// Connections being opened, or that a waiter was allowed to open.
  private var opening = 0
  private var waiters: [Waiter] = []
  private var nextWaiterID = 0
  private var isClosed = false
  /// The last failure to open a connection, until one opens.
  private var openFailure: OpenFailure?
  /// How long to wait after the next failure to open a connection.
  private var backoff = ConnectionLeases.firstBackoff
  private static var firstBackoff: TimeInterval { 0.1 }
  private static var longestBackoff: TimeInterval { 5 }

  /// Why opening a connection failed, and when it may be tried again.
  private struct OpenFailure {
    let error: any Error
    let isPermanent: Bool
    let retryAt: Date
  }

  /// What the connections were doing when a caller gave up waiting, for its error to say.
  package struct State: Sendable {
    /// The most connections open at once.
    package let maximum: Int
    /// Connections lent to callers.
    package let busy: Int
    /// Connections being opened: the server has not answered them yet.
    package let opening: Int
    /// Why the last attempt to open one failed, if it did and none opened since.
    package let lastOpenError: String?
  }

  /// Leases of at most `maximum` connections made by `open`, whose failures `isPermanent` sorts
  /// (see the type's description). A caller that waits longer than `acquireTimeout` gets
  /// `timeoutError` of what the connections were doing then; a caller of a closed pool gets
  /// `closedError()`.
  package init(
    maximum: Int, acquireTimeout: Duration,
    open: @escaping @Sendable () throws -> Connection,
    isPermanent: @escaping @Sendable (any Error) -> Bool = { _ in true },
    timeoutError: @escaping @Sendable (State) -> any Error,
    closedError: @escaping @Sendable () -> any Error
  ) {
    self.maximum = max(1, maximum)
    self.acquireTimeout = acquireTimeout
    self.open = open
    self.isPermanent = isPermanent
    self.timeoutError = timeoutError
    self.closedError = closedError
  }

  /// What a caller got: a connection to use and give back, leave to open one, or the failure
  /// that keeps any from opening.
  private enum Grant {
    case connection(Connection)
    case openOne
    case failure(any Error)
  }

  /// Sends a caller whose connection failed to open back in line, for one that others opened.
  private struct WaitInLine: Error {}

  /// A caller in line, and how to wake it.
  private struct Waiter {
    let id: Int
    let wake: Wake
    /// What fails a waiting task once its time is up; cancelled when the task is served.
    let expiry: Task<Void, Never>?
  }

  private enum Wake {
    /// A thread blocked in ``acquire()``, woken through `condition`.
    case thread(ThreadSlot)
    /// A suspended task.
    case task(CheckedContinuation<Grant, any Error>)
  }

  /// Where a blocked thread finds what it was granted.
  private final class ThreadSlot {
    var grant: Grant?
    var error: (any Error)?
  }

  // MARK: Taking and giving back

  /// The open connection `isHeld` says the calling thread holds already, if any: a pool body
  /// that calls back into its pool then reuses its connection instead of waiting for a second.
  package func connectionHeld(where isHeld: (Connection) -> Bool) -> Connection? {
    condition.lock()
    defer { condition.unlock() }
    return opened.first(where: isHeld)
  }

  /// A connection, blocking the calling thread until one is free.
  private func acquire() throws -> Connection {
    while true {
      condition.lock()
      let grant: Grant
      do {
        grant = try takeOrQueueBlocking()
      } catch {
        condition.unlock()
        throw error
      }
      condition.unlock()
      do {
        return try redeem(grant)
      } catch is WaitInLine {
        continue
      }
    }
  }

  /// A connection, suspending the calling task until one is free. The task holds no thread
  /// while it waits, and cancelling it takes it out of line.
  private func acquire() async throws -> Connection {
    while true {
      do {
        return try await acquireOnce()
      } catch is WaitInLine {
        continue
      }
    }
  }

  /// One wait in line for a connection, suspending the calling task.
  private func acquireOnce() async throws -> Connection {
    let id = reserveWaiterID()
    let grant = try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Grant, any Error>) in
        condition.lock()
        if isClosed {
          condition.unlock()
          continuation.resume(throwing: closedError())
        } else if Task.isCancelled {
          // Cancelled before it got in line: the cancellation handler found nothing to remove.
          condition.unlock()
          continuation.resume(throwing: CancellationError())
        } else if let grant = takeNow() {
          condition.unlock()
          continuation.resume(returning: grant)
        } else {
          waiters.append(Waiter(id: id, wake: .task(continuation), expiry: expiry(of: id)))
          condition.unlock()
        }
      }
    } onCancel: {
      remove(waiter: id, throwing: CancellationError())
    }
    switch grant {
    case .connection(let connection):
      return connection
    case .openOne:
      return try await ConnectionThread.runDetached { try self.redeem(.openOne) }
    case .failure(let error):
      throw error
    }
  }

  /// Runs `body` with a connection, blocking the calling thread while none is free, and gives
  /// the connection back when `body` returns or throws.
  package func withLease<Result>(_ body: (Connection) throws -> Result) throws -> Result {
    let connection = try acquire()
    defer { release(connection) }
    return try body(connection)
  }

  /// Runs `body` with a connection, suspending the calling task while none is free, and gives
  /// the connection back when `body` returns or throws. A task already cancelled does not
  /// queue.
  package func withLease<Result>(_ body: (Connection) async throws -> Result) async throws -> Result {
    try Task.checkCancellation()
    let connection = try await acquire()
    defer { release(connection) }
    return try await body(connection)
  }

  /// Gives `connection` back: to the first caller in line, or to the idle ones.
  private func release(_ connection: Connection) {
    condition.lock()
    if isClosed {
      opened.removeAll { $0 === connection }
      condition.unlock()
      return
    }
    if waiters.isEmpty {
      idle.append(connection)
      condition.unlock()
    } else {
      grant(.connection(connection), to: waiters.removeFirst())
    }
  }

  /// Refuses every later call, fails every caller in line, and returns the connections that
  /// were idle, for the owner to close. Connections in use are dropped as they come back.
  package func close() -> [Connection] {
    condition.lock()
    isClosed = true
    let idleConnections = idle
    opened.removeAll { connection in idleConnections.contains { $0 === connection } }
    idle = []
    let line = waiters
    waiters = []
    condition.broadcast()
    condition.unlock()
    for waiter in line { fail(waiter, with: closedError()) }
    return idleConnections
  }

  // MARK: Inside the lock

  /// An idle connection, or leave to open one while under the maximum; `nil` when the caller
  /// must wait. While no connection is open, one caller at a time opens one, and the others
  /// wait to see whether the server takes it. After a failure to open, while the pool backs off:
  /// `nil` when connections are open (the caller waits for one); the failure when it is
  /// permanent and none is open. Called holding the lock.
  private func takeNow() -> Grant? {
    if let connection = idle.popLast() { return .connection(connection) }
    guard opened.count + opening < maximum, !(opened.isEmpty && opening > 0) else { return nil }
    if let failure = openFailure, Date() < failure.retryAt {
      if !opened.isEmpty || opening > 0 { return nil }
      if failure.isPermanent { return .failure(failure.error) }
    }
    opening += 1
    return .openOne
  }

  /// What the calling thread gets, blocking it in line when nothing is free. Called holding
  /// the lock.
  private func takeOrQueueBlocking() throws -> Grant {
    if isClosed { throw closedError() }
    if let grant = takeNow() { return grant }
    let slot = ThreadSlot()
    nextWaiterID += 1
    let id = nextWaiterID
    waiters.append(Waiter(id: id, wake: .thread(slot), expiry: nil))
    let deadline = Date(timeIntervalSinceNow: acquireTimeout.seconds)
    while slot.grant == nil && slot.error == nil {
      if !condition.wait(until: deadline), slot.grant == nil, slot.error == nil {
        waiters.removeAll { $0.id == id }
        throw timeoutError(state)
      }
    }
    if let error = slot.error { throw error }
    return slot.grant!
  }

  /// Hands `grant` to `waiter`, then lets go of the lock.
  private func grant(_ grant: Grant, to waiter: Waiter) {
    waiter.expiry?.cancel()
    switch waiter.wake {
    case .thread(let slot):
      slot.grant = grant
      condition.broadcast()
      condition.unlock()
    case .task(let continuation):
      condition.unlock()
      continuation.resume(returning: grant)
    }
  }

  // MARK: Outside the lock

  /// The connection `grant` stands for, opening it when it is leave to open one.
  private func redeem(_ grant: Grant) throws -> Connection {
    switch grant {
    case .connection(let connection): return connection
    case .openOne: return try openOne()
    case .failure(let error): throw error
    }
  }

  /// Opens a connection with the leave to open one the caller was given: once, or again after
  /// each back-off while the failure may pass and nothing else can serve the caller, until its
  /// `acquireTimeout` runs out (see the type's description). Throws ``WaitInLine`` when
  /// connections others opened can serve it.
  private func openOne() throws -> Connection {
    let deadline = Date(timeIntervalSinceNow: acquireTimeout.seconds)
    // A caller that comes while the pool backs off from a failure that may pass waits it out.
    condition.lock()
    let backingOffUntil = openFailure?.retryAt
    condition.unlock()
    if let backingOffUntil, backingOffUntil < deadline {
      do {
        try waitForRetry(until: backingOffUntil)
      } catch {
        condition.lock()
        passOnLeaveToOpen()
        throw error
      }
    }
    while true {
      let failure: any Error
      do {
        let connection = try open()
        condition.lock()
        opening -= 1
        opened.append(connection)
        openFailure = nil
        backoff = Self.firstBackoff
        // The server answers again: callers in line may open connections up to the maximum.
        let wakes = handLeaveToOpenToWaiters()
        condition.unlock()
        for wake in wakes { wake() }
        return connection
      } catch is CancellationError {
        condition.lock()
        passOnLeaveToOpen()
        throw CancellationError()
      } catch {
        failure = error
      }
      condition.lock()
      let isPermanent = isPermanent(failure)
      openFailure = OpenFailure(error: failure, isPermanent: isPermanent, retryAt: Date(timeIntervalSinceNow: backoff))
      backoff = min(backoff * 2, Self.longestBackoff)
      if !opened.isEmpty {
        opening -= 1
        condition.unlock()
        throw WaitInLine()
      }
      if isPermanent {
        opening -= 1
        let line = waiters
        waiters = []
        condition.unlock()
        for waiter in line { fail(waiter, with: failure) }
        throw failure
      }
      let retryAt = openFailure!.retryAt
      guard retryAt < deadline else {
        passOnLeaveToOpen()
        throw failure
      }
      condition.unlock()
      do {
        try waitForRetry(until: retryAt)
      } catch {
        condition.lock()
        passOnLeaveToOpen()
        throw error
      }
    }
  }

  /// Waits until `date`, ending early when the caller's task is cancelled.
  private func waitForRetry(until date: Date) throws {
    while Date() < date {
      if OpeningCancellation.isRequested { throw CancellationError() }
      Thread.sleep(forTimeInterval: min(0.02, max(0, date.timeIntervalSinceNow)))
    }
  }

  /// Gives the leave to open a connection, which the caller no longer uses, to the first caller
  /// in line, or frees its place; then lets go of the lock.
  private func passOnLeaveToOpen() {
    if waiters.isEmpty {
      opening -= 1
      condition.unlock()
    } else {
      grant(.openOne, to: waiters.removeFirst())
    }
  }

  /// Gives callers in line leave to open connections, up to the maximum, and returns what wakes
  /// the tasks among them, to call once the lock is let go. Called holding the lock.
  private func handLeaveToOpenToWaiters() -> [() -> Void] {
    var wakes: [() -> Void] = []
    while !waiters.isEmpty, opened.count + opening < maximum {
      let waiter = waiters.removeFirst()
      opening += 1
      waiter.expiry?.cancel()
      switch waiter.wake {
      case .thread(let slot):
        slot.grant = .openOne
        condition.broadcast()
      case .task(let continuation):
        wakes.append { continuation.resume(returning: .openOne) }
      }
    }
    return wakes
  }

  private func reserveWaiterID() -> Int {
    condition.lock()
    defer { condition.unlock() }
    nextWaiterID += 1
    return nextWaiterID
  }

  /// A task that fails waiter `id` with the pool's timeout error once `acquireTimeout` passes,
  /// if it is still in line then.
  private func expiry(of id: Int) -> Task<Void, Never> {
    let timeout = acquireTimeout
    return Task { [weak self] in
      guard (try? await Task.sleep(for: timeout)) != nil, let self else { return }
      remove(waiter: id) { self.timeoutError(self.state) }
    }
  }

  /// Takes waiter `id` out of line, if it is still there, and fails it with `error`.
  private func remove(waiter id: Int, throwing error: any Error) {
    remove(waiter: id) { error }
  }

  /// Takes waiter `id` out of line, if it is still there, and fails it with the error `makeError`
  /// makes, holding the lock.
  private func remove(waiter id: Int, failingWith makeError: () -> any Error) {
    condition.lock()
    guard let index = waiters.firstIndex(where: { $0.id == id }) else {
      condition.unlock()
      return
    }
    let waiter = waiters.remove(at: index)
    let error = makeError()
    condition.unlock()
    fail(waiter, with: error)
  }

  /// What the connections are doing now. Called holding the lock.
  private var state: State {
    State(
      maximum: maximum, busy: opened.count - idle.count, opening: opening,
      lastOpenError: openFailure.map { "\($0.error)" })
  }

  private func fail(_ waiter: Waiter, with error: any Error) {
    waiter.expiry?.cancel()
    switch waiter.wake {
    case .thread(let slot):
      condition.lock()
      slot.error = error
      condition.broadcast()
      condition.unlock()
    case .task(let continuation):
      continuation.resume(throwing: error)
    }
  }
}

extension Duration {
  /// The duration in seconds, as a floating-point number.
  fileprivate var seconds: Double {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}
