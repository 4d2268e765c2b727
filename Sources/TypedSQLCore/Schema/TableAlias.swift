/// StructuredQueries' type of a table under another name, kept so that its spellings that name
/// it compile: `@Column(as: TableAlias<RemindersList, RL>.self)` on a `@Selection` field, and
/// `@DatabaseFunction(as: ((TableAlias<Tag, T>) -> Bool).self)`. In TypedSQL the field or
/// argument is simply the base table: the columns a query passes (`$1` of a join with
/// `RemindersList.as(RL.self)`) already carry the alias. Queries over an alias start from
/// ``Table/as(_:)``.
public enum TableAlias<Base: Table, Name: AliasName> {}
