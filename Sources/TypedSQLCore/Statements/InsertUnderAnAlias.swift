// An insert into a table under another name, as StructuredQueries writes it: the alias names the
// table in the statement, in its `RETURNING` and in an upsert's update.
//
//   enum R: AliasName {}
//   RemindersList.as(R.self).insert { $0.title } values: { "cruise" }.returning(\.id)
//   // INSERT INTO "remindersLists" AS "rs" ("title") VALUES (?1) RETURNING "rs"."id"

extension Select where Scope: TableDefinition, Row == Scope.QueryValue {
  /// `INSERT` rows of values for the chosen columns into this query's table, under its alias.
  /// Only the table itself under a name takes an insert (`Table.as(Name.self)`); a query that
  /// narrows it further throws when it renders, since an insert has no rows to narrow.
  public func insert<each Value: QueryBindable>(
    _ columns: (Scope) -> (repeat SQLQueryExpression<each Value>),
    @InsertValuesBuilder<repeat each Value> values rows: () -> [[InsertValue]]
  ) -> Insert<Row, NoRow> {
    Insert(insert: insertStatement(columns: columnNames(of: repeat each columns(scope)), rows: rows()))
  }

  /// `INSERT` table rows or drafts into this query's table, under its alias.
  public func insert(@InsertRowsBuilder<Row> _ rows: () -> [ColumnValues]) -> Insert<Row, NoRow> {
    Insert(insert: insertStatement(columns: Row.TableColumns.columnNames, rows: rows().map(\.values)))
  }

  /// An insert into ``writtenTable``, refused when this query is more than the table (with its
  /// default scope) under a name.
  private func insertStatement(columns: [String], rows: [[InsertValue]]) -> InsertStatement {
    var statement = InsertStatement(table: writtenTable, columns: columns, rows: rows)
    if !isTheTableUnderAName, !statement.rows.isEmpty, !statement.rows[0].isEmpty {
      let error = QueryBindingError(
        "an insert into \(Row.tableName) through a query that narrows its rows: insert into the table or its alias")
      statement.rows[0][0] = .expression(.binding(.invalid(error)))
    }
    return statement
  }

  /// Whether this query is its table's default query, under its own name or an alias, and
  /// nothing more.
  private var isTheTableUnderAName: Bool {
    guard let from = select.from, case .table(let name) = from.source, name == Row.tableName,
      !select.narrowsByMoreThanFilter
    else { return false }
    let scope = Row.all
    guard let expected = scope.select.conditionAndOrder(requalified: scope.scope.qualifier, as: from.qualifier)
    else { return false }
    return select.filter == expected.filter
  }
}
