import CLibPQ
import Foundation
import TypedSQLCore

/// An error reported by PostgreSQL or libpq: the SQLSTATE, the server's message, detail and hint,
/// and the SQL that caused it.
public struct PostgresError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The five-character SQLSTATE, e.g. `23505` for a unique violation; `08006` when the
  /// connection was lost. A failed connection attempt has the code of the server's refusal
  /// (`28P01` a wrong password, `28000` an unknown role or no `pg_hba.conf` entry, `3D000` no
  /// such database, `53300` too many clients, `57P03` a server starting or stopping), or
  /// `08001` when no server refused it (none answered, TLS failed); an address libpq cannot
  /// read is `22023`.
  public var sqlState: String
  /// The primary message.
  public var message: String
  /// The server's detail, e.g. `Key (name)=(urgent) already exists.`
  public var detail: String?
  /// The server's hint.
  public var hint: String?
  /// The SQL being run, when there was one.
  public var sql: String?
  /// The server's function that raised the error (the `R` field, such as `exec_stmt_dynexecute`):
  /// unlike the message, never translated.
  public var routine: String?

  /// Creates an error.
  public init(sqlState: String, message: String, detail: String? = nil, hint: String? = nil, sql: String? = nil) {
    self.sqlState = sqlState
    self.message = message
    self.detail = detail
    self.hint = hint
    self.sql = sql
  }

  /// True for the SQLSTATE class 08, connection exceptions: the connection is gone.
  public var isConnectionError: Bool { sqlState.hasPrefix("08") }

  /// Whether a connection attempt failed for a reason that trying again will not change: the
  /// server refused the credentials or the role (class 28), the database does not exist
  /// (`3D000`), or the address cannot be read (`22023`). A full server, one restarting, or one
  /// that does not answer may accept a later attempt.
  var isRefusalThatLasts: Bool { sqlState.hasPrefix("28") || sqlState == "3D000" || sqlState == "22023" }

  public var description: String {
    var text = "PostgreSQL error \(sqlState): \(message)"
    if let detail { text += " DETAIL: \(detail)" }
    if let hint { text += " HINT: \(hint)" }
    if let sql { text += " (in: \(StatementExcerpt.of(sql)))" }
    return text
  }

  /// The error a failed result carries, or the connection's own message when there is none.
  static func from(_ result: OpaquePointer?, connection: OpaquePointer?, sql: String?) -> PostgresError {
    func field(_ code: Int32) -> String? {
      guard let result, let value = PQresultErrorField(result, code) else { return nil }
      return String(cString: value)
    }
    if let message = field(Int32(UInt8(ascii: "M"))) {
      var error = PostgresError(
        sqlState: field(Int32(UInt8(ascii: "C"))) ?? "XX000", message: message,
        detail: field(Int32(UInt8(ascii: "D"))), hint: field(Int32(UInt8(ascii: "H"))), sql: sql)
      error.routine = field(Int32(UInt8(ascii: "R")))
      return error
    }
    return connectionError(connection, sql: sql)
  }

  /// A failed connection attempt: libpq's message, with the address's password masked, and the
  /// SQLSTATE of the server's refusal. libpq keeps the code the server sent to itself, so it is
  /// read from the server's message (in English, the language of a cluster created with the
  /// `C` locale); `08001` when no known refusal is in it.
  static func connectionFailure(_ connection: OpaquePointer?, secrets: PostgresAddressSecrets) -> PostgresError {
    let message = connection.flatMap { PQerrorMessage($0) }.map { String(cString: $0) } ?? ""
    // Under `sslmode=prefer` libpq tries with TLS and without, and reports both: the same
    // refusal twice says it once.
    var lines: [Substring] = []
    for line in message.split(separator: "\n") where !lines.contains(line) { lines.append(line) }
    let trimmed = lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
    return PostgresError(
      sqlState: refusalCode(in: trimmed),
      message: secrets.redacting(trimmed.isEmpty ? "could not connect to the server" : trimmed))
  }

  /// The SQLSTATE of the refusal a server's startup message reports.
  private static func refusalCode(in message: String) -> String {
    let refusals: [(phrase: String, code: String)] = [
      ("password authentication failed", "28P01"),
      ("no pg_hba.conf entry", "28000"),
      ("pg_hba.conf rejects connection", "28000"),
      ("too many clients already", "53300"),
      ("remaining connection slots are reserved", "53300"),
      ("the database system is starting up", "57P03"),
      ("the database system is shutting down", "57P03"),
      ("the database system is in recovery mode", "57P03"),
      ("the database system is not yet accepting connections", "57P03"),
    ]
    if let refusal = refusals.first(where: { message.contains($0.phrase) }) { return refusal.code }
    if message.contains("FATAL:  role \""), message.contains("\" does not exist") { return "28000" }
    if message.contains("FATAL:  database \""), message.contains("\" does not exist") { return "3D000" }
    return "08001"
  }

  /// The connection lost while a statement was out: SQLSTATE 08006, saying that the statement
  /// may have taken effect (the server may have committed it before the connection went).
  static func connectionLost(_ connection: OpaquePointer?, sql: String) -> PostgresError {
    var error = connectionError(connection, sql: sql)
    error.message += " (the statement was sent: whether it took effect is unknown)"
    return error
  }

  /// The connection's last message, as a connection exception (SQLSTATE 08006).
  static func connectionError(_ connection: OpaquePointer?, sql: String?) -> PostgresError {
    let message = connection.flatMap { PQerrorMessage($0) }.map { String(cString: $0) } ?? ""
    let trimmed = message.trimmingCharacters(in: .whitespacesAndNewlines)
    return PostgresError(
      sqlState: "08006", message: trimmed.isEmpty ? "the connection to the server was lost" : trimmed,
      sql: sql)
  }
}

extension PostgresError: DatabaseErrorCode {
  /// The SQLSTATE: `"23505"` for a unique violation.
  public var databaseCode: String { sqlState }
}
