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
}

extension Statement {
  public func render(in dialect: some Dialect) throws -> RenderedSQL {
    try dialect.render(statementNode)
  }

  /// Renders the statement with values written as literals, for reading only: the form
  /// documentation shows. Never execute it; ``render(in:)`` binds every value.
  public func renderForDisplay(in dialect: some Dialect) throws -> String {
    try dialect.renderForDisplay(statementNode)
  }

  /// Runs the statement, ignoring any rows it returns.
  public func execute(_ database: some Database) throws {
    try database.execute(render(in: database.dialect))
  }
}

// Fetching is declared twice, once for rows of one decodable value and once for tuples, rather
// than once over `Row.Output`: Swift 6.3's type checker crashes applying a pack-expanded
// `Output` in a chained expression such as `Reminder.select { ($0.id, $0.title) }.fetchAll(db)`.

extension Statement where Row: QueryDecodable {
  /// Runs the statement and decodes every row it returns.
  public func fetchAll(_ database: some Database) throws -> [Row] {
    try database.fetchAll(render(in: database.dialect), as: Row.self)
  }

  /// Runs the statement and decodes its first row, if any.
  public func fetchOne(_ database: some Database) throws -> Row? {
    try database.fetchOne(render(in: database.dialect), as: Row.self)
  }
}

extension Statement {
  /// Runs the statement and decodes every row it returns as a tuple.
  public func fetchAll<each Value: QueryRow>(
    _ database: some Database
  ) throws -> [(repeat (each Value).Output)] where Row == PackRow<repeat each Value> {
    try database.fetchAll(render(in: database.dialect), as: PackRow<repeat each Value>.self)
  }

  /// Runs the statement and decodes its first row, if any, as a tuple.
  public func fetchOne<each Value: QueryRow>(
    _ database: some Database
  ) throws -> (repeat (each Value).Output)? where Row == PackRow<repeat each Value> {
    try database.fetchOne(render(in: database.dialect), as: PackRow<repeat each Value>.self)
  }
}

/// The row of a statement that returns none: an `INSERT`, `UPDATE` or `DELETE` without
/// `RETURNING`.
public enum NoRow: QueryRow {
  public static var columnCount: Int { 0 }
  public static func decodeRow(_ decoder: inout some QueryDecoder) throws {}
}
