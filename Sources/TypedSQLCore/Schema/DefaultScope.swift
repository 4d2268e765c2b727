// A table's default scope: the query its entry points start from. A table declares one by
// declaring `all` in its body, starting from `unscoped`:
//
//   @Table struct Reminder {
//     let id: Int
//     var isDeleted = false
//     static let all = unscoped.where { !$0.isDeleted }
//   }
//
// Every query that starts from the table (`where`, `order`, `select`, joins, `count`, `find`,
// `update`, `delete`) then reads or writes only the rows the scope selects; `unscoped` is the bare
// table. The scope cannot start from `Self.where`: that starts from the scope being declared, and
// `@Table` says so, with a fix-it.

extension Table {
  /// No default scope: every row of the table.
  public static var all: Select<TableColumns, Self> { unscoped }

  /// Every row of the table, without its default scope: `SELECT` each column `FROM` the table.
  @inlinable
  public static var unscoped: Select<TableColumns, Self> {
    Select(
      scope: columns,
      select: SelectStatement(columns: TableColumns.allColumnsSelection, from: tableReference))
  }
}
