// A table's default scope: the rows its queries see. A table declares one by declaring `all` in
// its body, from its own entry points or from `unscoped`:
//
//   @Table struct Reminder {
//     let id: Int
//     var isDeleted = false
//     static let all = Self.where { !$0.isDeleted }
//   }
//
// Every query that starts from the table (`where`, `order`, `select`, joins, `count`, `find`,
// `update`, `delete`) then reads or writes only the rows the scope selects; `unscoped` is the bare
// table. Those entry points start from `_typedSQLScopeStart`, which `@Table` writes as the scope
// started from `unscoped` when `all` is written from them (otherwise `all` would start from
// itself); a condition or ordering the scope already holds is not added twice.

extension Table {
  /// No default scope: every row of the table.
  public static var all: Select<TableColumns, Self> { unscoped }

  public static var _typedSQLScopeStart: Select<TableColumns, Self> { all }

  /// Every row of the table, without its default scope: `SELECT` each column `FROM` the table.
  @inlinable
  public static var unscoped: Select<TableColumns, Self> {
    Select(
      scope: columns,
      select: TableColumns.wholeTableSelect,
      origin: .wholeTable)
  }
}
