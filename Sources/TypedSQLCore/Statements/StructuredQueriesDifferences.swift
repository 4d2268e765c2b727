// StructuredQueries' spellings that TypedSQL keeps different on purpose. Each is declared only to
// be refused: the compiler names the TypedSQL spelling and the reason, instead of reporting a
// missing member. None can be called.

extension SQLQueryExpression where Value == String {
  /// StructuredQueries' `$0.title.match("…")` on an FTS5 column.
  @available(
    *, unavailable,
    message: "full-text functions belong to the FTS5 table: write '$0.match(\"…\", in: \\.title)' (and 'highlight' and 'snippet' the same way)"
  )
  public func match(_ pattern: some StringProtocol) -> SQLQueryExpression<Bool> {
    fatalError("unavailable")
  }
}

extension SQLQueryExpression where Value: QueryDecodable, Value.NonNull: QueryJSONValue {
  /// StructuredQueries' `jsonbEach()`.
  @available(
    *, unavailable,
    message: "'jsonEach()' reads a JSONB column too, on both databases: write '$0.tags.jsonEach()'"
  )
  public func jsonbEach() -> Never {
    fatalError("unavailable")
  }
}

extension SQLQueryExpression where Value: QueryBindable & Codable {
  /// StructuredQueries' `jsonbGroupArray(…)`.
  @available(
    *, unavailable,
    message: "write 'jsonGroupArray(distinct:order:filter:)': one JSON array on both databases (JSONB on PostgreSQL)"
  )
  public func jsonbGroupArray(distinct: Bool = false, order: any QueryOrdering..., filter: SQLQueryExpression<Bool>? = nil) -> Never {
    fatalError("unavailable")
  }
}

extension TableDefinition {
  /// StructuredQueries' `jsonbObject()`.
  @available(*, unavailable, message: "write 'jsonObject()': one JSON object on both databases (JSONB on PostgreSQL)")
  public func jsonbObject() -> Never {
    fatalError("unavailable")
  }

  /// StructuredQueries' `jsonbGroupArray(…)` of a table's rows.
  @available(
    *, unavailable,
    message: "write 'jsonGroupArray(distinct:order:filter:)': one JSON array of the rows on both databases (JSONB on PostgreSQL)"
  )
  public func jsonbGroupArray(distinct: Bool = false, order: any QueryOrdering..., filter: SQLQueryExpression<Bool>? = nil) -> Never {
    fatalError("unavailable")
  }
}

extension QueryBinding {
  /// StructuredQueries' `QueryBinding.uint(…)`.
  @available(
    *, unavailable,
    message: "both databases store at most a signed 64-bit integer: bind '.int(Int64(exactly: value))' and handle a value past Int64.max"
  )
  public static func uint(_ value: UInt64) -> QueryBinding {
    fatalError("unavailable")
  }
}

extension SQLQueryExpression where Value: QueryDecodable, Value.NonNull: QueryJSONValue {
  /// StructuredQueries' `jsonPatch(_:)`, which it deprecates.
  @available(
    *, unavailable,
    message: "StructuredQueries deprecates 'jsonPatch': write 'jsonSet' and 'jsonRemove', which mean the same on both databases (PostgreSQL has no JSON merge patch)"
  )
  public func jsonPatch(_ other: Self) -> Self {
    fatalError("unavailable")
  }
}
