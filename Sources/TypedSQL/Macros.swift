/// Makes a struct a database table: its stored properties become the table's columns. (An enum
/// can be a table too: see the end.)
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
/// (`Reminder.columns.title` renders `"reminders"."title"`), a `Columns` type that selects any
/// expressions or Swift values as one of the table's rows (`Reminder.select { Count.Columns(value:
/// $0.id) }`, the rows of a common table; a column declared with a default or an optional type may
/// be left out, to select that default), `tableName`, a row decoder and a row encoder. A table with a
/// primary key (a property named `id`, or one marked
/// `@Column(primaryKey: true)`) also gets a `Draft` type whose key is optional, for inserting
/// rows before the database has assigned their key (`Draft(row)` makes one from a row), and a
/// row's key as `row.primaryKey`. Its members are also named for typed JSON paths, as
/// ``JSONPaths()`` names them, for rows stored as JSON (`$0.author.jsonExtract(\.name)`).
///
/// On an enum, whose cases share the table ("single-table inheritance"), each case stores its
/// one associated value in columns of its own (a group's columns for a `@Selection` value),
/// named after the case unless `@Column("name")` names them, and `NULL` in a row that holds
/// another case; a row decodes as the first case whose columns are not all `NULL`. Such a
/// table has no primary key. `Post.Columns.note("Hi")` (or `Post.Selection.note(…)`) is a row
/// holding one case, from its value or any expression of its type. With the
/// `TypedSQLCasePaths` trait the enum is also `CasePathable`, as in StructuredQueries:
///
/// ```swift
/// @Table enum Post {
///   case photo(Photo)   // "url", the columns of the @Selection struct Photo
///   case note(String)   // "note"
/// }
/// Post.insert { Post.note("Hello") }   // INSERT INTO "posts" ("url", "note") VALUES (?1, ?2)
/// ```
///
/// A table that declares `all` in its body has a default scope, the query every query of the
/// table starts from (`static let all = unscoped.where { !$0.isDeleted }`); `unscoped` leaves it out.
///
/// - Parameter name: The table's name in the database.
// Every protocol the expansion conforms the type to is listed, inherited ones included, so the
// compiler knows of each conformance before it expands the macro (a `#sql(…, as: Tag.self)`
// above `@Table struct Tag` needs `Tag: QueryRow`).
// With the `TypedSQLLazyInitializableByDefault` trait a draft leaves to the database every column
// it would otherwise have to be given (`LazyInitializableByDefaultTableMacro`).
#if TypedSQLCasePaths && TypedSQLLazyInitializableByDefault
  @attached(
    extension,
    conformances: Table, PrimaryKeyedTable, QueryDecodable, QueryRow, InsertRow, JSONPathNavigable, CasePathable,
    CasePathIterable,
    names: named(TableColumns), named(Columns), named(Selection), named(Draft), named(tableName), named(init(decoder:)),
    named(encodeColumns), named(schemaName), named(tableReference), named(primaryKey), named(_typedSQLScopeStart),
    named(JSONMembers), named(jsonMembers)
  )
  @attached(member, names: named(CodingKeys), named(AllCasePaths), named(allCasePaths), named(_$Element), named(init(from:)), named(encode(to:)))
  public macro Table(_ name: String? = nil, schema: String? = nil) =
    #externalMacro(module: "TypedSQLMacros", type: "LazyInitializableByDefaultTableMacro")
#elseif TypedSQLCasePaths
  @attached(
    extension,
    conformances: Table, PrimaryKeyedTable, QueryDecodable, QueryRow, InsertRow, JSONPathNavigable, CasePathable,
    CasePathIterable,
    names: named(TableColumns), named(Columns), named(Selection), named(Draft), named(tableName), named(init(decoder:)),
    named(encodeColumns), named(schemaName), named(tableReference), named(primaryKey), named(_typedSQLScopeStart),
    named(JSONMembers), named(jsonMembers)
  )
  @attached(member, names: named(CodingKeys), named(AllCasePaths), named(allCasePaths), named(_$Element), named(init(from:)), named(encode(to:)))
  public macro Table(_ name: String? = nil, schema: String? = nil) =
    #externalMacro(module: "TypedSQLMacros", type: "TableMacro")
