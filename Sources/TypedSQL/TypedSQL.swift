/// TypedSQL: type-safe SQL for Swift tables declared with `@Table`.
///
/// Importing `TypedSQL` brings in the `@Table` and `@Column` macros together with the query
/// builder of `TypedSQLCore`; add a dialect module (`TypedSQLSQLite`, `TypedSQLPostgres`) to run
/// queries.
@_exported import TypedSQLCore
