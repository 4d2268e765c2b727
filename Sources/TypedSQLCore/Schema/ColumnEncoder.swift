/// Receives one row's column values, in column order, from a row's `encodeColumns(into:)`.
///
/// ``ColumnValues`` collects them; a driver may bind them straight into a prepared statement as
/// they come (see ``Database/executeInsert(_:shape:rows:)``). `@Table` and `@Selection` generate
/// the calls; a hand-written row calls the `append` methods below.
///
/// The appends are inlinable so that a row's `encodeColumns`, generic over its encoder,
/// specializes for each encoder in the module that declares the row.
public protocol ColumnEncoder {
  /// Appends the next column's value.
  mutating func appendBinding(_ binding: consuming QueryBinding)

  /// Appends a column the database fills itself (a generated column, a draft's unknown primary
  /// key): it is left out of the `INSERT`.
  mutating func appendDefault()

  /// Appends a generated column's value, as a row holds it: an `INSERT` leaves the column to the
  /// database, as ``appendDefault()`` does; a comparison of the whole row compares the value.
  mutating func appendGenerated(_ binding: QueryBinding)
}

extension ColumnEncoder {
  /// Appends a bound value.
  @inlinable @inline(__always)
  public mutating func append(_ value: some QueryBindable) {
    appendBinding(value.queryBinding)
  }

  /// Appends a primary key that may not be known yet: `nil` leaves the column to its database
  /// default (the assigned key), never `NULL`.
  @inlinable
  public mutating func append<Key: QueryBindable>(primaryKey: Key?) {
    if let primaryKey {
      append(primaryKey)
    } else {
      appendDefault()
    }
  }

  /// Appends a composite primary key that may not be known yet: `nil` leaves each of its
  /// columns to its database default.
  @inlinable
  public mutating func append<Key: Selection>(primaryKey: Key?) {
    if let primaryKey {
      primaryKey.encodeColumns(into: &self)
    } else {
      for _ in 0..<Key.columnCount { appendDefault() }
    }
  }

  /// Appends a value the database fills in when it is missing (a lazily initialized column):
  /// `nil` leaves the column to its database default, never `NULL`.
  @inlinable
  public mutating func append<Value: QueryBindable>(orDefault value: Value?) {
    append(primaryKey: value)
  }

  /// Appends a group the database fills in when it is missing: `nil` leaves each of its columns
  /// to its database default.
  @inlinable
  public mutating func append<Group: Selection>(orDefault group: Group?) {
    append(primaryKey: group)
  }

  /// Appends the columns of a group.
  @inlinable
  public mutating func append(_ group: some Selection) {
    group.encodeColumns(into: &self)
  }

  /// Appends the columns of an optional group: `NULL` in each when it is `nil`.
  @inlinable
  public mutating func append<Group: Selection>(_ group: Group?) {
    if let group {
      group.encodeColumns(into: &self)
    } else {
      for _ in 0..<Group.columnCount { appendBinding(.null) }
    }
  }

  /// Appends the columns of a table's row, a field of a `@Selection`.
  @inlinable
  public mutating func append(_ row: some Table) {
    row.encodeColumns(into: &self)
  }

  /// Appends the columns of an optional table row: `NULL` in each when it is `nil`.
  @inlinable
  public mutating func append<Row: Table>(_ row: Row?) {
    if let row {
      row.encodeColumns(into: &self)
    } else {
      for _ in 0..<Row.columnCount { appendBinding(.null) }
    }
  }

  /// An encoder that only writes rows leaves a generated column to the database.
  public mutating func appendGenerated(_ binding: QueryBinding) {
    appendDefault()
  }

  /// Appends a generated column's value, as a row holds it.
  @inlinable
  public mutating func appendGenerated(_ value: some QueryBindable) {
    appendGenerated(value.queryBinding)
  }

  /// Appends a generated column's value stored through a representation.
  @inlinable
  public mutating func appendGenerated<Representation: QueryRepresentable>(
    _ value: Representation.QueryOutput, as representation: Representation.Type
  ) {
    appendGenerated(Representation(queryOutput: value).queryBinding)
  }

  /// Appends a generated column of a type no statement binds (a group, or a value only read,
  /// such as a full-text vector): left to the database, and out of a comparison of the row.
  @_disfavoredOverload @inlinable
  public mutating func appendGenerated<Value: QueryDecodable>(_ value: Value) {
    for _ in 0..<Value.columnCount { appendDefault() }
  }

  /// Appends a value stored through a representation, as `@Column(as:)` declares.
  @inlinable
  public mutating func append<Representation: QueryRepresentable>(
    _ value: Representation.QueryOutput, as representation: Representation.Type
  ) {
    append(Representation(queryOutput: value))
  }
}