#elseif TypedSQLLazyInitializableByDefault
  @attached(
    extension,
    conformances: Table, PrimaryKeyedTable, QueryDecodable, QueryRow, InsertRow, JSONPathNavigable,
    names: named(TableColumns), named(Columns), named(Selection), named(Draft), named(tableName), named(init(decoder:)),
    named(encodeColumns), named(schemaName), named(tableReference), named(primaryKey), named(_typedSQLScopeStart),
    named(JSONMembers), named(jsonMembers)
  )
  @attached(member, names: named(CodingKeys), named(init(from:)), named(encode(to:)))
  public macro Table(_ name: String? = nil, schema: String? = nil) =
    #externalMacro(module: "TypedSQLMacros", type: "LazyInitializableByDefaultTableMacro")
#else
  @attached(
    extension,
    conformances: Table, PrimaryKeyedTable, QueryDecodable, QueryRow, InsertRow, JSONPathNavigable,
    names: named(TableColumns), named(Columns), named(Selection), named(Draft), named(tableName), named(init(decoder:)),
    named(encodeColumns), named(schemaName), named(tableReference), named(primaryKey), named(_typedSQLScopeStart),
    named(JSONMembers), named(jsonMembers)
  )
  @attached(member, names: named(CodingKeys), named(init(from:)), named(encode(to:)))
  public macro Table(_ name: String? = nil, schema: String? = nil) =
    #externalMacro(module: "TypedSQLMacros", type: "TableMacro")
#endif

/// Customizes how a stored property of a `@Table` or `@Selection` struct maps to its column.
/// On a case of a `@Table` or `@Selection` enum it takes a name and `as:` only:
/// `@Column("video_preview") case videoPreview(URL)`.
///
/// ```swift
/// @Table struct Event {
///   @Column(primaryKey: true) let code: String
///   @Column("starts_at", as: Date.UnixTimeRepresentation.self) var startsAt: Date
///   var durationSeconds: Int
///   @Column("ends_at", generated: .stored) var endsAt: Int
/// }
/// ```
///
/// mirrors
///
/// ```sql
/// CREATE TABLE "events" (
///   "code" TEXT PRIMARY KEY,
///   "starts_at" INTEGER NOT NULL,
///   "durationSeconds" INTEGER NOT NULL,
///   "ends_at" INTEGER NOT NULL GENERATED ALWAYS AS ("starts_at" + "durationSeconds") STORED
/// )
/// ```
///
/// - Parameters:
///   - name: The column's name in the database; the property's name when `nil`.
///   - representation: A `QueryRepresentable` type that stores the property's value, such as
///     `Date.UnixTimeRepresentation.self`.
///   - primaryKey: `true` makes the column the table's primary key; `false` keeps a property
///     named `id` from being the primary key. Not allowed in a `@Selection`.
///   - generated: `.stored` or `.virtual` for a column the database computes: it is selected and
///     decoded, but never inserted or updated, and the table's `Draft` has no property for it.
///     A generated column cannot be the primary key. In a `@Selection`, the group's column is
///     generated wherever the group is a table's field.
///   - lazyInitializable: `true` for a column the database fills in when an insert leaves it out
///     (`createdAt … DEFAULT CURRENT_TIMESTAMP`): the table's `Draft` holds it as an optional,
///     `nil` by default, and a draft whose value is `nil` leaves the column to its default. The
///     property itself cannot be optional (a `nil` could not say `NULL`). A table with such a
///     column has a `Draft` even without a primary key. Not allowed in a `@Selection`.
@attached(peer)
public macro Column(
  _ name: String? = nil,
  as representation: Any.Type? = nil,
  primaryKey: Bool? = nil,
  generated: GeneratedColumnStorage? = nil,
  lazyInitializable: Bool? = nil
) = #externalMacro(module: "TypedSQLMacros", type: "ColumnMacro")

