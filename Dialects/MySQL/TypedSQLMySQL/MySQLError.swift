import CMariaDB
import TypedSQLCore

/// An error reported by the MariaDB or MySQL server, or by the client library: the error number,
/// the SQLSTATE, the message, and the SQL that caused it.
///
/// ```swift
/// catch let error as MySQLError where error.code == 1062 { … }   // a duplicate key
/// ```
public struct MySQLError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The error number: the server's (`1062` a duplicate key, `1146` no such table) or the client
  /// library's (`2006` the server has gone away, `2013` the connection was lost).
  public var code: Int
  /// The five-character SQLSTATE, e.g. `23000` for an integrity violation; `08003` when the
  /// connection is closed. Many server errors share `HY000`: ``code`` tells them apart.
  public var sqlState: String
  /// The message.
  public var message: String
  /// The SQL being run, when there was one.
  public var sql: String?

  /// Creates an error.
  public init(code: Int, sqlState: String, message: String, sql: String? = nil) {
    self.code = code
    self.sqlState = sqlState
    self.message = message
    self.sql = sql
  }

  /// Whether the connection is gone: the client library's "server has gone away" (2006), "lost
  /// connection" (2013), or a closed connection.
  public var isConnectionError: Bool { code == 2006 || code == 2013 || sqlState.hasPrefix("08") }

  /// Whether a connection attempt was refused for a reason that trying again will not change: a
  /// wrong password or user (1045, 1698), a database the user may not use or that does not
  /// exist (1044, 1049), an address that cannot be read (22023).
  var isRefusalThatLasts: Bool { [1044, 1045, 1049, 1698].contains(code) || sqlState == "22023" }

  public var description: String {
    var text = "MySQL error \(code) (\(sqlState)): \(message)"
    if let sql { text += " (in: \(StatementExcerpt.of(sql)))" }
    return text
  }

  /// The error the connection reports now.
  static func from(connection: UnsafeMutablePointer<MYSQL>?, sql: String?) -> MySQLError {
    guard let connection else { return closed(sql: sql) }
    return MySQLError(
      code: Int(mysql_errno(connection)), sqlState: String(cString: mysql_sqlstate(connection)),
      message: String(cString: mysql_error(connection)), sql: sql)
  }

  /// The error a prepared statement reports now.
  static func from(statement: UnsafeMutablePointer<MYSQL_STMT>, sql: String?) -> MySQLError {
    MySQLError(
      code: Int(mysql_stmt_errno(statement)), sqlState: String(cString: mysql_stmt_sqlstate(statement)),
      message: String(cString: mysql_stmt_error(statement)), sql: sql)
  }

  /// This error, which rolled back the open transaction, as the error of `sql`, a later
  /// statement of that transaction, which does not run.
  func rolledBackTransaction(sql: String?) -> MySQLError {
    MySQLError(
      code: code, sqlState: sqlState,
      message: "the transaction was rolled back by an earlier error (\(message)); no later statement of it runs",
      sql: sql)
  }

  /// A call on a closed connection.
  static func closed(sql: String?) -> MySQLError {
    MySQLError(code: 2006, sqlState: "08003", message: "the database connection is closed", sql: sql)
  }
}

extension MySQLError: DatabaseErrorCode {
  /// The error number: `"1062"` for a duplicate key.
  public var databaseCode: String { String(code) }
}
