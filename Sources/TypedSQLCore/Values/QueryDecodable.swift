/// A Swift value that can be read from result columns.
///
/// Primitive values span one column. Tables and column groups span several, read left to right;
/// the `@Table` macro writes their initializer.
public protocol QueryDecodable: WholeRow where Output == Self {
  /// The same value with `NULL` ruled out: `Int` for both `Int` and `Int?`.
  associatedtype NonNull = Self
  /// The same value with `NULL` allowed: `Int?` for both `Int` and `Int?`.
  associatedtype Nullable = Self?
  /// The handle of a table column of this type: a ``SQLQueryExpression`` for a value stored in one
  /// column, a group's `Columns` for a ``Selection`` stored in several.
  associatedtype QueryColumns: QueryProjection = SQLQueryExpression<Self>
  /// The handle of a column of type `Self?`: a ``SQLQueryExpression`` of the optional value, or a
  /// group's columns each read as optional.
  associatedtype NullableQueryColumns: QueryProjection = SQLQueryExpression<Self?>

  /// Reads the value from the decoder's current column onwards.
  init(decoder: inout some QueryDecoder) throws

  /// Wraps a column or value of this type wherever it is compared or ordered, so the database
  /// compares what the value means rather than how it is stored: a date kept as text can be
  /// compared as `unixepoch(…)`. The default leaves the expression alone; selected and inserted
  /// values are never wrapped.
  static func wrapSQL(_ expression: SQLExpression) -> SQLExpression

  /// The portable SQL type this value is stored as, when it is one whose arithmetic, casts or
  /// aggregates differ between databases (integers, reals, Booleans, text, instants); `nil` for
  /// any other. The builder renders those operations so that they mean the same on every
  /// database. Optionals, raw-value enums and tagged values answer with their underlying type's.
  static var storageType: SQLType? { get }

  /// How each column this type spans is written into a JSON object so that it decodes back as
  /// the column does (see ``JSONValueForm``): one form per column, ``JSONValueForm/plain`` unless
  /// the type says otherwise.
  static var jsonValueForms: [JSONValueForm] { get }

  /// The kind of SQL value this type stores, for schema verification: by default its
  /// `storageType`'s; `nil` when it does not say.
  static var storedType: StoredType? { get }

  /// What this type stores in each column it spans, in order: one for a value, the group's for
  /// a ``Selection``.
  static var storedColumns: [StoredColumn] { get }

  /// The handle of a column of this type named `name` in the table (or alias) `qualifier`;
  /// `@Table` builds its column handles with it.
  static func queryColumns(named name: String, qualifier: String) -> QueryColumns

  /// The database columns a property of this type named `name` occupies: `[name]` for a value,
  /// the group's own column names for a ``Selection``.
  static func columnNames(named name: String) -> [String]

  /// The handle of a column of type `Self?` named `name`; `Optional` answers its
  /// ``queryColumns(named:qualifier:)`` with it.
  static func nullableQueryColumns(named name: String, qualifier: String) -> NullableQueryColumns
}

extension QueryDecodable where NullableQueryColumns == SQLQueryExpression<Self?> {
  /// The column `name` of the table (or alias) `qualifier`, as an expression of the optional
  /// value.
  public static func nullableQueryColumns(named name: String, qualifier: String) -> SQLQueryExpression<Self?> {
    SQLQueryExpression(column: name, qualifier: qualifier)
  }
}

extension QueryDecodable where QueryColumns == SQLQueryExpression<Self> {
  /// The column `name` of the table (or alias) `qualifier`, as an expression of this type.
  public static func queryColumns(named name: String, qualifier: String) -> SQLQueryExpression<Self> {
    SQLQueryExpression(column: name, qualifier: qualifier)
  }
}

extension QueryDecodable {
  public static var columnCount: Int { 1 }

  public static var storageType: SQLType? { nil }

  public static var storedType: StoredType? { storageType.map(StoredType.init) }

  public static var storedColumns: [StoredColumn] {
    [StoredColumn(type: storedType, isOptional: false, swiftType: String(describing: Self.self))]
  }

  @inlinable
  public static func wrapSQL(_ expression: SQLExpression) -> SQLExpression { expression }

  public static func columnNames(named name: String) -> [String] { [name] }

  /// Decodes one value from the decoder's current column onwards, with `init(decoder:)`.
  @inlinable
  public static func decodeRow(_ decoder: inout some QueryDecoder) throws -> Self {
    try Self(decoder: &decoder)
  }
}

extension Optional: QueryRow, WholeRow where Wrapped: QueryDecodable {}

extension Optional: QueryDecodable where Wrapped: QueryDecodable {
  public typealias NonNull = Wrapped.NonNull
  public typealias Nullable = Self
  public typealias QueryColumns = Wrapped.NullableQueryColumns
  public typealias NullableQueryColumns = Wrapped.NullableQueryColumns

  public static func queryColumns(named name: String, qualifier: String) -> Wrapped.NullableQueryColumns {
    Wrapped.nullableQueryColumns(named: name, qualifier: qualifier)
  }

  public static func nullableQueryColumns(named name: String, qualifier: String) -> Wrapped.NullableQueryColumns {
    Wrapped.nullableQueryColumns(named: name, qualifier: qualifier)
  }

  public static func columnNames(named name: String) -> [String] {
    Wrapped.columnNames(named: name)
  }

  public static var columnCount: Int { Wrapped.columnCount }

  public static var storageType: SQLType? { Wrapped.storageType }

  public static var jsonValueForms: [JSONValueForm] { Wrapped.jsonValueForms }

  public static var storedType: StoredType? { Wrapped.storedType }

  /// The wrapped type's columns, each allowing `NULL`.
  public static var storedColumns: [StoredColumn] {
    Wrapped.storedColumns.map { column in
      var column = column
      column.isOptional = true
      column.swiftType += "?"
      return column
    }
  }

  @inlinable
  public static func wrapSQL(_ expression: SQLExpression) -> SQLExpression {
    Wrapped.wrapSQL(expression)
  }

  /// Decodes `nil` when every column the wrapped value spans holds `NULL` (a row missing from an
  /// outer join, or a `NULL` scalar); otherwise decodes the wrapped value.
  @inlinable @inline(__always)
  public init(decoder: inout some QueryDecoder) throws {
    let count = Wrapped.columnCount
    if count == 1 {
      self = decoder.decodeNil() ? nil : try Wrapped(decoder: &decoder)
      return
    }
    var offset = 0
    while offset < count, decoder.isNull(atOffset: offset) { offset += 1 }
    if offset == count {
      decoder.skipColumns(count)
      self = nil
    } else {
      self = try Wrapped(decoder: &decoder)
    }
  }
}