/// StructuredQueries' deprecated `@Columns`, refused with the spelling to write instead.
@available(*, unavailable, message: "StructuredQueries deprecates '@Columns': write '@Column'")
@attached(peer)
public macro Columns(
  _ name: String? = nil,
  as representation: Any.Type? = nil,
  primaryKey: Bool? = nil
) = #externalMacro(module: "TypedSQLMacros", type: "ColumnMacro")

/// Keeps a stored property of a `@Table` or `@Selection` struct out of the database: it is no
/// column, and a decoded row holds its default value.
///
/// ```swift
/// @Table struct Reminder {
///   let id: Int
///   var title = ""
///   @Ephemeral var isExpanded = false   // view state, not stored
/// }
/// ```
///
/// mirrors
///
/// ```sql
/// CREATE TABLE "reminders" (
///   "id" INTEGER PRIMARY KEY,
///   "title" TEXT NOT NULL
/// )
/// ```
///
/// The property needs a default value (a `var` of optional type starts as `nil`).
@attached(peer)
public macro Ephemeral() = #externalMacro(module: "TypedSQLMacros", type: "EphemeralMacro")

/// Makes a struct or an enum a group of columns read and written as one value: a field of a
/// `@Table` whose columns are flattened into the table's, or the shape of a query's rows.
///
/// ```swift
/// @Selection struct Timestamps {
///   var createdAt: Date
///   var updatedAt: Date?
/// }
/// @Table struct RemindersList {
///   let id: Int
///   var title = ""
///   var timestamps: Timestamps
/// }
/// RemindersList.where { $0.timestamps.createdAt <= date }
/// // SELECT … WHERE ("remindersLists"."createdAt" <= ?1)
/// ```
///
/// mirrors
///
/// ```sql
/// CREATE TABLE "remindersLists" (
///   "id" INTEGER PRIMARY KEY,
///   "title" TEXT NOT NULL,
///   "createdAt" TEXT NOT NULL,
///   "updatedAt" TEXT
/// )
/// ```
///
/// As the rows of a query, a selection is built from any columns or Swift values with its `Columns`
/// initializer (a field of a standard value type, or stored through a representation, declared with
/// a default or an optional type may be left out):
///
/// ```swift
/// @Selection struct Row {
///   let reminderTitle: String
///   @Column("list_title") let listTitle: String
/// }
/// Reminder.join(RemindersList.all) { $0.remindersListID == $1.id }
///   .select { Row.Columns(reminderTitle: $0.title, listTitle: $1.title) }
/// // SELECT "reminders"."title", "remindersLists"."title" FROM "reminders" JOIN …
/// ```
///
/// The macro writes a `Columns` type with one handle per field (a column, or a nested group's
/// `Columns`), a row decoder and a row encoder. `@Column` names a field's column or stores it
/// through a representation; `@Ephemeral` leaves a field out.
///
/// On an enum, each case stores its one associated value in columns of its own, named after the
/// case and `NULL` unless the row holds that case: several kinds of rows share one table
/// ("single-table inheritance"). With the `TypedSQLCasePaths` trait the macro also makes the enum
/// `CasePathable`, as `@CasePathable` would (writing the attribute too changes nothing).
///
/// ```swift
/// @Table struct Attachment {
///   let id: Int
///   let kind: Kind
///
///   @Selection
///   enum Kind {
///     case link(URL)
///     case note(String)
///     case image(Attachment.Image)   // a @Selection struct: its columns, each nullable
///   }
///   @Selection struct Image {
///     var caption = ""
///     var url: URL
///   }
/// }
/// Attachment.where { $0.kind.is(\.note) }
/// // SELECT … WHERE ("attachments"."note" IS NOT NULL)
/// Attachment.insert { Attachment.Draft(kind: .note("Hello world!")) }
/// // INSERT INTO "attachments" ("link", "note", "caption", "url") VALUES (NULL, ?1, NULL, NULL)
/// ```
///
/// mirrors
///
/// ```sql
/// CREATE TABLE "attachments" (
///   "id" INTEGER PRIMARY KEY,
///   "link" TEXT,
///   "note" TEXT,
///   "caption" TEXT,
///   "url" TEXT
/// )
/// ```
///
/// A row decodes as the first case, in declaration order, whose columns are not all `NULL`;
/// storing a value writes `NULL` in every other case's columns. Each case needs exactly one
/// associated value, which is not optional. Spell nested types in full (`Attachment.Image`, not
/// `Image`): the generated extension does not see the enum's enclosing type.
#if TypedSQLCasePaths
  @attached(
    extension,
    conformances: Selection, QueryDecodable, QueryRow, CasePathable, CasePathIterable, JSONPathNavigable,
    names: named(Columns), named(Selection), named(init(decoder:)), named(encodeColumns), named(commonTableName),
    named(JSONMembers), named(jsonMembers)
  )
  @attached(member, names: named(AllCasePaths), named(allCasePaths), named(_$Element), named(CodingKeys), named(init(from:)), named(encode(to:)))
  public macro Selection(_ commonTableName: String? = nil) =
    #externalMacro(module: "TypedSQLMacros", type: "SelectionMacro")
