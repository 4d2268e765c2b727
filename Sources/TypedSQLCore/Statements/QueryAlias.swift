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
    var statement = select
    guard let renamed = statement.requalifyingEveryClause(qualifier, as: alias), var from = statement.from else {
      statement.filter = .binding(
        .invalid(QueryBindingError("this query reads \(qualifier) where it cannot be renamed to \(alias)")))
      return Select(scope: Scope(qualifier: qualifier), select: statement)
    }
    from.alias = alias
    statement = renamed
    statement.from = from
    return Select(scope: Scope(qualifier: alias), select: statement)
  }
}

extension SelectStatement {
  /// This statement with every column `qualifier` qualifies in its columns, conditions, joins'
  /// conditions, groups and order qualified by `newQualifier`, or `nil` when one of them cannot
  /// be renamed (see `SQLExpression.requalified(_:as:)`).
  fileprivate func requalifyingEveryClause(_ qualifier: String, as newQualifier: String) -> SelectStatement? {
    func each(_ expression: SQLExpression) -> SQLExpression? { expression.requalified(qualifier, as: newQualifier) }
    var statement = self
    var columns: [SQLExpression] = []
    for column in self.columns {
      guard let renamed = each(column) else { return nil }
      columns.append(renamed)
    }
    statement.columns = columns
    if let filter {
      guard let renamed = each(filter) else { return nil }
      statement.filter = renamed
    }
    if let having {
      guard let renamed = each(having) else { return nil }
      statement.having = renamed
    }
    var groupBy: [SQLExpression] = []
    for term in self.groupBy {
      guard let renamed = each(term) else { return nil }
      groupBy.append(renamed)
    }
    statement.groupBy = groupBy
    guard let orderBy = orderBy.requalified(qualifier, as: newQualifier) else { return nil }
    statement.orderBy = orderBy
    for index in statement.joins.indices {
      guard let condition = each(statement.joins[index].condition) else { return nil }
      statement.joins[index].condition = condition
    }
    return statement
  }
}
