/// The SQL a database error's description shows: the statement whole up to
/// `StatementExcerpt.limit` characters, or its start and the count of characters left out. A
/// bulk insert's SQL runs to megabytes, and a log line holding all of it hides the error; the
/// error's own `sql` keeps the statement whole.
package enum StatementExcerpt {
  /// The most characters of a statement a description shows.
  package static let limit = 1_000

  /// `sql`, or its first `limit` characters followed by `… (N more characters)`.
  package static func of(_ sql: String) -> String {
    guard let end = sql.index(sql.startIndex, offsetBy: limit, limitedBy: sql.endIndex), end < sql.endIndex else {
      return sql
    }
    return "\(sql[..<end])… (\(sql.distance(from: end, to: sql.endIndex)) more characters)"
  }
}
