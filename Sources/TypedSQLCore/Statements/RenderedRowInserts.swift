import Foundation

/// The SQL of the one-row inserts a database ran, kept by table and by the shape of the row's
/// values, so that `Table.insert { row }.execute(db)` renders once per shape instead of once
/// per row.
///
/// A row's shape is, for each column, whether it is left to its default, the kind of its value
/// (`NULL`, integer, text, …), and which earlier column, if any, holds an equal value. Where the
/// dialect says its text depends on nothing else (``Dialect/rendersValuesByKind``), two rows of
/// one shape render to the same SQL, and their bound values come from the same columns in the
/// same order. The first row of a shape is rendered by the dialect, as any statement is; the
/// rows after it take its text and bind their own values. The text is therefore exactly what
/// rendering the row would give: equal values still share a placeholder, and PostgreSQL still
/// writes a `NULL` as a literal.
///
/// Each database keeps its own (its dialect is fixed for its life), at most
/// ``maximumShapesPerTable`` shapes per table, and only for rows of at most
/// ``maximumColumnCount`` columns.
public final class RenderedRowInserts: @unchecked Sendable {
  /// One shape's SQL: the rendered statement without its values, and where each value comes
  /// from.
  struct Shape {
    /// Per column, what `writeColumnCodes(of:into:)` makes of it.
    let columnCodes: [UInt16]
    /// The SQL, with the placeholders of the first row's rendering.
    let sql: String
    /// The MySQL-style placeholder order of the first row's rendering (see
    /// ``RenderedSQL/positionalPlaceholders``).
    let positionalPlaceholders: [Int]
    /// For each bound value in placeholder order, the column holding it.
    let boundColumns: [Int]
    /// Whether the bound values are the row's columns, all of them, in order: then the row's
    /// own list of values is the statement's, shared rather than copied.
    let bindsEveryColumnInOrder: Bool
  }

  /// The most columns a row may have to be kept: more than any ordinary table, few enough that
  /// comparing a row with a shape stays cheap.
  public static let maximumColumnCount = 64
  /// The most shapes kept per table; a new shape past it replaces the oldest.
  public let maximumShapesPerTable: Int

  /// The shapes met so far, by table type, the newest first; guarded by `lock`.
  var shapesByTable: [ObjectIdentifier: [Shape]] = [:]
  /// The table met last and its shapes: a loop inserting into one table skips the dictionary.
  var lastTable: (table: ObjectIdentifier, shapes: [Shape])?
  let lock = RecursiveMutex()

  /// An empty memo, keeping at most `maximumShapesPerTable` shapes per table.
  public init(maximumShapesPerTable: Int = 16) {
    self.maximumShapesPerTable = maximumShapesPerTable
  }

  /// The rendered insert of `row` into `Into`: from a kept shape when the row has one, otherwise
  /// rendered by `dialect` and kept. Returns `nil` for a row this memo does not keep (values
  /// that SQL computes, an array value, more than ``maximumColumnCount`` columns) or a dialect
  /// that does not render values by kind; the caller renders the statement as usual.
  @usableFromInline
  func rendered<Into: Table>(_ row: ColumnValues, into table: Into.Type, dialect: some Dialect) throws -> RenderedSQL? {
    guard dialect.rendersValuesByKind, Self.isKept(row) else { return nil }
    let key = ObjectIdentifier(table)
    let found: Shape? = lock.withLock {
      if let lastTable, lastTable.table == key {
        return Self.shape(of: row, among: lastTable.shapes)
      }
      guard let shapes = shapesByTable[key] else { return nil }
      lastTable = (key, shapes)
      return Self.shape(of: row, among: shapes)
    }
    if let found { return Self.rendered(row, as: found) }
    let rendered = try dialect.render(.insert(Into.insert(rows: [row.values]).insert))
    if let shape = Self.shape(of: row, renderedAs: rendered) {
      lock.withLock { remember(shape, for: key) }
    }
    return rendered
  }

  /// Whether a row can have a kept shape: few enough columns, and every value bound or left to
  /// its default, none an array (which a dialect may spell by its length) or an invalid value
  /// (which rendering throws).
  static func isKept(_ row: ColumnValues) -> Bool {
    guard row.count <= maximumColumnCount, row.expressionColumns.isEmpty else { return false }
    for column in 0..<row.count {
      switch row.storage[column] {
      case .array, .invalid: return false
      default: continue
      }
    }
    return true
  }

