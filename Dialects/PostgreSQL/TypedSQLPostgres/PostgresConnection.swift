import CLibPQ
import Foundation
import TypedSQLCore

/// One libpq connection and its prepared statements. Not thread-safe: ``PostgresDatabase``
/// serializes every call.
///
/// After connecting (and reconnecting) it sets `TimeZone` to UTC and turns
/// `standard_conforming_strings` on. A lost connection is reported
/// once as a ``PostgresError`` with a class-08 SQLSTATE; the next call reconnects, unless a
/// transaction was open: then every call throws until the transaction ends.
final class PostgresConnection {
  private var handle: OpaquePointer?
  /// Prepared statements by SQL text and parameter types: the server fixes each parameter's
  /// type when it prepares, so the same text bound with other types is another statement.
  private var prepared: [PreparedKey: NamedStatement] = [:]
  /// The most statements kept prepared; past it the cache starts over.
  private static let preparedCapacity = 256
  /// Begins the name of every statement this connection prepares: random, so that no other
  /// client that reaches the same server connection through a pooler has a statement of that
  /// name, which its runs would otherwise take for its own.
  private let statementNamePrefix = "typedsql_\(String(UInt64.random(in: .min ... .max), radix: 16))_"
  /// Numbers the prepared statements of this connection. Never reset, not even on reconnecting:
  /// behind a pooler the server connection, and the statements on it, may outlive ours.
  private var preparedCount = 0
  private var isBroken = false
  /// Whether a transaction is open on this connection (set by ``PostgresDatabase``). A
  /// connection lost while one is open is not re-established until it ends: the server rolled
  /// the transaction back, so a statement on a new connection would commit on its own.
  var isInTransaction = false

  /// Receives the server's notices and warnings; they are dropped when nil.
  private let noticeReceiver: NoticeReceiver
  /// Whether statements are kept prepared under a name, or prepared unnamed at each run.
  private let preparation: StatementPreparationMode
  /// Whether the `async` call whose work runs now was cancelled: its statements then throw
  /// before they start.
  private let interruption: Interruption
  /// Cancels the statement running now, from another thread.
  let cancelRequest = PostgresCancelRequest()
  /// How the connection is opened, and opened again when lost.
  private let attempt: PostgresConnectionAttempt
  /// How long a lost connection is tried again, while the server may be restarting, before a
  /// call fails: the address's connection limit.
  private var reconnectPatience: TimeInterval {
    TimeInterval(attempt.secondsPerHost ?? PostgresConnectionAttempt.defaultSecondsPerHost)
  }

  init(
    url: String, onNotice: (@Sendable (String) -> Void)?, preparation: StatementPreparationMode,
    interruption: Interruption
  ) throws {
    self.noticeReceiver = NoticeReceiver(handler: onNotice)
    self.preparation = preparation
    self.interruption = interruption
    // An address libpq cannot read is a mistake to fix, not a failure to connect: SQLSTATE 22023.
    let options = try PostgresConnectionOptions(parsing: url)
    self.attempt = PostgresConnectionAttempt(address: url, options: options)
    self.handle = try attempt.open(notice: onNotice)
    cancelRequest.renew(for: handle)
    receiveNotices()
    try startSession()
  }

  deinit {
    PQfinish(handle)
  }

  /// Closes the connection: every later call throws, and nothing reconnects.
  func close() {
    cancelRequest.renew(for: nil)
    PQfinish(handle)
    handle = nil
    prepared.removeAll()
  }

  /// Notices that the server closed this idle connection (a restart, an idle timeout, an
  /// administrator ending it), so that the next call reconnects instead of failing. Costs one
  /// `poll` with no wait.
  ///
  /// An idle connection is sent nothing (TypedSQL never listens for notifications), so a
  /// readable socket means the server's farewell, its closing of the socket, or both: the
  /// connection is replaced on the next call.
  func detectClosedWhileIdle() {
    guard !isInTransaction, let handle, PQstatus(handle) == CONNECTION_OK else { return }
    var descriptor = pollfd(fd: PQsocket(handle), events: Int16(POLLIN), revents: 0)
    guard descriptor.fd >= 0, poll(&descriptor, 1, 0) != 0 else { return }
    isBroken = true
  }

  /// Whether the server is inside a transaction block, and whether an error aborted it.
  var transactionStatus: PGTransactionStatusType {
    PQtransactionStatus(handle)
  }

