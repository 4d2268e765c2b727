// Functions of text, with SQLite's meaning on every database (see `SQLFunction`'s catalog). A
// `NULL` text gives `NULL`.

extension SQLQueryExpression where Value: QueryDecodable, Value.NonNull == String {
  /// `lower(self)`: ASCII letters in lower case, every other character unchanged.
  public func lower() -> Self { call(.lower) }

  /// `upper(self)`: ASCII letters in upper case, every other character unchanged.
  public func upper() -> Self { call(.upper) }

  /// `trim(self)`: without leading and trailing spaces, or without any of `characters`.
  public func trim(_ characters: String? = nil) -> Self { call(.trim, characters) }

  /// `ltrim(self)`: without leading spaces, or leading `characters`.
  public func ltrim(_ characters: String? = nil) -> Self { call(.leadingTrim, characters) }

  /// `rtrim(self)`: without trailing spaces, or trailing `characters`.
  public func rtrim(_ characters: String? = nil) -> Self { call(.trailingTrim, characters) }

  /// `replace(self, target, replacement)`: every occurrence of `target` replaced (none when
  /// `target` is empty).
  public func replace(_ target: String, _ replacement: String) -> Self {
    Self(node: .function(.replace, [node, .binding(.text(target)), .binding(.text(replacement))]))
  }

  /// `substr(self, start, length)`: the characters from the 1-based position `start` on, at most
  /// `length` of them. A `start` of 0 or less counts positions before the first character, as
  /// both databases do for 0; it is clamped to 0, since SQLite counts a negative one from the
  /// end and PostgreSQL does not. A negative `length` is 0.
  public func substr(_ start: Int, _ length: Int? = nil) -> Self {
    var arguments: [SQLExpression] = [node, .binding(.int(Int64(Swift.max(start, 0))))]
    if let length { arguments.append(.binding(.int(Int64(Swift.max(length, 0))))) }
    return Self(node: .function(.substring, arguments))
  }

  /// Whether the text starts with `prefix`, every character compared as it is (Swift's
  /// meaning): `likeMatchingCase(_:)` with `prefix`'s `%`, `_` and `\` escaped.
  public func hasPrefix(_ prefix: String) -> SQLQueryExpression<Bool> {
    matchingCase(Self.escapedForLike(prefix) + "%")
  }

  /// Whether the text ends with `suffix`, every character compared as it is.
  public func hasSuffix(_ suffix: String) -> SQLQueryExpression<Bool> {
    matchingCase("%" + Self.escapedForLike(suffix))
  }

  /// Whether the text contains `other`, every character compared as it is.
  public func contains(_ other: String) -> SQLQueryExpression<Bool> {
    matchingCase("%" + Self.escapedForLike(other) + "%")
  }

  /// `self` with `function` applied, and `argument` when there is one.
  private func call(_ function: SQLFunction, _ argument: String? = nil) -> Self {
    Self(node: .function(function, [node] + (argument.map { [.binding(.text($0))] } ?? [])))
  }

  private func matchingCase(_ pattern: String) -> SQLQueryExpression<Bool> {
    SQLQueryExpression<Bool>(node: .binary(node, .likeMatchingCase, .binding(.text(pattern))))
  }

  /// `text` as a `LIKE` pattern that matches only itself.
  static func escapedForLike(_ text: String) -> String {
    text.escapingScalars(["\\", "%", "_"], with: "\\")
  }
}

extension SQLQueryExpression where Value == String {
  /// The number of bytes of the text in UTF-8.
  public func octetLength() -> SQLQueryExpression<Int> { SQLQueryExpression<Int>(node: .function(.octetLength, [node])) }

  /// `length(self)`: the number of characters (Unicode scalars).
  public func length() -> SQLQueryExpression<Int> { SQLQueryExpression<Int>(node: .function(.length, [node])) }

  /// StructuredQueries' deprecated name for `length()`.
  @available(*, deprecated, renamed: "length()")
  public var count: SQLQueryExpression<Int> { length() }

  /// The 1-based position of the first occurrence of `other`, 0 when it does not occur: SQLite
  /// `instr`, PostgreSQL `strpos`.
  public func instr(_ other: String) -> SQLQueryExpression<Int> {
    SQLQueryExpression<Int>(node: .function(.position, [node, .binding(.text(other))]))
  }
}

extension SQLQueryExpression where Value == String? {
  /// `length(self)`: the number of characters, `NULL` for `NULL`.
  public func length() -> SQLQueryExpression<Int?> { SQLQueryExpression<Int?>(node: .function(.length, [node])) }

  /// StructuredQueries' deprecated name for `length()`.
  @available(*, deprecated, renamed: "length()")
  public var count: SQLQueryExpression<Int?> { length() }

  /// The 1-based position of the first occurrence of `other`, 0 when it does not occur, `NULL`
  /// for `NULL`.
  public func instr(_ other: String) -> SQLQueryExpression<Int?> {
    SQLQueryExpression<Int?>(node: .function(.position, [node, .binding(.text(other))]))
  }
}

extension SQLQueryExpression where Value: QueryDecodable, Value.NonNull == String {
  /// `quote(self)`: the text as an SQL string literal (`'it''s'`), `NULL` as the text `NULL`.
  public func quote() -> SQLQueryExpression<String> { SQLQueryExpression<String>(node: .function(.quote, [node])) }
}

extension SQLQueryExpression where Value == [UInt8] {
  /// The bytes as upper-case hexadecimal digits: `hex(self)`.
  public func hex() -> SQLQueryExpression<String> { SQLQueryExpression<String>(node: .function(.hex, [node])) }
}
