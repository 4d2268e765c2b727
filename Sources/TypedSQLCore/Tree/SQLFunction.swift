/// A scalar function with one meaning on every database.
///
/// Each portable function is declared once, below, by the name the standard renderer writes as
/// `name(arguments)`; a dialect spells differently only the functions it must (see
/// ``Dialect/renderFunction(_:_:into:)``), so adding a function touches no renderer that already
/// spells it the standard way. The typed builder methods (`$0.title.lower()`, `$0.ratio.round(2)`)
/// give each its argument and result types. ``init(named:)`` calls any other function the
/// database has, through the same node.
public struct SQLFunction: Sendable, Hashable, CustomStringConvertible {
  /// The name the standard renderer calls: `lower`.
  public let name: String

  /// The function the database knows as `name`; rendered `name(arguments)` by every dialect.
  public init(named name: String) {
    self.name = name
  }

  public var description: String { name }
}

// MARK: Text

extension SQLFunction {
  /// The number of characters (Unicode scalars) of a text.
  public static let length = SQLFunction(named: "length")
  /// ASCII letters in lower case, every other character as it is (SQLite's meaning; PostgreSQL
  /// computes it under the `C` collation).
  public static let lower = SQLFunction(named: "lower")
  /// ASCII letters in upper case, every other character as it is.
  public static let upper = SQLFunction(named: "upper")
  /// The text without leading and trailing spaces, or without the characters of the second
  /// argument.
  public static let trim = SQLFunction(named: "trim")
  /// The text without leading spaces, or leading characters of the second argument.
  public static let leadingTrim = SQLFunction(named: "ltrim")
  /// The text without trailing spaces, or trailing characters of the second argument.
  public static let trailingTrim = SQLFunction(named: "rtrim")
  /// The text with every occurrence of the second argument replaced by the third.
  public static let replace = SQLFunction(named: "replace")
  /// The characters from a 1-based position on, at most as many as the third argument says.
  public static let substring = SQLFunction(named: "substr")
  /// The 1-based position of the first occurrence of the second argument, 0 when it does not
  /// occur: SQLite `instr`, PostgreSQL `strpos`.
  public static let position = SQLFunction(named: "instr")
  /// The number of bytes of a text in UTF-8: PostgreSQL `octet_length`, SQLite the `length` of
  /// the text as a blob (its `octet_length` needs 3.43).
  public static let octetLength = SQLFunction(named: "octet_length")
  /// A blob's bytes as upper-case hexadecimal digits: SQLite `hex`, PostgreSQL
  /// `upper(encode(x, 'hex'))`.
  public static let hex = SQLFunction(named: "hex")
  /// A text as an SQL string literal, its quotes doubled (`'it''s'`), and `NULL` as the text
  /// `NULL`: SQLite's `quote` of a text; PostgreSQL builds it with `replace` (its
  /// `quote_nullable` writes backslashes in another form).
  public static let quote = SQLFunction(named: "quote")
}

// MARK: Numbers and NULL

extension SQLFunction {
  /// The absolute value.
  public static let absoluteValue = SQLFunction(named: "abs")
  /// -1, 0 or 1 as an integer, by the sign of a number.
  public static let sign = SQLFunction(named: "sign")
  /// The smallest integral value not less than a number, as a `REAL`.
  public static let ceiling = SQLFunction(named: "ceil")
  /// The largest integral value not greater than a number, as a `REAL`.
  public static let floor = SQLFunction(named: "floor")
  /// A `REAL` rounded to a number of decimal places (the second argument, 0 when absent), halves
  /// away from zero: SQLite's `round`, which PostgreSQL computes in `numeric`.
  public static let round = SQLFunction(named: "round")
  /// `NULL` when both arguments are equal, else the first.
  public static let nullIf = SQLFunction(named: "nullif")
  /// The smallest of two or more values, `NULL` when any is `NULL`: SQLite's scalar `min`;
  /// PostgreSQL's `least`, which skips `NULL`s, guarded.
  public static let smallest = SQLFunction(named: "min")
  /// The largest of two or more values, `NULL` when any is `NULL`: SQLite's scalar `max`;
  /// PostgreSQL's `greatest`, which skips `NULL`s, guarded.
  public static let largest = SQLFunction(named: "max")
}

// MARK: Planner hints and blobs