  /// The first of `shapes` that `row` has: the same defaults, kinds of values and equal values.
  static func shape(of row: ColumnValues, among shapes: [Shape]) -> Shape? {
    guard !shapes.isEmpty else { return nil }
    return withUnsafeTemporaryAllocation(of: UInt16.self, capacity: row.count) { codes in
      writeColumnCodes(of: row, into: codes)
      let byteCount = row.count * MemoryLayout<UInt16>.stride
      return shapes.first { shape in
        shape.columnCodes.count == row.count
          && (byteCount == 0
            || shape.columnCodes.withUnsafeBytes { memcmp($0.baseAddress!, codes.baseAddress!, byteCount) == 0 })
      }
    }
  }

  /// Writes each column's part of the row's shape into `codes`: 0 for a column left to its
  /// default; otherwise the kind of its value in the high byte and, in the low byte, 1 + the
  /// first earlier column holding an equal value, or 0 for none. Only values of one kind can be
  /// equal, so only they are compared.
  static func writeColumnCodes(of row: ColumnValues, into codes: UnsafeMutableBufferPointer<UInt16>) {
    row.storage.withUnsafeBufferPointer { values in
      var defaults = row.defaultColumns.makeIterator()
      var nextDefault = defaults.next()
      for column in 0..<row.count {
        if nextDefault == column {
          nextDefault = defaults.next()
          codes[column] = 0
          continue
        }
        let kind = UInt16(kind(of: values[column])) << 8
        var code = kind
        for earlier in 0..<column where codes[earlier] & 0xFF00 == kind && values[earlier] == values[column] {
          code |= UInt16(earlier + 1)
          break
        }
        codes[column] = code
      }
    }
  }

  /// A number per kind of value, from 1.
  static func kind(of value: QueryBinding) -> UInt8 {
    switch value {
    case .null: 1
    case .int: 2
    case .double: 3
    case .text: 4
    case .blob: 5
    case .bool: 6
    case .date: 7
    case .uuid: 8
    case .json: 9
    case .jsonb: 10
    case .array: 11
    case .invalid: 12
    }
  }

  /// The insert of `row` in `shape`'s SQL, with the row's values.
  static func rendered(_ row: ColumnValues, as shape: Shape) -> RenderedSQL {
    let bindings =
      shape.bindsEveryColumnInOrder && row.storage.count == row.count
      ? row.storage : shape.boundColumns.map { row.storage[$0] }
    return RenderedSQL(sql: shape.sql, bindings: bindings, positionalPlaceholders: shape.positionalPlaceholders)
  }

  /// The shape of `row`, whose insert rendered as `rendered`; nil when a bound value is none of
  /// the row's (a dialect that rewrote one), and then the row is rendered every time.
  static func shape(of row: ColumnValues, renderedAs rendered: RenderedSQL) -> Shape? {
    let defaults = Set(row.defaultColumns)
    let codes = [UInt16](unsafeUninitializedCapacity: row.count) { codes, count in
      writeColumnCodes(of: row, into: codes)
      count = row.count
    }
    var boundColumns: [Int] = []
    for value in rendered.bindings {
      guard let column = (0..<row.count).first(where: { !defaults.contains($0) && row.storage[$0] == value }) else {
        return nil
      }
      boundColumns.append(column)
    }
    return Shape(
      columnCodes: codes, sql: rendered.sql, positionalPlaceholders: rendered.positionalPlaceholders,
      boundColumns: boundColumns, bindsEveryColumnInOrder: boundColumns == Array(0..<row.count))
  }

  /// Keeps `shape` for `table`, first, dropping the oldest past the limit. Called
  /// holding the lock.
  func remember(_ shape: Shape, for table: ObjectIdentifier) {
    var shapes = shapesByTable[table] ?? []
    guard !shapes.contains(where: { $0.columnCodes == shape.columnCodes }) else { return }
    shapes.insert(shape, at: 0)
    if shapes.count > maximumShapesPerTable { shapes.removeLast() }
    shapesByTable[table] = shapes
    lastTable = (table, shapes)
  }
}
