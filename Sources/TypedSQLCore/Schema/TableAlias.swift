/// StructuredQueries' type of a table under another name, kept so that its spellings that name
/// it compile: `@Column(as: TableAlias<RemindersList, RL>.self)` on a `@Selection` field,
/// `@DatabaseFunction(as: ((TableAlias<Tag, T>) -> Bool).self)`, and the type as a table:
/// `TableAlias<User, Referrer>.all`, `.columns`, `.name`. In TypedSQL the field or argument is
/// simply the base table: the columns a query passes (`$1` of a join with
/// `RemindersList.as(RL.self)`) already carry the alias. Queries over an alias start from
/// ``Table/as(_:)``, which `all` is.
@dynamicMemberLookup
public enum TableAlias<Base: Table, Name: AliasName> {
  /// Every row of the base table's default scope under the alias: `Base.as(Name.self)`.
  public static var all: Select<Base.TableColumns, Base> { Base.as(Name.self) }

  /// Every row of the base table under the alias, without its default scope.
  public static var unscoped: Select<Base.TableColumns, Base> { Base.as(Name.self).unscoped }

  /// The base table's columns, qualified by the alias.
  public static var columns: Base.TableColumns { Base.TableColumns(qualifier: Name.aliasName) }

  /// A column handle as a static member, qualified by the alias:
  /// `TableAlias<User, Referrer>.name`.
  public static subscript<Member>(dynamicMember keyPath: KeyPath<Base.TableColumns, Member>) -> Member {
    columns[keyPath: keyPath]
  }
}
