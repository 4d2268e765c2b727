import TypedSQLCore

// Features only SQLite has. They render on SQLite; any other dialect throws
// `DialectError.unsupported` naming the feature.

/// How `INSERT OR …` resolves a conflict with a constraint.
public enum SQLiteConflictResolution: String, Sendable, Hashable {
  /// SQLite's resolutions, spelled as the raw value: `ABORT` (the default) undoes the statement,
  /// `FAIL` keeps the changes it made before the conflict, `IGNORE` skips the row, `REPLACE`
  /// deletes the rows it conflicts with first, and `ROLLBACK` rolls back the whole transaction.
  case abort = "ABORT", fail = "FAIL", ignore = "IGNORE", replace = "REPLACE", rollback = "ROLLBACK"
}

/// A collating sequence of SQLite's: its own `BINARY`, `NOCASE` (ASCII only) and `RTRIM`, or one
/// registered with the connection under another name (`Collation(rawValue: "localized")`).
public struct SQLiteCollation: RawRepresentable, Sendable, Hashable {
  /// The collation's name.
  public let rawValue: String

  /// The collation named `rawValue`: SQLite's own, or one registered with the connection.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// Compares bytes.
  public static let binary = Self(rawValue: "BINARY")
  /// Folds the case of ASCII letters.
  public static let nocase = Self(rawValue: "NOCASE")
  /// Ignores trailing spaces.
  public static let rtrim = Self(rawValue: "RTRIM")

  /// Whether this is one of SQLite's own, written as a keyword; any other name is quoted.
  var isBuiltIn: Bool { [Self.binary, .nocase, .rtrim].contains(self) }
}

/// StructuredQueries' name for a collating sequence: ``SQLiteCollation``.
public typealias Collation = SQLiteCollation

extension Table {
  /// `INSERT OR IGNORE|REPLACE|… INTO`: SQLite only. `.ignore` skips a row that breaks any
  /// constraint (not only uniqueness); `.replace` deletes the conflicting row first.
  public static func insert(
    or resolution: SQLiteConflictResolution, @InsertRowsBuilder<Self> _ rows: () -> [ColumnValues]
  ) -> Insert<Self, NoRow> {
    var statement = insert(rows)
    statement.insert.modifier = DialectExtensionNode(SQLiteInsertOr(resolution: resolution))
    return statement
  }
}

extension SQLQueryExpression where Value == String {
  /// `self GLOB pattern`: case-sensitive, with `*`, `?` and `[…]`. SQLite only.
  public func glob(_ pattern: String) -> SQLQueryExpression<Bool> {
    SQLQueryExpression<Bool>(node: .dialectExtension(DialectExtensionNode(SQLiteGlob(value: node, pattern: .binding(.text(pattern))))))
  }

  /// `self COLLATE collation`, for comparing and ordering: `$0.title.collate(.nocase) == "milk"`.
  /// SQLite only.
  public func collate(_ collation: SQLiteCollation) -> SQLQueryExpression<String> {
    SQLQueryExpression(node: .dialectExtension(DialectExtensionNode(SQLiteCollate(value: node, collation: collation))))
  }
}

extension SQLQueryExpression where Value == String? {
  /// `self GLOB pattern` of optional text: `NULL` where the text is. SQLite only.
  public func glob(_ pattern: String) -> SQLQueryExpression<Bool?> {
    SQLQueryExpression<Bool?>(node: SQLQueryExpression<String>(node: node).glob(pattern).node)
  }

  /// `self COLLATE collation` of optional text. SQLite only.
  public func collate(_ collation: SQLiteCollation) -> SQLQueryExpression<String?> {
    SQLQueryExpression<String?>(node: SQLQueryExpression<String>(node: node).collate(collation).node)
  }
}

extension TableDefinition {
  /// The row's `rowid`: the integer SQLite keeps for every row of a table (other than a
  /// `WITHOUT ROWID` one), the same as an `INTEGER PRIMARY KEY` column when the table has one.
  /// SQLite only.
  ///
  /// ```swift
  /// Reminder.where { $0.rowid > 10 }.select { ($0.rowid, $0.title) }
  /// // SELECT "reminders".rowid, "reminders"."title" FROM "reminders" WHERE ("reminders".rowid > ?1)
  /// ```
  public var rowid: SQLQueryExpression<Int> {
    SQLQueryExpression(node: .dialectExtension(DialectExtensionNode(SQLiteRowID(qualifier: qualifier))))
  }
}

extension NullableColumns where Columns: TableDefinition {
  /// The `rowid` of the row an outer join matched, `NULL` where it matched none. SQLite only.
  public var rowid: SQLQueryExpression<Int?> {
    SQLQueryExpression(node: columns.rowid.node)
  }
}

struct SQLiteRowID: DialectExtension {
  let qualifier: String
  var feature: String { "rowid" }

  func render(in dialect: some Dialect, into context: inout RenderContext) throws {
    let sqlite = try owning(SQLiteDialect.self, dialect)
    sqlite.appendIdentifier(qualifier, into: &context)
    context.append(".rowid")
  }
}

struct SQLiteInsertOr: DialectExtension {
  let resolution: SQLiteConflictResolution
  var feature: String { "INSERT OR \(resolution.rawValue)" }

  func render(in dialect: some Dialect, into context: inout RenderContext) throws {
    _ = try owning(SQLiteDialect.self, dialect)
    context.append("OR ")
    context.appendText(resolution.rawValue)
  }
}

struct SQLiteGlob: DialectExtension {
  let value: SQLExpression
  let pattern: SQLExpression
  var feature: String { "GLOB" }

  func render(in dialect: some Dialect, into context: inout RenderContext) throws {
    try owning(SQLiteDialect.self, dialect).renderInfix(value, "GLOB", pattern, into: &context)
  }
}

struct SQLiteCollate: DialectExtension {
  let value: SQLExpression
  let collation: SQLiteCollation
  var feature: String { "COLLATE \(collation.rawValue)" }

  func render(in dialect: some Dialect, into context: inout RenderContext) throws {
    let sqlite = try owning(SQLiteDialect.self, dialect)
    context.append("(")
    try sqlite.renderExpression(value, into: &context)
    context.append(" COLLATE ")
    if collation.isBuiltIn {
      context.appendText(collation.rawValue)
    } else {
      sqlite.appendIdentifier(collation.rawValue, into: &context)
    }
    context.append(")")
  }
}