  /// The server's version, e.g. 150018 for 15.18.
  var serverVersion: Int { Int(PQserverVersion(handle)) }

  /// Runs raw SQL, possibly several statements, with nothing bound. Unless
  /// `exemptFromCancellation` (a rollback must run even then), it throws `CancellationError`
  /// instead when the work it belongs to was cancelled.
  func execute(_ sql: String, exemptFromCancellation: Bool = false) throws {
    if !exemptFromCancellation { try interruption.checkNotRequested() }
    try Self.checkHasNoNUL(sql)
    try reconnectIfNeeded(sql: sql)
    let result = PQexec(handle, sql)
    defer { PQclear(result) }
    try check(result, sql: sql)
  }

  /// Runs a rendered statement through its cached prepared statement and hands the result to
  /// `body`; the result is freed afterwards.
  ///
  /// A statement whose tables changed the type of its result since it was prepared (an
  /// `ALTER TABLE`, a table dropped and created again) is prepared again: outside a transaction
  /// it then runs at once, since the server refused it before running anything; inside one it
  /// fails, as the server has aborted the transaction, and runs afresh once that has ended.
  ///
  /// A named statement missing from the server means a pooler in transaction mode (see
  /// `StatementPreparationMode`): the statement runs again unnamed, at once outside a
  /// transaction; inside one it fails with a hint, and the transaction can run again.
  ///
  /// With `binaryResults`, a named statement whose every column is of a type the row decoder
  /// reads in binary returns its rows in binary (see `PostgresResultFormat`); `body` then gets a
  /// result whose `PQbinaryTuples` is 1.
  func run<Result>(
    _ query: RenderedSQL, binaryResults: Bool = false, _ body: (OpaquePointer) throws -> Result
  ) throws -> Result {
    try interruption.checkNotRequested()
    try reconnectIfNeeded(sql: query.sql)
    let parameters = try PostgresParameters(query.bindings)
    let key = PreparedKey(sql: query.sql, types: parameters.types)
    func execute() throws -> (result: OpaquePointer?, name: String?) {
      guard preparation.usesNamedStatements else {
        try Self.checkHasNoNUL(query.sql)
        let result = parameters.withUnsafeArguments { values, lengths, formats in
          PQexecParams(handle, query.sql, Int32(query.bindings.count), parameters.types, values, lengths, formats, 0)
        }
        return (result, nil)
      }
      let statement = try preparedStatement(for: key)
      let resultFormat = binaryResults ? statement.resultFormat.libpqFormat : 0
      let result = parameters.withUnsafeArguments { values, lengths, formats in
        PQexecPrepared(handle, statement.name, Int32(query.bindings.count), values, lengths, formats, resultFormat)
      }
      return (result, statement.name)
    }
    let first = try execute()
    var result = first.result
    if Self.isStalePlan(result) {
      prepared[key] = nil
      if transactionStatus == PQTRANS_IDLE {
        PQclear(result)
        result = try execute().result
      }
    } else if let name = first.name, Self.isMissingStatement(result) {
      fallBackToUnnamed(missing: name, sql: query.sql)
      if transactionStatus == PQTRANS_IDLE {
        PQclear(result)
        result = try execute().result
      } else {
        defer { PQclear(result) }
        throw Self.missingStatementError(result, connection: handle, sql: query.sql)
      }
    }
    defer { PQclear(result) }
    try check(result, sql: query.sql)
    return try body(result!)
  }

  /// Runs `sql`, a `COPY … FROM STDIN`, with the data `produce` sends through the function it is
  /// given, chunk after chunk, and returns how many rows the server loaded. When `produce`
  /// throws, the copy is ended as failed, so the server loads none of it, and the error is
  /// rethrown; inside a transaction the server has then aborted the transaction.
  func copyIn(
    _ sql: String, _ produce: (_ send: (UnsafeBufferPointer<UInt8>) throws -> Void) throws -> Void
  ) throws -> Int {
    try interruption.checkNotRequested()
    try Self.checkHasNoNUL(sql)
    try reconnectIfNeeded(sql: sql)
    let start = PQexec(handle, sql)
    guard PQresultStatus(start) == PGRES_COPY_IN else {
      defer { PQclear(start) }
      try check(start, sql: sql)
      throw PostgresError(sqlState: "XX000", message: "the server did not start the copy", sql: sql)
    }
    PQclear(start)
    var failure: (any Error)?
    do {
      try produce { chunk in
        let bytes = UnsafeRawPointer(chunk.baseAddress)?.assumingMemoryBound(to: CChar.self)
        guard PQputCopyData(handle, bytes, Int32(chunk.count)) == 1 else {
          isBroken = true
          throw PostgresError.connectionError(handle, sql: sql)
        }
      }
    } catch {
      failure = error
    }
    PQputCopyEnd(handle, failure == nil ? nil : "the client stopped the copy")
    var copied = 0
    var serverError: (any Error)?
    while let result = PQgetResult(handle) {
      defer { PQclear(result) }
      do {
        try check(result, sql: sql)
        copied = Int(String(cString: PQcmdTuples(result))) ?? 0
      } catch {
        serverError = serverError ?? error
      }
    }
    if let failure { throw failure }
    if let serverError { throw serverError }
    return copied
  }

