import Logging

/// Where a driver reports the statements it runs, through swift-log: each statement at `.debug`
/// with its SQL, how long it took and how many rows it returned or changed; each failure at
/// `.error` with its SQL and the database's own code. Bound values are left out unless
/// `includesValues`, since they can be private.
///
/// ```swift
/// var logger = Logger(label: "app.db")
/// logger.logLevel = .debug
/// let db = try SQLiteDatabase(path: "app.db", log: StatementLog(logger))
/// ```
///
/// A driver without one logs nothing and pays nothing for it; with one, the logger's level is
/// read once per statement, and a statement is timed only when `.debug` messages pass it.
public struct StatementLog: Sendable {
  /// The logger messages go to; its handler decides what is kept.
  public var logger: Logger
  /// Whether the values bound to each statement are logged with it.
  public var includesValues: Bool

  /// Logs statements to `logger`, with their bound values only when `includesValues` is true.
  public init(_ logger: Logger, includesValues: Bool = false) {
    self.logger = logger
    self.includesValues = includesValues
  }

  /// Runs a statement through `body`, then logs it with the rows `rowCount` counts in its
  /// result, or logs its failure.
  @inlinable
  public func run<Result>(
    _ sql: String, bindings: @autoclosure () -> [QueryBinding], rowCount: (Result) -> Int,
    _ body: () throws -> Result
  ) throws -> Result {
    let logsStatements = logger.logLevel <= .debug
    let start = logsStatements ? ContinuousClock.now : nil
    do {
      let result = try body()
      if let start { ran(sql, bindings: bindings(), rows: rowCount(result), duration: .now - start) }
      return result
    } catch {
      failed(sql, bindings: bindings(), error: error)
      throw error
    }
  }

  @usableFromInline
  func ran(_ sql: String, bindings: [QueryBinding], rows: Int, duration: Duration) {
    var metadata: Logger.Metadata = [
      "db.query.text": "\(sql)",
      "db.duration_ms": "\(Double(duration.components.attoseconds) / 1e15 + Double(duration.components.seconds) * 1000)",
      "db.rows": "\(rows)",
    ]
    if includesValues { metadata["db.query.values"] = "\(bindings.map(\.description))" }
    logger.debug("statement ran", metadata: metadata)
  }

  @usableFromInline
  func failed(_ sql: String, bindings: [QueryBinding], error: any Error) {
    var metadata: Logger.Metadata = ["db.query.text": "\(sql)", "error": "\(error)"]
    if let code = (error as? any DatabaseErrorCode)?.databaseCode { metadata["db.response.status_code"] = "\(code)" }
    if includesValues { metadata["db.query.values"] = "\(bindings.map(\.description))" }
    logger.error("statement failed", metadata: metadata)
  }
}

/// An error a database reported, with the database's own code for it: SQLite's extended result
/// code, PostgreSQL's SQLSTATE.
public protocol DatabaseErrorCode: Error {
  /// The code, as the database spells it: `"2067"`, `"23505"`.
  var databaseCode: String { get }
}
