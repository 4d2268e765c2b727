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
  /// Every row of this table under the name `Name`: `SELECT "referrers".… FROM "users" AS
  /// "referrers"`. Its columns are qualified by that name in every closure, so they never
  /// mean the same table's columns elsewhere in the statement.
  public static func `as`<Name: AliasName>(_ name: Name.Type) -> Select<TableColumns, Self> {
    let alias = Name.aliasName
    return Select(
      scope: TableColumns(qualifier: alias),
      select: SelectStatement(
        columns: TableColumns.selection(qualifiedBy: alias), from: TableReference(name: tableName, schema: schemaName, alias: alias)))
  }
}

extension Select {
  /// This query itself: `User.as(Referrer.self).all`, StructuredQueries' spelling of every row of
  /// an aliased table.
  public var all: Self { self }
}
