/// The `Columns(…)` of a `@Table`: one row of the table made of any expressions or Swift values,
/// one per column, in column order. Selected, it fills the table's rows (a common table, a
/// view); inserted, it is the row's values.
///
/// ```swift
/// Item.insert { Item.Columns(title: #sql("'Foo'"), quantity: #sql("42")) }
/// // INSERT INTO "items" ("title", "quantity", "notes") VALUES ('Foo', 42, ?1)
/// ```
public protocol TableRowColumns: QueryProjection where Row: Table {
  /// The table's generated columns, which an insert leaves to the database: `@Table` lists them.
  static var generatedColumnNames: [String] { get }
}

extension TableRowColumns {
  public static var generatedColumnNames: [String] { [] }

  /// The row as an insert writes it, one value per table column: a generated column's left to
  /// the database.
  var insertedColumns: ColumnValues {
    var expressions: [SQLExpression] = []
    appendSelection(to: &expressions)
    let generated = Self.generatedColumnNames
    var values = ColumnValues(reservingCapacity: expressions.count)
    for (name, expression) in zip(Row.TableColumns.columnNames, expressions) {
      if generated.contains(name) {
        values.appendDefault()
      } else {
        values.appendExpression(expression)
      }
    }
    return values
  }
}
