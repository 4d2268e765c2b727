// A built query under another name for its table: StructuredQueries' `query.as(Name.self)`, as
// `Tag.columns.title.jsonEach().as(First.self)` joined twice in one statement.

extension Select where Scope: TableDefinition {
  /// This query with its table (or table-valued function) named `Name`: `FROM … AS "firsts"`,
  /// and every column of that table the query reads, in its columns, conditions, joins, groups
  /// and order, qualified by the new name. A query that reads its table inside an expression
  /// whose columns cannot be renamed (a subquery, a window) throws when it renders.
  ///
  /// ```swift
  /// enum First: AliasName {}
  /// Tag.columns.title.jsonEach().where { $0.key > 0 }.as(First.self)
  /// // SELECT "firsts"."key", "firsts"."value" FROM json_each(…) AS "firsts" WHERE ("firsts"."key" > ?1)
  /// ```
  public func `as`<Name: AliasName>(_ name: Name.Type) -> Self {
    let (select, alias) = select.renamingItsTable(scope.qualifier, as: Name.self)
    return Select(scope: alias.map { Scope(qualifier: $0) } ?? scope, select: select)
  }
}

extension Select {
  /// This joined query with its first table named `Name`: `FROM "trips" AS "outers"`, and every
  /// column of that table the query reads, in its columns, conditions, joins (a joined JSON
  /// document's too), groups and order, qualified by the new name, as StructuredQueries
  /// writes it:
  ///
  /// ```swift
  /// enum Outer: AliasName {}
  /// Trip.join(Trip.columns.geofence.jsonEach()) { _, _ in true }
  ///   .select { ($0.title, $1.value.jsonExtract(\.label)) }
  ///   .as(Outer.self)
  /// // SELECT "outers"."title", … FROM "trips" AS "outers" JOIN json_each("outers"."geofence") ON 1
  /// ```
  ///
  /// A query that reads the table inside an expression whose columns cannot be renamed (a
  /// subquery, a window) throws when it renders.
  public func `as`<Name: AliasName, First: TableDefinition, Second>(
    _ name: Name.Type
  ) -> Self where Scope == (First, Second) {
    let (select, alias) = select.renamingItsTable(scope.0.qualifier, as: Name.self)
    return Select(scope: (alias.map { First(qualifier: $0) } ?? scope.0, scope.1), select: select)
  }
}

extension SelectStatement {
  /// This statement with its `FROM` table, read under `qualifier`, named `Name` in every clause,
  /// and the new name; or, when a clause reads it where it cannot be renamed, the statement made
  /// to throw when it renders, and no name.
  fileprivate func renamingItsTable<Name: AliasName>(
    _ qualifier: String, as name: Name.Type
  ) -> (SelectStatement, alias: String?) {
    let alias = Name.aliasName
    guard var renamed = requalifyingEveryClause(qualifier, as: alias), renamed.from != nil else {
      var refused = self
      refused.filter = .binding(
        .invalid(QueryBindingError("this query reads \(qualifier) where it cannot be renamed to \(alias)")))
      return (refused, nil)
    }
    renamed.from?.alias = alias
    return (renamed, alias)
  }
}
