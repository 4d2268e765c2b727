import CSQLite
import TypedSQLCore

/// Keeps what a migration runs inside its transaction: while installed on a connection, an
/// authorizer refuses, as each statement is prepared and so before it runs, every statement that
/// would end or open a transaction (`BEGIN`, `COMMIT`, `END`, `ROLLBACK`) and every `RELEASE` or
/// `ROLLBACK TO` of a savepoint that was not opened while it was installed. Savepoints the
/// migration opens and closes itself (a nested ``SQLiteDatabase/transaction(_:)``, say) pass.
///
/// Installing or removing an authorizer expires the connection's prepared statements, so a cached
/// statement is prepared, and judged, again before it runs.
final class SQLiteTransactionGuard {
  /// The savepoints opened while installed, innermost last, by their names in ASCII lower case
  /// (SQLite compares savepoint names ignoring ASCII case).
  private var savepoints: [[UInt8]] = []
  /// The first statement refused, as its kind: `COMMIT`, `RELEASE "name"`.
  private(set) var refusedStatement: String?

  /// Runs `body` with the guard installed on `handle`, and removes it afterwards.
  func whileInstalled<Result>(on handle: OpaquePointer, _ body: () throws -> Result) rethrows -> Result {
    sqlite3_set_authorizer(handle, { context, action, first, second, _, _ in
      guard let context else { return SQLITE_OK }
      let guardian = Unmanaged<SQLiteTransactionGuard>.fromOpaque(context).takeUnretainedValue()
      return guardian.authorize(action, first.map { String(cString: $0) }, second.map { Array(String(cString: $0).utf8) })
    }, Unmanaged.passUnretained(self).toOpaque())
    defer { sqlite3_set_authorizer(handle, nil, nil) }
    return try body()
  }

  /// `SQLITE_DENY` for a statement that would end or open the transaction, `SQLITE_OK` for any
  /// other.
  private func authorize(_ action: Int32, _ operation: String?, _ savepoint: [UInt8]?) -> Int32 {
    switch action {
    case SQLITE_TRANSACTION:
      return refuse(operation ?? "a transaction statement")
    case SQLITE_SAVEPOINT:
      let name = (savepoint ?? []).map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }
      switch operation {
      case "BEGIN":
        savepoints.append(name)
        return SQLITE_OK
      case "RELEASE":
        guard let index = savepoints.lastIndex(of: name) else { return refuse("RELEASE of a savepoint it did not open") }
        savepoints.removeSubrange(index...)
        return SQLITE_OK
      default:  // ROLLBACK TO keeps the savepoint open.
        guard let index = savepoints.lastIndex(of: name) else { return refuse("ROLLBACK TO a savepoint it did not open") }
        savepoints.removeSubrange((index + 1)...)
        return SQLITE_OK
      }
    default:
      return SQLITE_OK
    }
  }

  private func refuse(_ statement: String) -> Int32 {
    if refusedStatement == nil { refusedStatement = statement }
    return SQLITE_DENY
  }
}
