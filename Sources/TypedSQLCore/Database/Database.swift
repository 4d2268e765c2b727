/// A connection to a database that runs rendered statements: `SQLiteDatabase`,
/// `PostgresDatabase`, or any other driver.
///
/// Test bodies and app code written against `some Database` run unchanged on every driver:
///
/// ```swift
/// func openReminders(in db: some Database) throws -> [Reminder] {
///   try Reminder.where { !$0.isCompleted }.fetchAll(db)
/// }
/// ```
public protocol Database: Sendable {
  /// The dialect statements are rendered in for this database.
  associatedtype SQLDialect: Dialect

  /// The dialect statements are rendered in for this database, at its version.
  var dialect: SQLDialect { get }

  /// Runs raw SQL, possibly several statements: for schema and migrations. Nothing is bound.
  func execute(_ sql: String) throws

  /// Runs a rendered statement, ignoring any rows it returns.
  func execute(_ query: RenderedSQL) throws

  /// Runs a rendered statement and decodes every row.
  func fetchAll<Row: QueryRow>(_ query: RenderedSQL, as row: Row.Type) throws -> [Row.Output]

  /// Runs a rendered statement and decodes its first row, if any.
  func fetchOne<Row: QueryRow>(_ query: RenderedSQL, as row: Row.Type) throws -> Row.Output?

  /// A statement the database prepared once (see ``prepare(_:statement:)``). Drivers without a handle of
  /// their own keep the rendered statement and rely on their statement cache.
  associatedtype PreparedStatementHandle: Sendable = RenderedSQL

  /// Prepares a rendered statement whose arguments (``SQLExpression/argument(_:)``) are supplied
  /// at each run.
  func prepare(_ query: RenderedSQL) throws -> PreparedStatementHandle

  /// Runs a prepared statement with `arguments` (by argument index), ignoring any rows it
  /// returns.
  func execute(_ statement: PreparedStatementHandle, arguments: UnsafeBufferPointer<QueryBinding>) throws

  /// Runs a prepared insert of `rows`, binding their values as each row encodes them, with no
  /// list of values in between: ``PreparedInsert``'s fast path. Called holding the connection
  /// (``withConnection(_:)``).
  ///
  /// `statement` inserts `rows.count` rows in one statement; its arguments are each row's columns
  /// in order, row after row, except those left to their default: bit `i` of `shape` is set when
  /// column `i` is. Returns `false`, having run nothing, when a row leaves other columns to their
  /// default; the caller then binds the rows' values through ``execute(_:arguments:)``. The
  /// default implementation always returns `false`, for drivers without the fast path.
  func executeInsert<Rows: Collection>(
    _ statement: PreparedStatementHandle, shape: UInt64, rows: Rows
  ) throws -> Bool where Rows.Element: InsertRow

  /// Loads the leading rows of `rows` that leave exactly the columns of `shape` to their
  /// default through the database's own bulk-load path, such as PostgreSQL's
  /// `COPY … FROM STDIN`, and returns how many it loaded: ``PreparedInsert/execute(contentsOf:)``'s
  /// fast path on such a database. Returns `nil`, having run nothing, for a database without
  /// one, which the default implementation is. Called holding the connection, inside a
  /// transaction.
  func copyRows<Rows: Collection>(_ rows: Rows, shape: UInt64) throws -> Int? where Rows.Element: InsertRow

  /// Runs a prepared statement with `arguments` and decodes every row.
  func fetchAll<Row: QueryRow>(
    _ statement: PreparedStatementHandle, arguments: UnsafeBufferPointer<QueryBinding>, as row: Row.Type
  ) throws -> [Row.Output]

  /// Runs a prepared statement with `arguments` and decodes its first row, if any.
  func fetchOne<Row: QueryRow>(
    _ statement: PreparedStatementHandle, arguments: UnsafeBufferPointer<QueryBinding>, as row: Row.Type
  ) throws -> Row.Output?

  /// Runs `body` in a transaction: it commits when `body` returns and rolls back when it throws.
  /// A nested call runs in a savepoint, so an inner failure undoes only the inner work.
  func transaction<Result>(_ body: (Self) throws -> Result) throws -> Result

  /// Runs `body` holding the connection: no other thread runs a statement on it until `body`
  /// returns. Calls nest, and `body` may run statements on this database.
  ///
  /// State kept per connection, such as a ``PreparedInsert``'s statements, is guarded by it; a
  /// loop inside ``transaction(_:)``, which holds the connection already, then takes no second
  /// lock per row.
  func withConnection<Result>(_ body: () throws -> Result) rethrows -> Result

  /// The SQL of statements built at the call that this database rendered, kept so that the
  /// next statement of the same table, form and shape takes it rather than being rendered
  /// again (see ``RenderedStatementShapes``); `nil`, the default, renders every statement.
  var renderedStatementShapes: RenderedStatementShapes? { get }
}

extension Database {
  /// Binds nothing and returns `false`: the driver binds every row through
  /// ``execute(_:arguments:)``.
  public func executeInsert<Rows: Collection>(
    _ statement: PreparedStatementHandle, shape: UInt64, rows: Rows
  ) throws -> Bool where Rows.Element: InsertRow {
    false
  }

  /// None: every statement is rendered.
  public var renderedStatementShapes: RenderedStatementShapes? { nil }

  /// Loads nothing and returns `nil`: the database has no bulk-load path of its own.
  public func copyRows<Rows: Collection>(_ rows: Rows, shape: UInt64) throws -> Int? where Rows.Element: InsertRow {
    nil
  }
}

extension Database where PreparedStatementHandle == RenderedSQL {
  /// Keeps the rendered statement: each run supplies the arguments and goes through the
  /// driver's statement cache, so the statement is still prepared only once.
  public func prepare(_ query: RenderedSQL) throws -> RenderedSQL { query }

  /// Puts `arguments` in their placeholders' slots of the rendered statement and runs it,
  /// ignoring any rows it returns.
  public func execute(_ statement: RenderedSQL, arguments: UnsafeBufferPointer<QueryBinding>) throws {
    try execute(statement.supplying(arguments))
  }

  /// Puts `arguments` in their placeholders' slots of the rendered statement, runs it and decodes
  /// every row.
  public func fetchAll<Row: QueryRow>(
    _ statement: RenderedSQL, arguments: UnsafeBufferPointer<QueryBinding>, as row: Row.Type
  ) throws -> [Row.Output] {
    try fetchAll(statement.supplying(arguments), as: row)
  }

  /// Puts `arguments` in their placeholders' slots of the rendered statement, runs it and decodes
  /// its first row, if any.
  public func fetchOne<Row: QueryRow>(
    _ statement: RenderedSQL, arguments: UnsafeBufferPointer<QueryBinding>, as row: Row.Type
  ) throws -> Row.Output? {
    try fetchOne(statement.supplying(arguments), as: row)
  }
}
