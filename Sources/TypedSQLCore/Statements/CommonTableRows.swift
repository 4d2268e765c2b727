import TypedSQLInflection

// A common table expression whose rows a `@Selection` declares, for a table that exists only in
// one statement (a `@Table` type serves too):
//
//   @Selection struct ListCount { let listID: Int; let count: Int }
//   ListCount.all.where { $0.count > 1 }
//     .with(ListCount.self, as: Reminder.group { $0.remindersListID }
//       .select { ListCount.Columns(listID: $0.remindersListID, count: $0.id.count()) })
//   // WITH "listCounts" ("listID", "count") AS (SELECT …)
//   // SELECT "listCounts"."listID", "listCounts"."count" FROM "listCounts" WHERE …

extension Selection {
  /// The type's name, inflected as `@Table` names tables (`ListCount` → `listCounts`): the
  /// common table's name unless `@Selection("name")` gives one.
  public static var commonTableName: String {
    TableNameInflection.tableName(forTypeName: String(describing: Self.self))
  }

  /// Every row of the common table this selection declares, for a statement that defines it
  /// with `with(_:as:)`.
  public static var all: Select<Columns, Self> {
    let name = commonTableName
    return Select(
      scope: Columns(qualifier: name),
      select: SelectStatement(columns: Columns.selection(qualifiedBy: name), from: TableReference(name: name)))
  }
}

extension SelectionColumns {
  /// Every column of the group qualified by `qualifier`, in declaration order.
  static func selection(qualifiedBy qualifier: String) -> [SQLExpression] {
    var columns: [SQLExpression] = []
    Self(qualifier: qualifier).appendSelection(to: &columns)
    return columns
  }
}

extension CommonTableExpressionReader {
  /// Reads the common table whose rows `rows` declares, filled by `definition`:
  /// `WITH "rows" ("columns") AS (definition) <this statement>`.
  public func with<Rows: Selection, DefinitionScope, DefinitionRow>(
    _ rows: Rows.Type, as definition: Select<DefinitionScope, DefinitionRow>
  ) -> Self {
    adding(CommonTableExpression(rows, definition.select), recursive: false)
  }

  /// Like `with(_:as:)`, for a table whose definition reads the table itself: `WITH RECURSIVE`.
  public func with<Rows: Selection, DefinitionScope, DefinitionRow>(
    recursive rows: Rows.Type, as definition: Select<DefinitionScope, DefinitionRow>
  ) -> Self {
    adding(CommonTableExpression(rows, definition.select), recursive: true)
  }
}

extension CommonTableExpression {
  /// The common table whose rows a `@Selection` type declares, filled by `definition`.
  init<Rows: Selection>(_ rows: Rows.Type, _ definition: SelectStatement) {
    self.init(name: Rows.commonTableName, columns: Rows.Columns.columnNames, select: definition)
  }
}
