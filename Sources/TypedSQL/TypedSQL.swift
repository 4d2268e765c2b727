/// TypedSQL: type-safe SQL for Swift tables declared with `@Table`.
///
/// Importing `TypedSQL` brings in the macros (`@Table`, `@Column`, `@Selection`, `@Ephemeral`,
/// `#sql`, `#bind`, `@DatabaseFunction`) together with the query builder of `TypedSQLCore`; add
/// a dialect module (`TypedSQLSQLite`, `TypedSQLPostgres`) to run queries. With the
/// `TypedSQLCasePaths` trait it also brings in `CasePaths`: `@Selection` enums are `CasePathable`.
@_exported import TypedSQLCore

#if TypedSQLCasePaths
  @_exported import CasePaths
#endif
