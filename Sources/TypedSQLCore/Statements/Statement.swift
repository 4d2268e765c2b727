/// A complete statement built in Swift: it knows its tree and how its rows decode.
///
/// ```swift
/// let rendered = try Reminder.where { !$0.isCompleted }.render(in: .sqlite)
/// let rows: [Reminder] = try Reminder.where { !$0.isCompleted }.fetchAll(db)
/// ```
public protocol Statement: Sendable {
  /// How one result row decodes.
  associatedtype Row: QueryRow

  /// The statement's dialect-neutral tree.
  var statementNode: SQLStatement { get }

  /// Renders the statement for `dialect`: SQL text with placeholders, and the bound values.
  /// The default renders ``statementNode``; a statement can render its tree without wrapping it.
  func render(in dialect: some Dialect) throws -> RenderedSQL

  /// Whether the statement runs nothing and returns no row: an `INSERT` of no rows (a batch
  /// built from an empty array), an `UPDATE` that sets no column, or a statement that reads
  /// StructuredQueries' `none` (see ``SQLStatement/runsNothing``). Running it sends nothing to
  /// the database; rendering it throws, as there is no SQL for it.
  var runsNothing: Bool { get }

  /// Whether `dialect` cannot write the statement as one and it runs as several, in one
  /// transaction: an `INSERT` whose rows leave different columns to their defaults, where the
  /// dialect has no `DEFAULT` in `VALUES` (SQLite), or several rows of nothing but defaults.
  func runsAsSeveralStatements(in dialect: some Dialect) -> Bool

  /// The SQL `database` kept from an earlier statement of this one's table, form and shape, with
  /// this statement's values (see ``RenderedStatementShapes``), or `nil` to render the
  /// statement. The default is `nil`.
  func keptSQL(on database: some Database) throws -> RenderedSQL?
}

extension Statement {
  public func render(in dialect: some Dialect) throws -> RenderedSQL {
    try dialect.render(statementNode)
  }

  public var runsNothing: Bool { statementNode.runsNothing }

  public func runsAsSeveralStatements(in dialect: some Dialect) -> Bool { false }

  public func keptSQL(on database: some Database) throws -> RenderedSQL? { nil }

  /// The SQL `memo` kept for `statement` with `values`, or this statement rendered in `dialect`
  /// with its shape kept; `nil` when `dialect` may render a value by more than its kind (see
  /// ``RenderedStatementShapes``). What an implementation of ``keptSQL(on:)`` returns once it
  /// knows its values and form.
  @inlinable
  func keptSQL(
    _ values: ShapedValues, as statement: StatementShapeKey, in memo: RenderedStatementShapes, dialect: some Dialect
  ) throws -> RenderedSQL? {
    guard dialect.rendersValuesByKind else { return nil }
    return try memo.rendered(values, of: statement) { try render(in: dialect) }
  }

  /// Renders the statement with values written as literals, for reading only: the form
  /// documentation shows. Never execute it; ``render(in:)`` binds every value.
  public func renderForDisplay(in dialect: some Dialect) throws -> String {
    try dialect.renderForDisplay(statementNode)
  }

  /// Runs the statement, ignoring any rows it returns.
  @inlinable
  public func execute(_ database: some Database) throws {
    try run(on: database, combining: { _ in }) { db, query in try db.execute(query) }
  }

  /// Renders the statement for `database` (or takes the SQL it kept, see
  /// ``keptSQL(on:)``) and runs it with `body`; one that runs nothing is not run, and
  /// `combining` gets no results. A statement that binds more values than the
  /// database accepts, or that the dialect cannot write as one (see
  /// ``runsAsSeveralStatements(in:)``), and that can be split (a ``SplittableStatement``, such
  /// as a multi-row `INSERT`) runs as several statements in one transaction, all or nothing, and
  /// `combining` joins their results.
  ///
  /// Inlinable, with the fetches that call it, so that a fetch specializes in the module that
  /// declares its row type: run unspecialized, each call looked up the metadata of its row's
  /// `Optional` at every generic step.
  @inlinable
  func run<D: Database, Result>(
    on database: D, combining: ([Result]) -> Result, _ body: (D, RenderedSQL) throws -> Result
  ) throws -> Result {
    if runsNothing { return combining([]) }
    if let kept = try keptSQL(on: database) { return try body(database, kept) }
    switch try runnableSQL(in: database.dialect) {
    case .whole(let rendered):
      return try body(database, rendered)
    case .parts(let parts):
      return try database.transaction { db in combining(try parts.map { try body(db, $0) }) }
    }
  }

  /// The SQL the statement runs as in `dialect`: one statement, or several when the dialect
  /// cannot write it as one or it binds more values than the database accepts, and it can be
  /// split (a ``SplittableStatement``).
  @usableFromInline
  func runnableSQL(in dialect: some Dialect) throws -> StatementSQL {
    if runsAsSeveralStatements(in: dialect), let splittable = self as? any SplittableStatement {
      return .parts(try splittable.renderedParts(in: dialect))
    }
    do {
      return .whole(try render(in: dialect))
    } catch DialectError.tooManyBindings(let count, let limit, let dialectName) {
      guard let splittable = self as? any SplittableStatement else {
        throw DialectError.tooManyBindings(count: count, limit: limit, dialect: dialectName)
      }
      return .parts(try splittable.renderedParts(in: dialect))
    }
  }
}

