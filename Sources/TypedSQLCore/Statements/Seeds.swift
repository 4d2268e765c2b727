/// Rows of several tables to insert, in order, as StructuredQueries' `Seeds` writes them: each
/// run of rows of one type (a table's rows or its drafts) is one `INSERT`.
///
/// ```swift
/// let seeds = Seeds {
///   RemindersList(id: 1, title: "Personal")
///   RemindersList(id: 2, title: "Family")
///   for title in ["Milk", "Eggs"] {
///     Reminder.Draft(remindersListID: 1, title: title)
///   }
/// }
/// try db.transaction { db in
///   for insert in seeds { try insert.execute(db) }
/// }
/// // INSERT INTO "remindersLists" ("id", "title") VALUES (?1, ?2), (?3, ?4)
/// // INSERT INTO "reminders" ("remindersListID", "title") VALUES (?1, ?2), (?1, ?3)
/// ```
public struct Seeds: Sequence, Sendable {
  /// The rows, in the order they are inserted.
  let rows: [any InsertRow & Sendable]

  /// The rows `build` lists, of any tables.
  public init(@SeedsBuilder _ build: () -> [any InsertRow & Sendable]) {
    rows = build()
  }

  public func makeIterator() -> Iterator {
    Iterator(remaining: rows[...])
  }

  /// The inserts, one per run of rows of one type.
  public struct Iterator: IteratorProtocol {
    var remaining: ArraySlice<any InsertRow & Sendable>

    public mutating func next() -> (any Statement)? {
      guard let first = remaining.first else { return nil }
      return insertRun(startingWith: first)
    }

    /// The `INSERT` of the rows of type `Row` at the front, which it takes off.
    private mutating func insertRun<Row: InsertRow>(startingWith _: Row) -> any Statement {
      let run = remaining.prefix { $0 is Row }
      remaining.removeFirst(run.count)
      let values = run.map { row -> [InsertValue] in
        var values = ColumnValues(reservingCapacity: Row.Into.columnCount)
        row.encodeColumns(into: &values)
        return values.values
      }
      return Row.Into.insert(rows: values)
    }
  }
}

/// Collects the rows of ``Seeds``: rows and drafts of any tables, `for` loops, `if` and `switch`.
@resultBuilder
public enum SeedsBuilder {
  /// One row or draft.
  public static func buildExpression(_ row: some InsertRow & Sendable) -> [any InsertRow & Sendable] { [row] }

  /// Rows or drafts of one table, in order.
  public static func buildExpression(_ rows: [some InsertRow & Sendable]) -> [any InsertRow & Sendable] { rows }

  /// The rows of the block's lines, in order.
  public static func buildBlock(_ components: [any InsertRow & Sendable]...) -> [any InsertRow & Sendable] {
    components.flatMap { $0 }
  }

  /// The rows of every pass of a `for` loop, in order.
  public static func buildArray(_ components: [[any InsertRow & Sendable]]) -> [any InsertRow & Sendable] {
    components.flatMap { $0 }
  }

  /// The rows of an `if` without `else`, or none.
  public static func buildOptional(_ component: [any InsertRow & Sendable]?) -> [any InsertRow & Sendable] {
    component ?? []
  }

  /// The rows of an `if`'s first branch.
  public static func buildEither(first component: [any InsertRow & Sendable]) -> [any InsertRow & Sendable] {
    component
  }

  /// The rows of an `else` or a later `switch` case.
  public static func buildEither(second component: [any InsertRow & Sendable]) -> [any InsertRow & Sendable] {
    component
  }

  /// The rows of an `if #available` branch.
  public static func buildLimitedAvailability(_ component: [any InsertRow & Sendable]) -> [any InsertRow & Sendable] {
    component
  }
}