  /// Runs `queries` in libpq's pipeline mode and returns how many rows each changed or returned:
  /// the statements of a group go out together and their results come back together, one round
  /// trip per group of `groupSize` instead of one per statement. At the first failure the rest
  /// of its group is skipped by the server, no later group is sent, and the error is thrown. A
  /// statement whose result type changed since it was prepared is prepared again next time.
  /// Groups end at a sync point, which commits outside a transaction: callers run this inside
  /// one.
  func runPipelined(_ queries: [RenderedSQL], groupSize: Int = 256) throws -> [Int] {
    guard let first = queries.first else { return [] }
    try interruption.checkNotRequested()
    try reconnectIfNeeded(sql: first.sql)
    // Named statements are prepared before the pipeline starts, each once.
    let runs = try queries.map { query in
      let parameters = try PostgresParameters(query.bindings)
      try Self.checkHasNoNUL(query.sql)
      let name = preparation.usesNamedStatements
        ? try preparedStatement(for: PreparedKey(sql: query.sql, types: parameters.types)).name : nil
      return (query: query, parameters: parameters, name: name)
    }
    guard PQenterPipelineMode(handle) == 1 else {
      throw PostgresError.connectionError(handle, sql: first.sql)
    }
    defer { PQexitPipelineMode(handle) }
    var counts: [Int] = []
    counts.reserveCapacity(queries.count)
    var groupStart = 0
    while groupStart < runs.count {
      let group = runs[groupStart..<min(groupStart + groupSize, runs.count)]
      for run in group {
        let sent = run.parameters.withUnsafeArguments { values, lengths, formats in
          if let name = run.name {
            return PQsendQueryPrepared(handle, name, Int32(run.query.bindings.count), values, lengths, formats, 0)
          }
          return PQsendQueryParams(
            handle, run.query.sql, Int32(run.query.bindings.count), run.parameters.types, values, lengths, formats, 0)
        }
        guard sent == 1 else { throw PostgresError.connectionError(handle, sql: run.query.sql) }
      }
      guard PQpipelineSync(handle) == 1 else { throw PostgresError.connectionError(handle, sql: first.sql) }
      var failure: (any Error)?
      for run in group {
        // Each statement's results, then a null result that ends them.
        while let result = PQgetResult(handle) {
          defer { PQclear(result) }
          switch PQresultStatus(result) {
          case PGRES_PIPELINE_ABORTED:
            continue
          case PGRES_TUPLES_OK:
            counts.append(Int(PQntuples(result)))
          default:
            do {
              if let name = run.name, Self.isMissingStatement(result) {
                fallBackToUnnamed(missing: name, sql: run.query.sql)
                throw Self.missingStatementError(result, connection: handle, sql: run.query.sql)
              }
              if Self.isStalePlan(result) {
                prepared[PreparedKey(sql: run.query.sql, types: run.parameters.types)] = nil
              }
              try check(result, sql: run.query.sql)
              counts.append(Int(String(cString: PQcmdTuples(result))) ?? 0)
            } catch {
              failure = failure ?? error
            }
          }
        }
      }
      // The sync point's own result.
      if let sync = PQgetResult(handle) { PQclear(sync) }
      if let failure { throw failure }
      groupStart += group.count
    }
    return counts
  }

  /// Whether the server refused a prepared statement because its result type changed
  /// (`cached plan must not change result type`).
  private static func isStalePlan(_ result: OpaquePointer?) -> Bool {
    isError(result, state: "0A000", raisedBy: "RevalidateCachedQuery")
  }

