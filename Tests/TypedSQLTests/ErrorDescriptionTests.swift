import Testing
import TypedSQL
import TypedSQLMySQL
import TypedSQLPostgres
import TypedSQLSQLite

/// An error's description shows a long statement's first 1,000 characters and how many it left
/// out, so that a failed bulk insert does not print megabytes; the error keeps the SQL whole.
@Suite struct ErrorDescriptionTests {
  let long = "INSERT INTO \"t\" VALUES " + Array(repeating: "(?, ?)", count: 2_000).joined(separator: ", ")

  @Test func longStatementsAreCutInEveryDriversErrors() {
    let left = long.count - 1_000
    let descriptions = [
      SQLiteError(code: 1, message: "too many SQL variables", sql: long).description,
      PostgresError(sqlState: "54000", message: "too many parameters", sql: long).description,
      MySQLError(code: 1390, sqlState: "HY000", message: "too many placeholders", sql: long).description,
    ]
    for description in descriptions {
      #expect(description.hasSuffix("(in: \(long.prefix(1_000))… (\(left) more characters))"), "\(description.prefix(120))")
    }
    #expect(SQLiteError(code: 1, message: "m", sql: long).sql == long)
  }

  @Test func shortStatementsAreShownWhole() {
    let short = String(long.prefix(1_000))
    #expect(SQLiteError(code: 1, message: "m", sql: short).description == "SQLite error 1: m (in: \(short))")
    #expect(MySQLError(code: 1, sqlState: "HY000", message: "m", sql: "SELECT 1").description == "MySQL error 1 (HY000): m (in: SELECT 1)")
  }
}
