/// A description of how one result row decodes into a Swift value.
///
/// Every ``QueryDecodable`` type is a row of itself; a tuple selection such as
/// `select { ($0.title, $0.priority) }` uses ``PackRow`` to decode `(String, Int?)`.
public protocol QueryRow {
  /// The Swift value one row becomes.
  associatedtype Output
  /// How many result columns one row of this type spans.
  static var columnCount: Int { get }
  /// Decodes one row, starting at the decoder's current column.
  static func decodeRow(_ decoder: inout some QueryDecoder) throws -> Output

  /// Decodes every row `cursor` steps through.
  ///
  /// Drivers call this rather than looping over `decodeRow(_:)` themselves: as a requirement
  /// with an inlinable default, it is compiled in the module that declares the row type, where
  /// the row type is known, so the loop and the array of rows are specialized for it.
  static func decodeRows(_ cursor: inout some QueryRowCursor) throws -> [Output]
}

extension QueryRow {
  @inlinable
  public static func decodeRows(_ cursor: inout some QueryRowCursor) throws -> [Output] {
    let expectedRowCount = cursor.expectedRowCount
    guard var first = try cursor.nextRow() else { return [] }
    var rows: [Output]
    if expectedRowCount > 1 {
      // Room for every row before the first: made with the first row, the list would be
      // allocated a second time when it reserves the rest.
      rows = []
      rows.reserveCapacity(expectedRowCount)
      rows.append(try decodeRow(&first))
    } else {
      // Made with its first row, the array is allocated to size: appended to an empty array,
      // the row took the growth path, a call that is not specialized away (about 180
      // instructions of a one-row fetch in the release build).
      rows = [try decodeRow(&first)]
    }
    while var decoder = try cursor.nextRow() {
      rows.append(try decodeRow(&decoder))
    }
    return rows
  }
}

extension QueryRow {
  /// Decodes the first row `cursor` steps to, or nil when there is none.
  @inlinable
  public static func decodeFirstRow(_ cursor: inout some QueryRowCursor) throws -> Output? {
    guard var decoder = try cursor.nextRow() else { return nil }
    return try decodeRow(&decoder)
  }
}

/// Steps through the rows of a result for ``QueryRow/decodeRows(_:)``.
public protocol QueryRowCursor {
  /// The decoder of one row.
  associatedtype RowDecoder: QueryDecoder
  /// How many rows are expected, when the driver knows (PostgreSQL); 0 otherwise.
  var expectedRowCount: Int { get }
  /// A decoder at the first column of the next row, or nil after the last row.
  mutating func nextRow() throws -> RowDecoder?
}

/// A row that a `select` replaces with the columns it chooses: a table's row, a value, or a
/// join's rows. (A row of selected values, ``PackRow`` or ``TupleRow``, is not one: a second
/// `select` adds its values to them.)
public protocol WholeRow: QueryRow {}

/// The row of one selected value, e.g. `String` from `select { $0.title }`: a pack of one. A
/// further `select` adds its values to it, making a ``TupleRow``.
public struct PackRow<each Element: QueryRow>: QueryRow {
  public typealias Output = (repeat (each Element).Output)

  public static var columnCount: Int {
    var count = 0
    for element in repeat (each Element).self { count += element.columnCount }
    return count
  }

  @inlinable
  public static func decodeRow(_ decoder: inout some QueryDecoder) throws -> Output {
    (repeat try (each Element).decodeRow(&decoder))
  }
}

/// A row of two or more selected values side by side, e.g. `(String, Int?)` from
/// `select { ($0.title, $0.priority) }`. A further `select` adds its values to them.
///
/// A type of its own rather than a ``PackRow`` of two or more, so that Swift tells the two apart
/// by name: a chain such as `select { $0.id }.select { ($0.title, $0.priority * 2) }` then
/// type-checks in milliseconds instead of trying every operator for each kind of row.
public struct TupleRow<First: QueryRow, Second: QueryRow, each Rest: QueryRow>: QueryRow {
  public typealias Output = (First.Output, Second.Output, repeat (each Rest).Output)

  public static var columnCount: Int {
    var count = First.columnCount + Second.columnCount
    for element in repeat (each Rest).self { count += element.columnCount }
    return count
  }

  @inlinable
  public static func decodeRow(_ decoder: inout some QueryDecoder) throws -> Output {
    let first = try First.decodeRow(&decoder)
    let second = try Second.decodeRow(&decoder)
    return (first, second, repeat try (each Rest).decodeRow(&decoder))
  }
}

/// The row of a join before anything is selected: every joined table's row side by side, e.g.
/// `(Reminder, RemindersList?)`. A `select` replaces it.
public struct JoinedRow<each Element: QueryRow>: WholeRow {
  public typealias Output = (repeat (each Element).Output)

  public static var columnCount: Int { PackRow<repeat each Element>.columnCount }

  @inlinable
  public static func decodeRow(_ decoder: inout some QueryDecoder) throws -> Output {
    (repeat try (each Element).decodeRow(&decoder))
  }
}