  /// Whether the server refused to run a named statement because it does not hold one of that
  /// name (`prepared statement … does not exist`).
  private static func isMissingStatement(_ result: OpaquePointer?) -> Bool {
    isError(result, state: "26000", raisedBy: "FetchPreparedStatement")
  }

  /// Whether `result` is the error of SQLSTATE `state` raised by the server function `function`,
  /// a pair that, unlike the message, is never translated.
  private static func isError(_ result: OpaquePointer?, state: String, raisedBy function: String) -> Bool {
    guard PQresultStatus(result) == PGRES_FATAL_ERROR,
      let resultState = PQresultErrorField(result, Int32(UInt8(ascii: "C"))),
      let resultFunction = PQresultErrorField(result, Int32(UInt8(ascii: "R")))
    else { return false }
    return strcmp(resultState, state) == 0 && strcmp(resultFunction, function) == 0
  }

  /// Prepares statements unnamed from now on, this connection and those that share its mode, and
  /// forgets the named ones: `name` was missing from the server connection it reached.
  private func fallBackToUnnamed(missing name: String, sql: String) {
    prepared.removeAll()
    preparation.fallBackToUnnamed(missing: name, sql: sql)
  }

  /// The error of a named statement found missing inside a transaction, which the server has
  /// aborted: it says why, and that the transaction can run again.
  private static func missingStatementError(_ result: OpaquePointer?, connection: OpaquePointer?, sql: String) -> PostgresError {
    var error = PostgresError.from(result, connection: connection, sql: sql)
    error.hint =
      "A pooler in transaction mode (such as PgBouncer) ran this transaction on a server connection"
      + " that does not hold the statement. Statements are prepared unnamed from now on, so the"
      + " transaction can run again; pass `preparation: .unnamed` to avoid this first failure."
    return error
  }

  /// The statement prepared for `key`, preparing it if it is new. (A statement left stale by a
  /// schema change stays on the server until the cache starts over.)
  private func preparedStatement(for key: PreparedKey) throws -> NamedStatement {
    if let statement = prepared[key] { return statement }
    if prepared.count >= Self.preparedCapacity {
      try execute("DEALLOCATE ALL")
      prepared.removeAll()
    }
    let sql = key.sql.text
    try Self.checkHasNoNUL(sql)
    preparedCount += 1
    let name = statementNamePrefix + String(preparedCount)
    let statement = NamedStatement(
      name: name, resultFormat: try prepareAndDescribe(sql, named: name, parameterTypes: key.types))
    prepared[key] = statement
    return statement
  }

  /// Prepares `sql` as the statement `name` and asks the server for its result's columns in the
  /// same round trip (libpq's pipeline mode), to choose the format its rows are read in.
  private func prepareAndDescribe(_ sql: String, named name: String, parameterTypes: [Oid]) throws -> PostgresResultFormat {
    guard PQenterPipelineMode(handle) == 1 else { throw PostgresError.connectionError(handle, sql: sql) }
    defer { PQexitPipelineMode(handle) }
    guard PQsendPrepare(handle, name, sql, Int32(parameterTypes.count), parameterTypes) == 1,
      PQsendDescribePrepared(handle, name) == 1, PQpipelineSync(handle) == 1
    else { throw PostgresError.connectionError(handle, sql: sql) }
    // Each request's result and the null that ends it, then the sync point's own result. Every
    // result is read, even after a failure, so that the connection leaves pipeline mode idle.
    var failure: (any Error)?
    var format: PostgresResultFormat?
    for request in 0..<2 {
      while let result = PQgetResult(handle) {
        defer { PQclear(result) }
        if PQresultStatus(result) == PGRES_PIPELINE_ABORTED { continue }
        do {
          try check(result, sql: sql)
          if request == 1 { format = .chosen(for: result) }
        } catch {
          failure = failure ?? error
        }
      }
    }
    if let sync = PQgetResult(handle) { PQclear(sync) }
    if let failure { throw failure }
    // No description and no error: the connection was lost before the server answered.
    guard let format else {
      isBroken = true
      throw PostgresError.connectionLost(handle, sql: sql)
    }
    return format
  }

  /// libpq reads SQL up to its first NUL byte, which would run a statement cut short: refuse it.
  private static func checkHasNoNUL(_ sql: String) throws {
    guard sql.utf8.contains(0) else { return }
    throw PostgresError(sqlState: "22021", message: "the SQL text holds a NUL byte", sql: sql)
  }