extension SQLFunction {
  /// A condition with the probability (second argument, a literal from 0 to 1) that it is
  /// true, for SQLite's planner: SQLite `likelihood(x, p)`; PostgreSQL, which takes no such
  /// hint, the condition itself. The value is the condition's.
  public static let likelihood = SQLFunction(named: "likelihood")
  /// A condition that is usually true: SQLite `likely(x)`, PostgreSQL `x`.
  public static let likely = SQLFunction(named: "likely")
  /// A condition that is usually false: SQLite `unlikely(x)`, PostgreSQL `x`.
  public static let unlikely = SQLFunction(named: "unlikely")
  /// A blob of that many random bytes, one byte when the count is less than 1 or `NULL`:
  /// SQLite `randomblob(n)`; PostgreSQL builds it from `random()` in a subquery over
  /// `generate_series` (its `gen_random_bytes` needs the pgcrypto extension).
  public static let randomBlob = SQLFunction(named: "randomblob")
  /// A blob of that many zero bytes, empty when the count is less than 1 or `NULL`: SQLite
  /// `zeroblob(n)`, PostgreSQL `decode(repeat('00', n), 'hex')`.
  public static let zeroBlob = SQLFunction(named: "zeroblob")
  /// The code point of a text's first character, `NULL` for an empty text: SQLite
  /// `unicode(x)`, PostgreSQL `ascii(nullif(x, ''))` (its `ascii` is the code point in a UTF-8
  /// database, and 0 for an empty text).
  public static let unicode = SQLFunction(named: "unicode")
  /// The bytes hexadecimal digits spell, `NULL` when the text holds anything but pairs of digits
  /// (either case): SQLite `unhex(x)` (3.41 and later), PostgreSQL `decode(x, 'hex')` where the
  /// text matches `^([0-9A-Fa-f]{2})*$`. SQLite's second argument, characters to skip between
  /// pairs, has no PostgreSQL spelling, which refuses it by name.
  public static let unhex = SQLFunction(named: "unhex")
}

// MARK: Dates and JSON

extension SQLFunction {
  /// Seconds since 1970-01-01 UTC of a date (text or timestamp): SQLite `unixepoch(x)`,
  /// PostgreSQL `extract(epoch FROM CAST(x AS timestamptz))`.
  public static let unixEpoch = SQLFunction(named: "unixepoch")
  /// A JSON value in a form that compares by meaning, not spelling: SQLite `json(x)`,
  /// PostgreSQL `CAST(x AS jsonb)`.
  public static let json = SQLFunction(named: "json")
  /// JSON text converted to the database's binary JSON: SQLite `jsonb(x)` (3.45 and later),
  /// PostgreSQL `CAST(x AS jsonb)`.
  public static let jsonBinary = SQLFunction(named: "jsonb")
  /// The value at a path (second argument, a ``SQLExpression/jsonPath(_:)``) as text: SQLite
  /// `CAST(json_extract(x, p) AS TEXT)`, PostgreSQL `x #>> p`.
  public static let jsonExtractText = SQLFunction(named: "json_extract_text")
  /// The scalar at a path as an SQL value: SQLite `json_extract(x, p)` (a string as text, a
  /// number as a number, a Boolean as 0 or 1), PostgreSQL `x #>> p` (its text, which the caller
  /// casts to the scalar's type).
  public static let jsonExtractScalar = SQLFunction(named: "json_extract_scalar")
  /// The value at a path as JSON: SQLite `x -> p`, PostgreSQL `x #> p`.
  public static let jsonExtract = SQLFunction(named: "json_extract")
  /// The length of a JSON array: SQLite `json_array_length(x)`, PostgreSQL
  /// `jsonb_array_length(x)`.
  public static let jsonArrayLength = SQLFunction(named: "json_array_length")
  /// The index from 0 of an element a JSON array source reads, given its `key` column: SQLite's
  /// `json_each` counts from 0, PostgreSQL's `WITH ORDINALITY` from 1.
  public static let jsonArrayElementIndex = SQLFunction(named: "json_array_element_index")
  /// A scalar a JSON source reads, as an SQL value, given its `value` column: SQLite's
  /// `json_each` gives it so; PostgreSQL's `value #>> '{}'` gives its text, cast to its type.
  public static let jsonScalar = SQLFunction(named: "json_scalar")
  /// A value a JSON source reads, as JSON, given its `value` column: SQLite
  /// `json_quote(value)` (its `json_each` gives a scalar as an SQL value), PostgreSQL the `jsonb`
  /// value as it is.
  public static let jsonDocument = SQLFunction(named: "json_document")
}

// MARK: Window functions

extension SQLFunction {
  /// The row's number in its partition, from 1, in the window's order.
  public static let rowNumber = SQLFunction(named: "row_number")
  /// The row's rank in its partition: peers share one, with gaps after them.
  public static let rank = SQLFunction(named: "rank")
  /// The row's rank in its partition without gaps.
  public static let denseRank = SQLFunction(named: "dense_rank")
  /// The bucket, from 1 to the argument, the row falls in when the partition is split evenly.
  public static let ntile = SQLFunction(named: "ntile")
  /// The value of a row that many rows before the current one (second argument, 1 when absent).
  public static let lag = SQLFunction(named: "lag")
  /// The value of a row that many rows after the current one.
  public static let lead = SQLFunction(named: "lead")
  /// The value at the first row of the frame.
  public static let firstValue = SQLFunction(named: "first_value")
  /// The value at the last row of the frame.
  public static let lastValue = SQLFunction(named: "last_value")
}
