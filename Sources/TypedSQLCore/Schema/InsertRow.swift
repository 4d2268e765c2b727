/// A value that provides one row of an `INSERT`: a table's row or its `Draft`.
public protocol InsertRow {
  /// The table the row is inserted into.
  associatedtype Into: Table
  /// Appends one value per table column, in the order of `Into.TableColumns.columnNames`.
  func encodeColumns(into values: inout ColumnValues)
}

/// The values of one row of an `INSERT`, one per table column, in column order.
public struct ColumnValues: Sendable {
  /// The values appended so far.
  public private(set) var values: [InsertValue] = []

  /// Creates an empty row, ready for `count` values.
  public init(reservingCapacity count: Int = 0) {
    values.reserveCapacity(count)
  }

  /// Appends a bound value.
  public mutating func append(_ value: some QueryBindable) {
    values.append(.expression(.binding(value.queryBinding)))
  }

  /// Appends a primary key that may not be known yet: `nil` leaves the column to its database
  /// default (the assigned key), never `NULL`.
  public mutating func append<Key: QueryBindable>(primaryKey: Key?) {
    if let primaryKey {
      append(primaryKey)
    } else {
      values.append(.default)
    }
  }

  /// Appends the columns of a group.
  public mutating func append(_ group: some Selection) {
    group.encodeColumns(into: &self)
  }

  /// Appends the columns of an optional group: `NULL` in each when it is `nil`.
  public mutating func append<Group: Selection>(_ group: Group?) {
    if let group {
      group.encodeColumns(into: &self)
    } else {
      for _ in 0..<Group.columnCount { values.append(.expression(.binding(.null))) }
    }
  }

  /// Appends a column the database fills itself (a generated column): it is left out of the
  /// `INSERT`.
  public mutating func appendDefault() {
    values.append(.default)
  }

  /// Appends a value stored through a representation, as `@Column(as:)` declares.
  public mutating func append<Representation: QueryRepresentable>(
    _ value: Representation.QueryOutput, as representation: Representation.Type
  ) {
    append(Representation(queryOutput: value))
  }
}