#else
  @attached(
    extension,
    conformances: Selection, QueryDecodable, QueryRow, JSONPathNavigable,
    names: named(Columns), named(Selection), named(init(decoder:)), named(encodeColumns), named(commonTableName),
    named(JSONMembers), named(jsonMembers)
  )
  @attached(member, names: named(CodingKeys), named(init(from:)), named(encode(to:)))
  public macro Selection(_ commonTableName: String? = nil) =
    #externalMacro(module: "TypedSQLMacros", type: "SelectionMacro")
#endif

/// Lets typed key paths name the members of a `Codable` struct stored in a JSON column, so a path
/// into the column is checked by the compiler:
///
/// ```swift
/// @JSONPaths struct Metadata: Codable {
///   var tags: [String]
///   var author: Author          // itself @JSONPaths
/// }
///
/// Document.select { $0.metadata.jsonText(at: \.tags[0]) }      // json_extract(…, '$."tags"[0]')
/// Document.update { $0.metadata = $0.metadata.jsonSet(\.author.name, "Ann") }
/// ```
///
/// A `@Table` or `@Selection` struct needs no `@JSONPaths`: those macros name its members too.
///
/// Each stored property is a member under the key its `Codable` conformance writes: its name, or
/// its raw value in a `CodingKeys` enum the struct declares.
@attached(extension, conformances: JSONPathNavigable, names: named(JSONMembers), named(jsonMembers))
public macro JSONPaths() = #externalMacro(module: "TypedSQLMacros", type: "JSONPathsMacro")

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
/// A column in its default representation (a plain `Date`, `UUID`, …) needs no `#bind`; with
/// one, the value is bound as it is (see `StoredAsItself`), so code written with `#bind`
/// everywhere compiles too.
@freestanding(expression)
public macro bind<Representation: QueryRepresentable>(
  _ value: Representation.QueryOutput
) -> Representation = #externalMacro(module: "TypedSQLMacros", type: "BindMacro")

/// A Swift value in the representation `representation`, named:
/// `#bind(date, as: Date.UnixTimeRepresentation.self)`.
@freestanding(expression)
public macro bind<Representation: QueryRepresentable>(
  _ value: Representation.QueryOutput, as representation: Representation.Type
) -> Representation = #externalMacro(module: "TypedSQLMacros", type: "BindMacro")

/// A column group's value, as StructuredQueries binds it: `#bind(Timestamps(…))` is the value
/// itself, each of its columns bound (`$0.timestamps = #bind(Timestamps(…))`,
/// `$0.timestamps == #bind(timestamps)`).
@freestanding(expression)
public macro bind<Group: Selection>(_ value: Group) -> Group =
  #externalMacro(module: "TypedSQLMacros", type: "BindMacro")

/// A Swift value in the representation of the column an update assigns it to:
/// `Event.update { $0.startAt = #bind(date) }`.
@freestanding(expression)
public macro bind<Representation: QueryRepresentable>(
  _ value: Representation.QueryOutput
) -> BoundValue<Representation> = #externalMacro(module: "TypedSQLMacros", type: "BindMacro")

