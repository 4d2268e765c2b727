/// Makes a struct a database table: its stored properties become the table's columns.
///
/// ```swift
/// @Table struct Reminder {
///   let id: Int
///   var title = ""
///   @Column("is_completed") var isCompleted = false
///   var priority: Int?
/// }
/// ```
///
/// mirrors
///
/// ```sql
/// CREATE TABLE "reminders" (
///   "id" INTEGER PRIMARY KEY,
///   "title" TEXT NOT NULL,
///   "is_completed" INTEGER NOT NULL,
///   "priority" INTEGER
/// )
/// ```
///
/// The table's name is `name` when given, otherwise the type's name with its first letter
/// lower-cased and its last word pluralized (`Reminder` → `reminders`, `Category` →
/// `categories`). The macro writes a `TableColumns` type whose properties are the column handles
/// (`Reminder.columns.title` renders `"reminders"."title"`), `tableName`, a row decoder and a row
/// encoder. A table with a primary key (a property named `id`, or one marked
/// `@Column(primaryKey: true)`) also gets a `Draft` type whose key is optional, for inserting
/// rows before the database has assigned their key.
///
/// - Parameter name: The table's name in the database.
@attached(
  extension,
  conformances: Table, PrimaryKeyedTable,
  names: named(TableColumns), named(Draft), named(tableName), named(init(decoder:)),
  named(encodeColumns)
)
public macro Table(_ name: String? = nil) =
  #externalMacro(module: "TypedSQLMacros", type: "TableMacro")

/// Customizes how a stored property of a `@Table` struct maps to its column.
///
/// ```swift
/// @Table struct Event {
///   @Column(primaryKey: true) let code: String
///   @Column("starts_at", as: Date.UnixTimeRepresentation.self) var startsAt: Date
/// }
/// ```
///
/// mirrors
///
/// ```sql
/// CREATE TABLE "events" (
///   "code" TEXT PRIMARY KEY,
///   "starts_at" INTEGER NOT NULL
/// )
/// ```
///
/// - Parameters:
///   - name: The column's name in the database; the property's name when `nil`.
///   - representation: A ``QueryRepresentable`` type that stores the property's value, such as
///     `Date.UnixTimeRepresentation.self`.
///   - primaryKey: `true` makes the column the table's primary key; `false` keeps a property
///     named `id` from being the primary key.
@attached(peer)
public macro Column(
  _ name: String? = nil,
  as representation: Any.Type? = nil,
  primaryKey: Bool? = nil
) = #externalMacro(module: "TypedSQLMacros", type: "ColumnMacro")

/// A Swift value in the representation of the column it meets, for columns declared with
/// `@Column(as:)`.
///
/// ```swift
/// @Table struct Event {
///   let id: Int
///   @Column(as: Date.UnixTimeRepresentation.self) var startAt: Date
/// }
/// Event.where { $0.startAt > #bind(startDate) }
/// // SELECT … WHERE ("events"."startAt" > ?1)   -- bound as whole seconds since 1970
/// ```
///
/// A column in its default representation (a plain `Date`, `UUID`, …) needs no `#bind`.
@freestanding(expression)
public macro bind<Representation: QueryRepresentable>(
  _ value: Representation.QueryOutput
) -> Representation = #externalMacro(module: "TypedSQLMacros", type: "BindMacro")
