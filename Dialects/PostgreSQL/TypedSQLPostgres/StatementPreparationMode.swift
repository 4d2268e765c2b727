import Foundation
import Logging
import TypedSQLCore

/// Whether the connections of one ``PostgresDatabase`` or one ``PostgresConnectionPool`` keep
/// their statements prepared under a name.
///
/// They do when asked to (``PostgresStatementPreparation/named``) until one of them finds a
/// statement it prepared missing from the server (SQLSTATE 26000). Short of a `DEALLOCATE` or
/// `DISCARD` the user ran, a connection never loses its own statements, so that proves a pooler
/// in transaction mode (PgBouncer before 1.21) between client and server, handing each
/// transaction whichever server connection is free: from then on every connection sharing this
/// mode prepares its statements unnamed, with one warning in the statement log.
final class StatementPreparationMode: @unchecked Sendable {
  private let lock = NSLock()
  private var keepsNamedStatements: Bool
  private let logger: Logger?

  init(_ preparation: PostgresStatementPreparation, log: StatementLog?) {
    keepsNamedStatements = preparation == .named
    logger = log?.logger
  }

  /// Whether statements are prepared under a name and kept.
  var usesNamedStatements: Bool {
    lock.withLock { keepsNamedStatements }
  }

  /// Prepares statements unnamed from now on, since `statement` was found missing from the
  /// server connection it reached.
  func fallBackToUnnamed(missing statement: String, sql: String) {
    let switched = lock.withLock {
      defer { keepsNamedStatements = false }
      return keepsNamedStatements
    }
    guard switched else { return }
    logger?.warning(
      "prepared statement \(statement) was missing from the server connection it reached: a pooler in transaction mode shares server connections among clients; statements are now prepared unnamed (pass preparation: .unnamed to start so)",
      metadata: ["db.query.text": "\(sql)"])
  }
}
