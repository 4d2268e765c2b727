// Rows by primary key, on a chain that is already narrowed or on a write, and the query that
// returns nothing.

extension Table {
  /// No row, as StructuredQueries means it: a query of this table that composes like any
  /// other, and that runs nothing. A statement that reads it (its rows, a count of them, a join
  /// of it, an insert from it, or a common table of it) returns no row without reaching the
  /// database; as a subquery of an expression it is the empty set (`WHERE ?` bound to false).
  public static var none: Select<TableColumns, Self> {
    var none = unscoped.where { _ in SQLQueryExpression<Bool>(value: false) }
    none.select.isNone = true
    return none
  }
}

extension PrimaryKeyedTable {
  /// The rows whose primary key is one of `primaryKeys`: `WHERE "id" IN (…)` (on PostgreSQL,
  /// `= ANY($1)`, one parameter for any number of keys).
  public static func find(_ primaryKeys: some Sequence<TableColumns.PrimaryKey>) -> Select<TableColumns, Self> {
    _typedSQLScopeStart.find(primaryKeys)
  }

  /// The rows whose primary key is among the values of a query of one key per row:
  /// `WHERE "id" IN (SELECT …)`, StructuredQueries' `Reminder.find(Reminder.select(\.id))`.
  public static func find<KeyScope>(
    _ primaryKeys: Select<KeyScope, PackRow<TableColumns.PrimaryKey>>
  ) -> Select<TableColumns, Self> where TableColumns.PrimaryKey: QueryBindable {
    _typedSQLScopeStart.find(primaryKeys)
  }

  /// `DELETE` the row with `row`'s primary key.
  public static func delete(_ row: Self) -> Delete<Self, NoRow> {
    var values = ColumnValues(reservingCapacity: columnCount)
    row.encodeColumns(into: &values)
    let key = SQLQueryExpression<TableColumns.PrimaryKey>(node: primaryKeyValue(in: values.values))
    return delete().where { $0.primaryKey.eq(key) }
  }
}

extension Select where Scope: PrimaryKeyedTableDefinition {
  /// Narrows this query to the row whose primary key is `primaryKey`.
  public func find(_ primaryKey: Scope.PrimaryKey) -> Self {
    self.where { $0.hasPrimaryKey(primaryKey) }
  }

  /// Narrows this query to the rows whose primary key is one of `primaryKeys`.
  public func find(_ primaryKeys: some Sequence<Scope.PrimaryKey>) -> Self {
    self.where { $0.hasPrimaryKey(in: primaryKeys) }
  }

  /// Narrows this query to the rows whose primary key is among the values of a query of one key
  /// per row: `WHERE "id" IN (SELECT …)`.
  public func find<KeyScope>(_ primaryKeys: Select<KeyScope, PackRow<Scope.PrimaryKey>>) -> Self
  where Scope.PrimaryKey: QueryBindable {
    self.where { $0.primaryKey.in(primaryKeys) }
  }
}

extension Update where Into: PrimaryKeyedTable {
  /// Narrows this update to the row whose primary key is `primaryKey`.
  public func find(_ primaryKey: Into.TableColumns.PrimaryKey) -> Self {
    self.where { $0.hasPrimaryKey(primaryKey) }
  }

  /// Narrows this update to the rows whose primary key is one of `primaryKeys`.
  public func find(_ primaryKeys: some Sequence<Into.TableColumns.PrimaryKey>) -> Self {
    self.where { $0.hasPrimaryKey(in: primaryKeys) }
  }
}

extension Delete where From: PrimaryKeyedTable {
  /// Narrows this delete to the row whose primary key is `primaryKey`.
  public func find(_ primaryKey: From.TableColumns.PrimaryKey) -> Self {
    self.where { $0.hasPrimaryKey(primaryKey) }
  }

  /// Narrows this delete to the rows whose primary key is one of `primaryKeys`.
  public func find(_ primaryKeys: some Sequence<From.TableColumns.PrimaryKey>) -> Self {
    self.where { $0.hasPrimaryKey(in: primaryKeys) }
  }
}
