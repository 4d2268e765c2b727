import CLibPQ
import Foundation
import TypedSQLCore

/// A connection of its own that listens on ``channel`` for the commits the live-query triggers
/// announce (see `DatabaseMigrator.registerLiveQueryTriggers(_:for:)`), and passes each table
/// named to a ``TableChangeHub``.
///
/// The server sends a notification only when the transaction that raised it commits, once per
/// table however many statements wrote it. A listening connection that is lost (a server
/// restart, `pg_terminate_backend`) is opened again, retrying until it succeeds or the listener
/// stops, and then announces every table changed: a notification sent while it was away is not
/// lost in effect, since every live query re-runs once.
final class PostgresChangeListener: @unchecked Sendable {
  /// The channel the triggers notify, with the changed table's name, after its schema's, as the
  /// payload (`public.reminders`).
  static let channel = "typedsql_changes"
  /// How long the listening thread waits on the socket before it checks whether to stop.
  private static let pollMilliseconds: Int32 = 50

  /// Where the listening connection goes, asked again at each reconnection.
  private let address: @Sendable () -> String
  /// Where the tables the triggers name are announced.
  private let hub = TableChangeHub()
  private let state = NSCondition()
  private var isStopping = false
  private var isListening = false

  /// A listener for the server at `address`, not listening yet.
  init(address: @escaping @Sendable () -> String) {
    self.address = address
  }

  /// Opens the listening connection and starts listening on a thread of its own; throws when
  /// the connection cannot be opened. The hub calls it, and ``stop()``, one at a time.
  func start() throws {
    // The handle passes to the listening thread, which alone uses it from then on.
    nonisolated(unsafe) let handle = try Self.openListening(address())
    state.withLock {
      isStopping = false
      isListening = true
    }
    let thread = Thread { [self] in listen(on: handle) }
    thread.name = "TypedSQL PG listen"
    thread.start()
  }

  /// Stops listening and closes the connection, waiting for the listening thread to finish.
  func stop() {
    state.lock()
    isStopping = true
    while isListening { state.wait() }
    state.unlock()
  }

  /// A live query of `fetch`, which returns its value and the tables it read, re-run when this
  /// listener hears a commit to one of them; the listener listens while any such query runs.
  func liveQuery<Value: Sendable>(
    isDuplicate: (@Sendable (Value, Value) -> Bool)?,
    fetch: @escaping @Sendable () async throws -> (Value, TableSet)
  ) -> LiveQuery<Value> {
    LiveQuery(
      hub: hub, startFollowing: { [self] in try start() }, stopFollowing: { [self] in stop() },
      isDuplicate: isDuplicate, fetch: fetch)
  }

  /// Whether the listening connection is open, or being opened again.
  var isRunning: Bool {
    state.withLock { isListening }
  }

  private var shouldStop: Bool {
    state.withLock { isStopping }
  }

  /// The listening loop: waits for the socket, reads what came, announces the tables named, and
  /// reconnects when the connection is lost.
  private func listen(on firstHandle: OpaquePointer) {
    var handle: OpaquePointer? = firstHandle
    while !shouldStop {
      guard let open = handle else {
        handle = reconnect()
        if handle != nil { hub.announce(.all) }
        continue
      }
      var descriptor = pollfd(fd: PQsocket(open), events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, Self.pollMilliseconds)
      guard ready != 0 else { continue }
      guard ready > 0 || errno == EINTR else {
        PQfinish(open)
        handle = nil
        continue
      }
      let isOpen = PQconsumeInput(open) != 0 && PQstatus(open) == CONNECTION_OK
      var tables: [String] = []
      while let notification = PQnotifies(open) {
        tables.append(String(cString: notification.pointee.extra))
        PQfreemem(notification)
      }
      if !tables.isEmpty { hub.announce(TableSet(tables)) }
      if !isOpen {
        PQfinish(open)
        handle = nil
      }
    }
    PQfinish(handle)
    state.withLock {
      isListening = false
      state.broadcast()
    }
  }

  /// Opens the listening connection again, retrying with a growing pause (at most a second)
  /// until it succeeds; `nil` when the listener stops first.
  private func reconnect() -> OpaquePointer? {
    var pause = 0.05
    while !shouldStop {
      if let handle = try? Self.openListening(address()) { return handle }
      Thread.sleep(forTimeInterval: pause)
      pause = min(1, pause * 2)
    }
    return nil
  }

  /// A new connection to `address` listening on ``channel``.
  private static func openListening(_ address: String) throws -> OpaquePointer {
    let attempt = PostgresConnectionAttempt(address: address, options: try PostgresConnectionOptions(parsing: address))
    let handle = try attempt.open(notice: nil)
    // libpq would print the server's notices, such as its farewell when it ends the
    // connection, on standard error; the listener reconnects instead.
    PQsetNoticeProcessor(handle, { _, _ in }, nil)
    let result = PQexec(handle, "LISTEN \(channel)")
    defer { PQclear(result) }
    guard PQresultStatus(result) == PGRES_COMMAND_OK else {
      let error = PostgresError.from(result, connection: handle, sql: "LISTEN \(channel)")
      PQfinish(handle)
      throw error
    }
    return handle
  }
}
