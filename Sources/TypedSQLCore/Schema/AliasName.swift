import TypedSQLInflection

/// Another name for a table in one query, so that a query can use the same table twice: a
/// self-join, or a subquery over the outer query's own table.
///
/// ```swift
/// enum Referrer: AliasName {}
///
/// User.join(User.as(Referrer.self)) { $0.referrerID == $1.id }.select { ($0.name, $1.name) }
/// // SELECT "users"."name", "referrers"."name" FROM "users"
/// // JOIN "users" AS "referrers" ON ("users"."referrerID" = "referrers"."id")
/// ```
///
/// The name is the type's, inflected as `@Table` names tables (`Referrer` → `referrers`), unless
/// the type declares ``aliasName`` itself.
public protocol AliasName {
  /// The name the table goes by.
  static var aliasName: String { get }
}

extension AliasName {
  public static var aliasName: String {
    TableNameInflection.tableName(forTypeName: String(describing: Self.self))
  }
}

extension Table {
  /// Every row of this table's default scope under the name `Name`: `SELECT "referrers".… FROM
  /// "users" AS "referrers" WHERE …`. Its columns are qualified by that name in every closure, so
  /// they never mean the same table's columns elsewhere in the statement.
  ///
  /// The default scope's condition and order are read under the alias. A scope that holds more
  /// (a limit, a join) or an expression whose columns cannot be renamed (a subquery) is read as a
  /// subquery under the alias instead, so that its rows are still the only ones the alias sees.
  public static func `as`<Name: AliasName>(_ name: Name.Type) -> Select<TableColumns, Self> {
    let alias = Name.aliasName
    let scope = all
    var source = tableReference
    source.alias = alias
    var statement = SelectStatement(columns: TableColumns.selection(qualifiedBy: alias), from: source)
    statement.isNone = scope.select.isNone
    if let narrowing = scope.select.conditionAndOrder(requalified: scope.scope.qualifier, as: alias) {
      statement.filter = narrowing.filter
      statement.orderBy = narrowing.orderBy
      return Select(scope: TableColumns(qualifier: alias), select: statement)
    }
    statement.from = TableReference(subquery: scope.select, alias: alias)
    return Select(scope: TableColumns(qualifier: alias), select: statement)
  }
}

extension Select where Scope: TableDefinition {
  /// This query narrowed also by its table's default scope, read under the query's name for the
  /// table: `Row.unscoped.all` is `Row.all`, and `User.as(Referrer.self).all` every row of the
  /// aliased table's default scope (StructuredQueries' spellings). A condition or order the query
  /// already holds is not added twice; a default scope narrowed by more than a condition and an
  /// order makes the statement throw when it renders.
  public var all: Self {
    let defaultScope = Scope.QueryValue.all
    var copy = self
    guard
      let narrowing = defaultScope.select.conditionAndOrder(
        requalified: defaultScope.scope.qualifier, as: scope.qualifier)
    else {
      copy.select.filter = .binding(
        .invalid(QueryBindingError("the default scope of \(Scope.QueryValue.tableName) cannot be read under another name")))
      return copy
    }
    if let condition = narrowing.filter {
      copy.select.filter = SQLExpression.and(copy.select.filter, condition)
    }
    for term in narrowing.orderBy where !copy.select.orderBy.contains(term) {
      copy.select.orderBy.append(term)
    }
    copy.select.isNone = copy.select.isNone || defaultScope.select.isNone
    return copy
  }

  /// Every row of this query's table, under the query's name for it, without the default scope or
  /// anything else this query adds: `User.as(Referrer.self).unscoped` (as in StructuredQueries,
  /// `query.unscoped` starts again from the bare table).
  public var unscoped: Select<Scope, Scope.QueryValue> {
    let name = scope.qualifier
    var source = Scope.QueryValue.tableReference
    source.alias = source.isTable(named: name) ? nil : name
    return Select<Scope, Scope.QueryValue>(
      scope: Scope(qualifier: name),
      select: SelectStatement(columns: Scope.selection(qualifiedBy: name), from: source))
  }
}