/// An SQL expression written by hand, with Swift values, columns and tables interpolated.
///
/// ```swift
/// Reminder.where { #sql("\($0.title) LIKE \(pattern) || '%'") }
/// // SELECT … WHERE "reminders"."title" LIKE ?1 || '%'
/// Reminder.select { _ in #sql("count(*)", as: Int.self) }
/// // SELECT count(*) FROM "reminders"
/// ```
///
/// An interpolated value is bound as a parameter, a column or table is quoted, and
/// `\(raw: text)` splices text as is. The literal's text is checked as it compiles: strings and
/// quoted identifiers must be closed and parentheses balanced, and a `?` or `$1` placeholder is
/// an error, since values are bound by interpolating them.
///
/// - Parameters:
///   - fragment: The SQL, as a string literal.
///   - as: The type of the expression's value, when the context does not imply it.
@freestanding(expression)
public macro sql<Value>(
  _ fragment: SQLFragment,
  as: Value.Type = Value.self
) -> SQLQueryExpression<Value> = #externalMacro(module: "TypedSQLMacros", type: "SQLMacro")

/// A whole SQL statement written by hand, whose rows decode as `Row`.
///
/// ```swift
/// let reminders = try #sql(
///   "SELECT \(Reminder.columns) FROM \(Reminder.self) WHERE \(Reminder.columns.priority) > \(2)",
///   as: Reminder.self
/// ).fetchAll(db)
/// // SELECT "reminders"."id", "reminders"."title", … FROM "reminders"
/// // WHERE "reminders"."priority" > ?1
/// ```
///
/// The text is checked as for an expression `#sql`.
///
/// - Parameters:
///   - fragment: The SQL, as a string literal.
///   - as: The type each row decodes as.
@freestanding(expression)
public macro sql<Row: QueryRow>(
  _ fragment: SQLFragment,
  as: Row.Type
) -> SQLQuery<Row> = #externalMacro(module: "TypedSQLMacros", type: "SQLMacro")

/// Makes a Swift function or computed property callable from SQL on SQLite.
///
/// ```swift
/// @DatabaseFunction
/// func isPastDue(reminder: Reminder) -> Bool {
///   !reminder.isCompleted && reminder.dueDate < Date()
/// }
/// @DatabaseFunction("shout", isDeterministic: true)
/// func shout(_ text: String, times: Int = 1) throws -> String { … }
///
/// try db.add($isPastDue)
/// try db.add($shout)
/// Reminder.where { $isPastDue(reminder: $0) }
/// Reminder.select { $shout($0.title) }
/// ```
///
/// renders
///
/// ```sql
/// SELECT … FROM "reminders"
/// WHERE "isPastDue"("reminders"."id", "reminders"."title", "reminders"."isCompleted", …)
/// SELECT "shout"("reminders"."title", 1) FROM "reminders"
/// ```
///
/// The macro adds a value `$name`, which `SQLiteDatabase.add(_:)` registers and queries call
/// with the function's own argument labels, or without them (`$shout($0.title, 2)`). Each
/// argument is a column or expression whose rows decode as the parameter's type; a whole row
/// (`$0`) passes all of its table's columns, and the function receives the decoded row. A
/// parameter's default value is the call's default, passed to SQL. A function that throws fails
/// the statement with its error; one that returns nothing returns `NULL`
/// (`SQLiteFunctionVoid`). Only SQLite can run such a query: rendering it for another database
/// throws.
///
/// For a global or static function `$name` is a constant; for an instance method it is a
/// computed property that captures the value (`self` must then be `Sendable`), or, in a class,
/// holds the object weakly. A computed property (`@DatabaseFunction var now: Date { … }`) is a
/// function of no arguments, and `$now` is its call.
///
/// A function whose only parameter is `some Sequence<Element>` or `[Element]` is an aggregate:
/// SQLite calls it once per group, with the group's values of the argument in an array (NULLs
/// included when `Element` is optional). A tuple `Element` takes several arguments per row. A
/// call may add `distinct:`, `order:` and `filter:`.
///
/// ```swift
/// @DatabaseFunction
/// func joined(_ rows: some Sequence<(String, separator: String)>) -> String { … }
///
/// try db.add($joined)
/// Reminder.group { $0.listID }.select { $joined($0.title, separator: ", ", order: $0.title) }
/// // SELECT "joined"("reminders"."title", ', ' ORDER BY "reminders"."title") FROM "reminders" …
/// ```
///
/// A `[UInt8]` parameter is a blob, not a sequence.
///
/// The function cannot be `async` or generic; its parameters cannot be `inout`, variadic, nor
/// `some` types other than an aggregate's one sequence.
///
/// - Parameters:
///   - name: The function's name in SQL; the Swift function's name when `nil`.
///   - isDeterministic: Whether the same arguments always give the same result, which lets
///     SQLite use the function in indexes and factor out repeated calls.
@attached(peer, names: prefixed(`$`), prefixed(__DatabaseFunction_))
public macro DatabaseFunction(_ name: String? = nil, isDeterministic: Bool = false) =
  #externalMacro(module: "TypedSQLMacros", type: "DatabaseFunctionMacro")