  /// Throws the error a result carries; marks the connection broken when it was lost.
  private func check(_ result: OpaquePointer?, sql: String) throws {
    switch PQresultStatus(result) {
    case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
      return
    default:
      let error =
        PQstatus(handle) == CONNECTION_OK
        ? PostgresError.from(result, connection: handle, sql: sql)
        : PostgresError.connectionLost(handle, sql: sql)
      // libpq does not always mark the connection bad when the server vanishes mid-call; a
      // connection-class error means the next call must reconnect either way.
      if error.isConnectionError { isBroken = true }
      throw error
    }
  }

  /// Re-establishes a connection that was lost; its prepared statements are gone with it.
  private func reconnectIfNeeded(sql: String) throws {
    guard let handle else {
      throw PostgresError(sqlState: "08003", message: "the database connection is closed", sql: sql)
    }
    guard isBroken || PQstatus(handle) != CONNECTION_OK else { return }
    guard !isInTransaction else {
      throw PostgresError(
        sqlState: "08003",
        message: "the connection was lost inside a transaction, which the server has rolled back;"
          + " no statement of that transaction runs, and the transaction fails",
        sql: sql)
    }
    try reestablish(sql: sql)
    isBroken = false
    prepared.removeAll()
    cancelRequest.renew(for: self.handle)
    receiveNotices()
    try startSession()
  }

  /// Replaces the lost connection with a new one, opened as the first was (within its limit,
  /// name lookup included). Nothing of the call was sent yet, so while the server may be coming
  /// back (a restart: refused, starting up, not answering) it is tried again after each back-off
  /// (50 ms, doubling to 1 s), for at most ``reconnectPatience``; a refusal that lasts (a
  /// password changed meanwhile), the patience running out, or the call's cancellation throws.
  private func reestablish(sql: String) throws {
    let deadline = Date(timeIntervalSinceNow: reconnectPatience)
    var backoff: TimeInterval = 0.05
    while true {
      var error: PostgresError
      do {
        let fresh = try attempt.open(notice: noticeReceiver.handler)
        PQfinish(handle)
        handle = fresh
        return
      } catch let failure as PostgresError {
        error = failure
      }
      error.sql = sql
      let retryAt = Date(timeIntervalSinceNow: backoff)
      guard !error.isRefusalThatLasts, retryAt < deadline else { throw error }
      while Date() < retryAt {
        try interruption.checkNotRequested()
        if OpeningCancellation.isRequested { throw CancellationError() }
        Thread.sleep(forTimeInterval: min(0.02, max(0, retryAt.timeIntervalSinceNow)))
      }
      backoff = min(backoff * 2, 1)
    }
  }

  /// Sends the server's notices to `noticeReceiver` rather than libpq's default, standard
  /// error.
  private func receiveNotices() {
    let receiver = Unmanaged.passUnretained(noticeReceiver).toOpaque()
    PQsetNoticeProcessor(handle, { receiver, message in
      guard let receiver, let message else { return }
      let text = String(cString: message).trimmingCharacters(in: .whitespacesAndNewlines)
      Unmanaged<NoticeReceiver>.fromOpaque(receiver).takeUnretainedValue().handler?(text)
    }, receiver)
  }

  /// The settings every session runs with, whatever the server, database, role or address
  /// sets: UTC, which dates are read and written in, and `standard_conforming_strings` on, so
  /// that a backslash in a `'…'` literal is itself (TypedSQL's literals read the same either
  /// way; SQL a user writes by hand may not).
  private static let sessionSettings = "SET TimeZone TO 'UTC'; SET standard_conforming_strings TO on"

  private func startSession() throws {
    let result = PQexec(handle, Self.sessionSettings)
    defer { PQclear(result) }
    try check(result, sql: Self.sessionSettings)
  }
}

/// A statement as the server prepared it: its text and its parameters' types. The text is
/// compared by its bytes: two canonically equivalent texts are different statements.
private struct PreparedKey: Hashable {
  var sql: ExactText
  var types: [Oid]

  init(sql: String, types: [Oid]) {
    self.sql = ExactText(sql)
    self.types = types
  }
}

/// A statement prepared under a name on the server, and the format its rows are asked for.
private struct NamedStatement {
  let name: String
  let resultFormat: PostgresResultFormat
}

/// Where a connection's notices go; the connection keeps it alive as long as libpq may call it.
private final class NoticeReceiver {
  let handler: (@Sendable (String) -> Void)?

  init(handler: (@Sendable (String) -> Void)?) {
    self.handler = handler
  }
}
