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
    let alias = Name.aliasName
    let qualifier = scope.qualifier
    guard var renamed = select.requalifyingEveryClause(qualifier, as: alias), renamed.from != nil else {
      var refused = select
      refused.filter = .binding(
        .invalid(QueryBindingError("this query reads \(qualifier) where it cannot be renamed to \(alias)")))
      return Select(scope: scope, select: refused)
    }
    renamed.from?.alias = alias
    return Select(scope: Scope(qualifier: alias), select: renamed)
  }
}