/// A ``DatabaseFunction(_:isDeterministic:)`` whose arguments and result SQL passes in the
/// representations `representation` names, one per parameter: the Swift function receives and
/// returns their `queryOutput`; a type that is the parameter's own is passed as it is, and so is
/// a table named as StructuredQueries' `TableAlias` of it.
///
/// ```swift
/// @DatabaseFunction(as: (([String].JSONRepresentation, Int) -> [String].JSONRepresentation).self)
/// func dropFirst(_ strings: [String], _ k: Int) -> [String] { Array(strings.dropFirst(k)) }
/// ```
@attached(peer, names: prefixed(`$`), prefixed(__DatabaseFunction_))
public macro DatabaseFunction<each Argument, Result: QueryBindable>(
  _ name: String? = nil, as representation: ((repeat each Argument) -> Result).Type, isDeterministic: Bool = false
) = #externalMacro(module: "TypedSQLMacros", type: "DatabaseFunctionMacro")

/// A ``DatabaseFunction(_:isDeterministic:)`` that returns nothing, whose arguments SQL passes
/// in the representations `representation` names.
@attached(peer, names: prefixed(`$`), prefixed(__DatabaseFunction_))
public macro DatabaseFunction<each Argument>(
  _ name: String? = nil, as representation: ((repeat each Argument) -> Void).Type, isDeterministic: Bool = false
) = #externalMacro(module: "TypedSQLMacros", type: "DatabaseFunctionMacro")

/// An aggregate ``DatabaseFunction(_:isDeterministic:)`` whose row and result SQL passes in the
/// representations `representation` names: `((any Sequence<[String].JSONRepresentation>) -> Int).self`.
@attached(peer, names: prefixed(`$`), prefixed(__DatabaseFunction_))
public macro DatabaseFunction<each Argument, Result: QueryBindable>(
  _ name: String? = nil, as representation: ((any Sequence<(repeat each Argument)>) -> Result).Type,
  isDeterministic: Bool = false
) = #externalMacro(module: "TypedSQLMacros", type: "DatabaseFunctionMacro")

/// A computed property made a ``DatabaseFunction(_:isDeterministic:)`` whose result SQL receives
/// in the representation `representation`, built from the property's value.
///
/// ```swift
/// @DatabaseFunction("epoch", as: Date.UnixTimeRepresentation.self)
/// var referenceDate: Date { Date(timeIntervalSinceReferenceDate: 0) }
/// ```
@attached(peer, names: prefixed(`$`), prefixed(__DatabaseFunction_))
public macro DatabaseFunction<Result: QueryBindable>(
  _ name: String? = nil, as representation: Result.Type, isDeterministic: Bool = false
) = #externalMacro(module: "TypedSQLMacros", type: "DatabaseFunctionMacro")
