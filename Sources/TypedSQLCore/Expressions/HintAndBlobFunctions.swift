// SQLite's planner hints, blob makers and `unicode`, in StructuredQueries' spelling, on any
// expression of the right type (a column, a helper, or a Swift value: `10.randomblob()`), with
// the same value on PostgreSQL (see `SQLFunction`'s catalog).

extension QueryExpression where QueryValue == Bool {
  /// `likelihood(self, probability)`: the condition, with the probability (0 to 1) that it is
  /// true as a hint to SQLite's planner; PostgreSQL takes no hint and reads the condition
  /// alone. A probability outside 0…1 fails when the statement runs.
  ///
  /// ```swift
  /// Reminder.where { $0.isFlagged.likelihood(0.1) }
  /// // SQLite:     WHERE likelihood("reminders"."isFlagged", 0.1)
  /// // PostgreSQL: WHERE "reminders"."isFlagged"
  /// ```
  public func likelihood(_ probability: Double) -> SQLQueryExpression<Bool> {
    guard (0...1).contains(probability) else {
      let error = QueryBindingError("likelihood takes a probability from 0 to 1, not \(probability)")
      return SQLQueryExpression(node: .binding(.invalid(error)))
    }
    // SQLite takes only a literal here, not a bound value.
    return SQLQueryExpression(node: .function(.likelihood, [queryNode, .raw([.text(String(probability))])]))
  }

  /// `likely(self)`: the condition, hinted to SQLite's planner as usually true.
  public func likely() -> SQLQueryExpression<Bool> {
    SQLQueryExpression(node: .function(.likely, [queryNode]))
  }

  /// `unlikely(self)`: the condition, hinted to SQLite's planner as usually false.
  public func unlikely() -> SQLQueryExpression<Bool> {
    SQLQueryExpression(node: .function(.unlikely, [queryNode]))
  }
}

extension QueryExpression where QueryValue: BinaryInteger {
  /// `randomblob(self)`: a blob of this many random bytes (one when fewer than 1).
  ///
  /// ```swift
  /// Asset.insert { $0.salt } values: { 16.randomblob() }
  /// ```
  public func randomblob() -> SQLQueryExpression<[UInt8]> {
    SQLQueryExpression(node: .function(.randomBlob, [queryNode]))
  }

  /// `zeroblob(self)`: a blob of this many zero bytes (none when fewer than 1).
  public func zeroblob() -> SQLQueryExpression<[UInt8]> {
    SQLQueryExpression(node: .function(.zeroBlob, [queryNode]))
  }
}

extension QueryExpression where QueryValue: QueryDecodable, QueryValue.NonNull == String {
  /// `unicode(self)`: the code point of the text's first character; `NULL` for an empty text or
  /// `NULL`.
  public func unicode() -> SQLQueryExpression<Int?> {
    SQLQueryExpression(node: .function(.unicode, [queryNode]))
  }

  /// `unhex(self)`: the bytes the text's hexadecimal digits spell (either case); `NULL` for a
  /// text with anything else in it, an odd number of digits, or `NULL`. `characters`, when given,
  /// may stand between pairs of digits and are skipped (SQLite only: PostgreSQL refuses it by
  /// name). Needs SQLite 3.41.
  ///
  /// ```swift
  /// Values("deadbeef".unhex())   // [0xDE, 0xAD, 0xBE, 0xEF]
  /// ```
  public func unhex(_ characters: (some QueryExpression<String>)? = String?.none) -> SQLQueryExpression<[UInt8]?> {
    SQLQueryExpression(node: .function(.unhex, [queryNode] + (characters.map { [$0.queryNode] } ?? [])))
  }
}
