import Foundation

/// The connections of a pool and who holds them: at most `maximum` open, opened on demand,
/// lent to one caller at a time, and handed to waiting callers first come, first served.
///
/// A caller waits either blocking its thread (``acquire()``) or suspended
/// (``acquire() async``, which holds no thread while it waits); both wait in one line. A wait
/// longer than `acquireTimeout` throws the pool's own error, so a pool too small for its load, or
/// a body that waits on a second connection while holding the last one, shows up as an error
/// rather than a hang.
package final class ConnectionLeases<Connection: AnyObject & Sendable>: @unchecked Sendable {
  /// The most connections open at once.
  package let maximum: Int
  private let acquireTimeout: Duration
  private let open: @Sendable () throws -> Connection
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
  /// Why the last attempt to open a connection failed, until one succeeds.
  private var lastOpenError: String?

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

  /// Leases of at most `maximum` connections made by `open`. A caller that waits longer than
  /// `acquireTimeout` gets `timeoutError` of what the connections were doing then; a caller of a
  /// closed pool gets `closedError()`.
  package init(
    maximum: Int, acquireTimeout: Duration,
    open: @escaping @Sendable () throws -> Connection,
    timeoutError: @escaping @Sendable (State) -> any Error,
    closedError: @escaping @Sendable () -> any Error
  ) {
    self.maximum = max(1, maximum)
    self.acquireTimeout = acquireTimeout
    self.open = open
    self.timeoutError = timeoutError
    self.closedError = closedError
  }

  /// What a caller got: a connection to use and give back, or leave to open one.
  private enum Grant {
    case connection(Connection)
    case openOne
  }

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
  package func acquire() throws -> Connection {
    condition.lock()
    let grant: Grant
    do {
      grant = try takeOrQueueBlocking()
    } catch {
      condition.unlock()
      throw error
    }
    condition.unlock()
    return try redeem(grant)
  }

  /// A connection, suspending the calling task until one is free. The task holds no thread
  /// while it waits, and cancelling it takes it out of line.
  package func acquire() async throws -> Connection {
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
    }
  }

  /// Gives `connection` back: to the first caller in line, or to the idle ones.
  package func release(_ connection: Connection) {
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
  /// must wait. Called holding the lock.
  private func takeNow() -> Grant? {
    if let connection = idle.popLast() { return .connection(connection) }
    if opened.count + opening < maximum {
      opening += 1
      return .openOne
    }
    return nil
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
    case .connection(let connection):
      return connection
    case .openOne:
      do {
        let connection = try open()
        condition.lock()
        opening -= 1
        opened.append(connection)
        lastOpenError = nil
        condition.unlock()
        return connection
      } catch {
        // The place is free again: the first caller in line may try to open it.
        condition.lock()
        if !(error is CancellationError) { lastOpenError = "\(error)" }
        if waiters.isEmpty {
          opening -= 1
          condition.unlock()
        } else {
          self.grant(.openOne, to: waiters.removeFirst())
        }
        throw error
      }
    }
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
    State(maximum: maximum, busy: opened.count - idle.count, opening: opening, lastOpenError: lastOpenError)
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