/// The SQL a statement runs as: one statement, or several run in one transaction, all or
/// nothing.
@usableFromInline
enum StatementSQL {
  case whole(RenderedSQL)
  case parts([RenderedSQL])
}

// Fetching is declared once for rows of one decodable value and once for each kind of tuple
// (selected values, joined tables' rows), rather than once over `Row.Output`: Swift 6.3's type
// checker crashes applying a pack-expanded `Output` in a chained expression such as
// `Reminder.select { ($0.id, $0.title) }.fetchAll(db)`.

extension Statement where Row: QueryDecodable {
  /// Runs the statement and decodes every row it returns.
  @inlinable
  public func fetchAll(_ database: some Database) throws -> [Row] {
    try run(on: database, combining: { $0.flatMap { $0 } }) { db, query in try db.fetchAll(query, as: Row.self) }
  }

  /// Runs the statement and decodes its first row, if any.
  @inlinable
  public func fetchOne(_ database: some Database) throws -> Row? {
    try run(on: database, combining: { $0.lazy.compactMap { $0 }.first }) { db, query in
      try db.fetchOne(query, as: Row.self)
    }
  }
}

extension Statement {
  /// Runs the statement and decodes every row it returns as a tuple.
  @inlinable
  public func fetchAll<First: QueryRow, Second: QueryRow, each Rest: QueryRow>(
    _ database: some Database
  ) throws -> [(First.Output, Second.Output, repeat (each Rest).Output)]
  where Row == TupleRow<First, Second, repeat each Rest> {
    try run(on: database, combining: { $0.flatMap { $0 } }) { db, query in
      try db.fetchAll(query, as: TupleRow<First, Second, repeat each Rest>.self)
    }
  }

  /// Runs the statement and decodes its first row, if any, as a tuple.
  @inlinable
  public func fetchOne<First: QueryRow, Second: QueryRow, each Rest: QueryRow>(
    _ database: some Database
  ) throws -> (First.Output, Second.Output, repeat (each Rest).Output)?
  where Row == TupleRow<First, Second, repeat each Rest> {
    try run(on: database, combining: { $0.lazy.compactMap { $0 }.first }) { db, query in
      try db.fetchOne(query, as: TupleRow<First, Second, repeat each Rest>.self)
    }
  }

  /// Runs a statement of one selected value per row and decodes every row's value. (A pack of
  /// one would do, but Swift 6.3 cannot then type-check a comparison of the result with a
  /// literal: `… .select(\.color).fetchOne(db) == 0xed8935`.)
  @inlinable
  public func fetchAll<Value: QueryRow>(_ database: some Database) throws -> [Value.Output] where Row == PackRow<Value> {
    try run(on: database, combining: { $0.flatMap { $0 } }) { db, query in
      try db.fetchAll(query, as: PackRow<Value>.self)
    }
  }

  /// Runs a statement of one selected value per row and decodes its first row's value, if any.
  @inlinable
  public func fetchOne<Value: QueryRow>(_ database: some Database) throws -> Value.Output? where Row == PackRow<Value> {
    try run(on: database, combining: { $0.lazy.compactMap { $0 }.first }) { db, query in
      try db.fetchOne(query, as: PackRow<Value>.self)
    }
  }

  /// Runs a join and decodes every row it returns as a tuple of its tables' rows.
  @inlinable
  public func fetchAll<each Value: QueryRow>(
    _ database: some Database
  ) throws -> [(repeat (each Value).Output)] where Row == JoinedRow<repeat each Value> {
    try run(on: database, combining: { $0.flatMap { $0 } }) { db, query in
      try db.fetchAll(query, as: JoinedRow<repeat each Value>.self)
    }
  }

  /// Runs a join and decodes its first row, if any, as a tuple of its tables' rows.
  @inlinable
  public func fetchOne<each Value: QueryRow>(
    _ database: some Database
  ) throws -> (repeat (each Value).Output)? where Row == JoinedRow<repeat each Value> {
    try run(on: database, combining: { $0.lazy.compactMap { $0 }.first }) { db, query in
      try db.fetchOne(query, as: JoinedRow<repeat each Value>.self)
    }
  }
}

/// The row of a statement that returns none: an `INSERT`, `UPDATE` or `DELETE` without
/// `RETURNING`.
public enum NoRow: QueryRow {
  public static var columnCount: Int { 0 }
  public static func decodeRow(_ decoder: inout some QueryDecoder) throws {}
}

/// A statement that can run as several smaller statements with the same effect, when it binds
/// more values than the database accepts in one.
protocol SplittableStatement {
  /// The statement in parts, each one the dialect can write and within its binding limit; throws
  /// ``DialectError/tooManyBindings(count:limit:dialect:)`` when even one part cannot be.
  func renderedParts(in dialect: some Dialect) throws -> [RenderedSQL]
}
